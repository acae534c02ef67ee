package dev.weir.source;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads one contiguous range of a {@link CollectionSource}'s list, a batch at a time, and ends
 * with the range. After a restore it passes over the elements that the checkpoint says were
 * read (by any instance, whatever the parallelism was). Not thread-safe: the source task's thread.
 *
 * @param <T> the record type
 */
final class CollectionReader<T> implements SourceReader<T> {
    private final List<T> elements;
    private final int from;
    private final int to;
    private final int batchSize;
    private final List<CollectionPosition> consumed = new ArrayList<>();
    private int next;

    CollectionReader(final List<T> elements, final int from, final int to, final int batchSize) {
        this.elements = elements;
        this.from = from;
        this.next = from;
        this.to = to;
        this.batchSize = batchSize;
    }

    @Override
    public ReadStatus read(final SourceOutput<T> output) {
        int emitted = 0;
        while (emitted < batchSize && skipConsumed() < to) {
            output.emit(elements.get(next++));
            emitted++;
        }
        return skipConsumed() == to ? ReadStatus.END : ReadStatus.MORE;
    }

    private int skipConsumed() {
        for (int i = 0; i < consumed.size() && next < to; i++) {
            final CollectionPosition range = consumed.get(i);
            if (next >= range.from() && next < range.to()) {
                next = Math.min(to, range.to());
                i = -1;
            }
        }
        return next;
    }

    /** @return the range read, and the ranges a restored checkpoint said were read beyond it */
    @Override
    public List<CollectionPosition> snapshotPositions() {
        final List<CollectionPosition> positions = new ArrayList<>();
        positions.add(new CollectionPosition(from, next));
        consumed.stream().filter(range -> range.to() > next).forEach(positions::add);
        return positions;
    }

    @Override
    public void restorePositions(final List<?> positions) {
        for (final CollectionPosition range : RecordedPositions.of(positions, CollectionPosition.class)) {
            if (range.to() > from && range.from() < to && range.from() < range.to()) {
                consumed.add(range);
            }
        }
    }

    /** @return the index in the list of the next element to read */
    int position() {
        return next;
    }
}
