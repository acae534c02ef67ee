package dev.weir.source;

import dev.weir.time.NanoClock;

/**
 * One instance of a {@link GeneratorSource}: emits its share of the sequence, each record at its
 * due time on the fixed-rate schedule, at most a batch per read. Not thread-safe: the source
 * task's thread.
 *
 * @param <T> the record type
 */
final class GeneratorReader<T> implements SourceReader<T> {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final int parallelism;
    private final long count;
    private final long recordsPerSecond;
    private final RecordGenerator<T> generator;
    private final NanoClock nanoClock;
    private final int batchSize;
    private long next;
    private long startNanos;
    private boolean started;

    GeneratorReader(final int instance, final int parallelism, final long count, final long recordsPerSecond,
            final RecordGenerator<T> generator, final NanoClock nanoClock, final int batchSize) {
        this.parallelism = parallelism;
        this.count = count;
        this.recordsPerSecond = recordsPerSecond;
        this.generator = generator;
        this.nanoClock = nanoClock;
        this.batchSize = batchSize;
        this.next = instance;
    }

    @Override
    public ReadStatus read(final SourceOutput<T> output) {
        if (next >= count) {
            return ReadStatus.END;
        }
        final long now = nanoClock.nanos();
        if (!started) {
            started = true;
            startNanos = now;
        }
        int emitted = 0;
        while (emitted < batchSize && next < count) {
            final long due = dueNanos(next);
            if (due - now > 0) {
                return ReadStatus.NOTHING_AVAILABLE;
            }
            output.emit(generator.generate(next, due));
            emitted++;
            next += parallelism;
            if (next < 0) {
                next = Long.MAX_VALUE; // an unbounded sequence ran past Long.MAX_VALUE
            }
        }
        if (next >= count) {
            return ReadStatus.END;
        }
        return dueNanos(next) - now > 0 ? ReadStatus.NOTHING_AVAILABLE : ReadStatus.MORE;
    }

    /** @return when record {@code sequence} is due: exact, without accumulated drift (no overflow within 292 years) */
    private long dueNanos(final long sequence) {
        final long seconds = sequence / recordsPerSecond;
        final long remainder = sequence % recordsPerSecond;
        return startNanos + seconds * NANOS_PER_SECOND + remainder * NANOS_PER_SECOND / recordsPerSecond;
    }

    /** @return the sequence number of the next record this instance emits */
    long nextSequence() {
        return next;
    }
}
