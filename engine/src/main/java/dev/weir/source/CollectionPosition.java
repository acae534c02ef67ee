package dev.weir.source;

/**
 * A range of a {@link CollectionSource}'s list that a reader consumed before a checkpoint.
 *
 * @param from the index of the range's first element
 * @param to the index after its last element
 */
record CollectionPosition(int from, int to) {
}
