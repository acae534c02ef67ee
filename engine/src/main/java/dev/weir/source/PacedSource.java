package dev.weir.source;

import dev.weir.clock.NanoClock;
import java.io.IOException;
import java.util.List;
import java.util.Objects;

/**
 * Reads another source no faster than a given number of records a second per instance: a
 * replay at a chosen rate. Each read of the wrapped reader (a bounded batch) is allowed only
 * once the records emitted so far fit the rate since the first read; until then the instance
 * reports {@link ReadStatus#NOTHING_AVAILABLE} and idles. Splits, pausing, positions for
 * checkpoints and closing pass through. Immutable and thread-safe.
 *
 * @param <T> the record type
 */
public final class PacedSource<T> implements Source<T> {
    private final Source<T> source;
    private final long recordsPerSecond;
    private final NanoClock clock;

    private PacedSource(final Source<T> source, final long recordsPerSecond, final NanoClock clock) {
        this.source = source;
        this.recordsPerSecond = recordsPerSecond;
        this.clock = clock;
    }

    /**
     * @param source the source to pace
     * @param recordsPerSecond the most records each instance emits a second; positive
     * @param clock measures elapsed time
     * @param <T> the record type
     * @return the paced source
     */
    public static <T> PacedSource<T> of(final Source<T> source, final long recordsPerSecond, final NanoClock clock) {
        if (recordsPerSecond < 1) {
            throw new IllegalArgumentException("records per second must be positive: " + recordsPerSecond);
        }
        return new PacedSource<>(Objects.requireNonNull(source, "source"), recordsPerSecond, Objects.requireNonNull(clock, "clock"));
    }

    @Override
    public SourceReader<T> createReader(final int instance, final int parallelism) {
        return new PacedReader<>(source.createReader(instance, parallelism), recordsPerSecond, clock);
    }

    /** One paced instance: counts what the wrapped reader emits through a counting output. */
    private static final class PacedReader<T> implements SourceReader<T> {
        private final SourceReader<T> reader;
        private final double nanosPerRecord;
        private final NanoClock clock;
        private final CountingOutput<T> counting = new CountingOutput<>();
        private long startNanos = Long.MIN_VALUE;

        PacedReader(final SourceReader<T> reader, final long recordsPerSecond, final NanoClock clock) {
            this.reader = reader;
            this.nanosPerRecord = 1e9 / recordsPerSecond;
            this.clock = clock;
        }

        @Override
        public ReadStatus read(final SourceOutput<T> output) throws Exception {
            final long now = clock.nanos();
            if (startNanos == Long.MIN_VALUE) {
                startNanos = now;
            }
            if (counting.emitted * nanosPerRecord > now - startNanos) {
                return ReadStatus.NOTHING_AVAILABLE;
            }
            return reader.read(counting.wrap(output));
        }

        @Override
        public boolean canPauseSplits() {
            return reader.canPauseSplits();
        }

        @Override
        public void pauseSplit(final int splitIndex) {
            reader.pauseSplit(splitIndex);
        }

        @Override
        public void resumeSplit(final int splitIndex) {
            reader.resumeSplit(splitIndex);
        }

        @Override
        public List<?> snapshotPositions() {
            return reader.snapshotPositions();
        }

        @Override
        public void restorePositions(final List<?> positions) {
            reader.restorePositions(positions);
        }

        @Override
        public void close() throws IOException {
            reader.close();
        }
    }

    /** Passes records on and counts them, for the reader and each of its splits. */
    private static final class CountingOutput<T> implements SourceOutput<T> {
        private SourceOutput<T> output;
        private CountingSplitOutput<T>[] splits = newSplits(4);
        long emitted;

        CountingOutput<T> wrap(final SourceOutput<T> target) {
            this.output = target;
            return this;
        }

        @Override
        public void emit(final T value) {
            emitted++;
            output.emit(value);
        }

        @Override
        public void emit(final T value, final long timestamp) {
            emitted++;
            output.emit(value, timestamp);
        }

        @Override
        public SplitOutput<T> split(final int splitIndex) {
            if (splitIndex >= splits.length) {
                final CountingSplitOutput<T>[] grown = newSplits(Math.max(splitIndex + 1, splits.length * 2));
                System.arraycopy(splits, 0, grown, 0, splits.length);
                splits = grown;
            }
            if (splits[splitIndex] == null) {
                splits[splitIndex] = new CountingSplitOutput<>(this, output.split(splitIndex));
            }
            return splits[splitIndex];
        }

        @SuppressWarnings("unchecked")
        private static <T> CountingSplitOutput<T>[] newSplits(final int length) {
            return new CountingSplitOutput[length];
        }
    }

    /** One split's output, counted into its reader's total. */
    private static final class CountingSplitOutput<T> implements SplitOutput<T> {
        private final CountingOutput<T> reader;
        private final SplitOutput<T> split;

        CountingSplitOutput(final CountingOutput<T> reader, final SplitOutput<T> split) {
            this.reader = reader;
            this.split = split;
        }

        @Override
        public void emit(final T value) {
            reader.emitted++;
            split.emit(value);
        }

        @Override
        public void emit(final T value, final long timestamp) {
            reader.emitted++;
            split.emit(value, timestamp);
        }

        @Override
        public void end() {
            split.end();
        }

        @Override
        public int splitIndex() {
            return split.splitIndex();
        }
    }
}
