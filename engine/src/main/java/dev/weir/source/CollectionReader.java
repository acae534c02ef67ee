package dev.weir.source;

import java.util.List;

/**
 * Reads one contiguous range of a {@link CollectionSource}'s list, a batch at a time, and ends
 * with the range. Not thread-safe: the source task's thread.
 *
 * @param <T> the record type
 */
final class CollectionReader<T> implements SourceReader<T> {
    private final List<T> elements;
    private final int to;
    private final int batchSize;
    private int next;

    CollectionReader(final List<T> elements, final int from, final int to, final int batchSize) {
        this.elements = elements;
        this.next = from;
        this.to = to;
        this.batchSize = batchSize;
    }

    @Override
    public ReadStatus read(final SourceOutput<T> output) {
        final int end = (int) Math.min(to, (long) next + batchSize);
        while (next < end) {
            output.emit(elements.get(next++));
        }
        return next == to ? ReadStatus.END : ReadStatus.MORE;
    }

    /** @return the index in the list of the next element to read */
    int position() {
        return next;
    }
}
