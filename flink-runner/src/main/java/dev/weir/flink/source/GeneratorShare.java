package dev.weir.flink.source;

import dev.weir.source.RecordGenerator;
import org.apache.flink.api.connector.source.SourceOutput;

/**
 * A {@link GeneratorSplit} being emitted by a {@link GeneratorSplitReader}: Weir's fixed-rate
 * schedule for one share, record {@code n} due at {@code start + n / rate} seconds, the start
 * taken at the share's first read so that its first record is due then (after a restore, its
 * first remaining record), as Weir's generator instance does. Not thread-safe: the reader's task
 * thread.
 *
 * @param <T> the record type
 */
final class GeneratorShare<T> implements ReaderSplit<T> {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final GeneratorSplit split;
    private final long count;
    private final long recordsPerSecond;
    private long next;
    private long startNanos;
    private boolean started;
    private SourceOutput<T> output;
    private boolean paused;

    GeneratorShare(final GeneratorSplit split, final long count, final long recordsPerSecond) {
        this.split = split;
        this.count = count;
        this.recordsPerSecond = recordsPerSecond;
        this.next = split.next();
    }

    @Override
    public String splitId() {
        return split.splitId();
    }

    @Override
    public SourceOutput<T> output() {
        return output;
    }

    @Override
    public void output(final SourceOutput<T> shareOutput) {
        this.output = shareOutput;
    }

    @Override
    public boolean paused() {
        return paused;
    }

    @Override
    public void paused(final boolean isPaused) {
        this.paused = isPaused;
    }

    /** @return true once every record of the share was emitted */
    @Override
    public boolean finished() {
        return next >= count;
    }

    /**
     * Emits the records due at {@code now}, at most {@code batchSize}.
     *
     * @param now the schedule's clock, nanoseconds
     * @param batchSize the most records to emit
     * @param generator makes each record
     */
    void emitDue(final long now, final int batchSize, final RecordGenerator<T> generator) {
        if (!started) {
            started = true;
            startNanos = now - (dueNanos(next) - dueNanos(split.index()));
        }
        for (int emitted = 0; emitted < batchSize && next < count; emitted++) {
            final long due = dueNanos(next);
            if (due - now > 0) {
                return;
            }
            output.collect(generator.generate(next, due));
            next += split.shares();
            if (next < 0) {
                next = Long.MAX_VALUE; // an unbounded sequence ran past Long.MAX_VALUE
            }
        }
    }

    /**
     * @param now the schedule's clock, nanoseconds
     * @return nanoseconds until the next record is due (not positive: due now, as before the first read); the share
     *     has not finished
     */
    long nanosUntilNext(final long now) {
        return started ? dueNanos(next) - now : 0;
    }

    /** @return the share at its next record, for a checkpoint */
    GeneratorSplit position() {
        return new GeneratorSplit(split.index(), split.shares(), next);
    }

    /** When record {@code sequence} is due: exact, without accumulated drift, as Weir's schedule. */
    private long dueNanos(final long sequence) {
        final long seconds = sequence / recordsPerSecond;
        final long remainder = sequence % recordsPerSecond;
        return startNanos + seconds * NANOS_PER_SECOND + remainder * NANOS_PER_SECOND / recordsPerSecond;
    }
}
