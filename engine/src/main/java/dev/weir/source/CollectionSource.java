package dev.weir.source;

import java.util.List;
import java.util.Objects;

/**
 * A bounded source over a list. The list is split into contiguous ranges, one per instance:
 * instance {@code i} of {@code p} reads elements {@code [i*n/p, (i+1)*n/p)} in list order, so
 * the order within each instance is the list's order and the ranges differ in size by at most
 * one. Elements carry no timestamp: the watermark strategy's assigner gives one. Immutable and
 * thread-safe; the elements must not be mutated while a pipeline reads them.
 *
 * @param <T> the record type
 */
public final class CollectionSource<T> implements Source<T> {
    /** Elements emitted per read by default. */
    public static final int DEFAULT_BATCH_SIZE = 256;

    private final List<T> elements;
    private final int batchSize;

    private CollectionSource(final List<T> elements, final int batchSize) {
        this.elements = elements;
        this.batchSize = batchSize;
    }

    /**
     * @param elements the records, copied; no nulls
     * @param <T> the record type
     * @return a source over them
     */
    public static <T> CollectionSource<T> of(final List<? extends T> elements) {
        return new CollectionSource<>(List.copyOf(Objects.requireNonNull(elements, "elements")), DEFAULT_BATCH_SIZE);
    }

    /**
     * @param records the most records one read emits; positive
     * @return this source with the batch size
     */
    public CollectionSource<T> withBatchSize(final int records) {
        if (records < 1) {
            throw new IllegalArgumentException("batch size must be positive: " + records);
        }
        return new CollectionSource<>(elements, records);
    }

    @Override
    public SourceReader<T> createReader(final int instance, final int parallelism) {
        if (parallelism < 1 || instance < 0 || instance >= parallelism) {
            throw new IllegalArgumentException("instance " + instance + " of parallelism " + parallelism);
        }
        final int size = elements.size();
        final int from = (int) ((long) instance * size / parallelism);
        final int to = (int) ((long) (instance + 1) * size / parallelism);
        return new CollectionReader<>(elements, from, to, batchSize);
    }

    /** @return the number of elements */
    public int size() {
        return elements.size();
    }
}
