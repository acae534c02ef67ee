package dev.weir.source;

import dev.weir.clock.NanoClock;
import dev.weir.clock.SystemNanoClock;
import java.util.Objects;

/**
 * A fixed-rate source: record {@code n} is due at {@code start + n / recordsPerSecond} seconds
 * on a {@link NanoClock} (injectable, so tests can run on virtual time), bounded by a count or
 * unbounded. The rate is the total over all instances: instance {@code i} of {@code p} makes
 * the records {@code n} with {@code n % p == i}, each at its due time, measured from that
 * instance's first read. A read emits the records that are due, at most a batch: a source that
 * fell behind catches up in bounded batches, never dropping a record and never bursting more
 * than a batch between two watermark emissions. Immutable and thread-safe.
 *
 * @param <T> the record type
 */
public final class GeneratorSource<T> implements Source<T> {
    /** Records emitted per read at most, by default. */
    public static final int DEFAULT_BATCH_SIZE = 256;
    /** The highest rate supported, records per second. */
    public static final long MAX_RECORDS_PER_SECOND = 1_000_000_000L;

    private final long count;
    private final long recordsPerSecond;
    private final RecordGenerator<T> generator;
    private final NanoClock nanoClock;
    private final int batchSize;

    private GeneratorSource(final long count, final long recordsPerSecond, final RecordGenerator<T> generator, final NanoClock nanoClock,
            final int batchSize) {
        this.count = count;
        this.recordsPerSecond = recordsPerSecond;
        this.generator = generator;
        this.nanoClock = nanoClock;
        this.batchSize = batchSize;
    }

    /**
     * @param count records in total, over all instances; not negative
     * @param recordsPerSecond the total rate, 1..{@value #MAX_RECORDS_PER_SECOND}
     * @param generator makes each record
     * @param <T> the record type
     * @return a bounded generator: each instance ends after its share
     */
    public static <T> GeneratorSource<T> bounded(final long count, final long recordsPerSecond, final RecordGenerator<T> generator) {
        if (count < 0) {
            throw new IllegalArgumentException("count must not be negative: " + count);
        }
        return new GeneratorSource<>(count, requireRate(recordsPerSecond), Objects.requireNonNull(generator, "generator"),
                SystemNanoClock.INSTANCE, DEFAULT_BATCH_SIZE);
    }

    /**
     * @param recordsPerSecond the total rate, 1..{@value #MAX_RECORDS_PER_SECOND}
     * @param generator makes each record
     * @param <T> the record type
     * @return a generator that never ends
     */
    public static <T> GeneratorSource<T> unbounded(final long recordsPerSecond, final RecordGenerator<T> generator) {
        return new GeneratorSource<>(Long.MAX_VALUE, requireRate(recordsPerSecond), Objects.requireNonNull(generator, "generator"),
                SystemNanoClock.INSTANCE, DEFAULT_BATCH_SIZE);
    }

    private static long requireRate(final long recordsPerSecond) {
        if (recordsPerSecond < 1 || recordsPerSecond > MAX_RECORDS_PER_SECOND) {
            throw new IllegalArgumentException("recordsPerSecond must be 1.." + MAX_RECORDS_PER_SECOND + ": " + recordsPerSecond);
        }
        return recordsPerSecond;
    }

    /**
     * @param clock the time the schedule runs on (default {@link SystemNanoClock})
     * @return this source paced by the clock
     */
    public GeneratorSource<T> withNanoClock(final NanoClock clock) {
        return new GeneratorSource<>(count, recordsPerSecond, generator, Objects.requireNonNull(clock, "clock"), batchSize);
    }

    /**
     * @param records the most records one read emits; positive
     * @return this source with the batch size
     */
    public GeneratorSource<T> withBatchSize(final int records) {
        if (records < 1) {
            throw new IllegalArgumentException("batch size must be positive: " + records);
        }
        return new GeneratorSource<>(count, recordsPerSecond, generator, nanoClock, records);
    }

    @Override
    public SourceReader<T> createReader(final int instance, final int parallelism) {
        if (parallelism < 1 || instance < 0 || instance >= parallelism) {
            throw new IllegalArgumentException("instance " + instance + " of parallelism " + parallelism);
        }
        return new GeneratorReader<>(instance, parallelism, count, recordsPerSecond, generator, nanoClock, batchSize);
    }

    /** @return the records in total, or {@link Long#MAX_VALUE} when unbounded */
    public long count() {
        return count;
    }

    /** @return the total rate in records per second */
    public long recordsPerSecond() {
        return recordsPerSecond;
    }

    /** @return the maker of each record */
    public RecordGenerator<T> generator() {
        return generator;
    }

    /** @return the clock the schedule runs on */
    public NanoClock nanoClock() {
        return nanoClock;
    }

    /** @return the most records one read emits */
    public int batchSize() {
        return batchSize;
    }
}
