package dev.weir.source;

import dev.weir.clock.NanoClock;
import java.util.ArrayList;
import java.util.List;

/**
 * One instance of a {@link GeneratorSource}: emits its share of the sequence, each record at its
 * due time on the fixed-rate schedule, at most a batch per read. After a restore it passes over
 * the sequence numbers the checkpoint says were emitted (by any instance, whatever the
 * parallelism was) and its schedule starts at its first record. Not thread-safe: the source
 * task's thread.
 *
 * @param <T> the record type
 */
final class GeneratorReader<T> implements SourceReader<T> {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final int instance;
    private final int parallelism;
    private final List<GeneratorPosition> consumed = new ArrayList<>();
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
        this.instance = instance;
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
            skipConsumed();
            startNanos = now - (dueNanos(next) - dueNanos(instance));
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
            skipConsumed();
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

    private void skipConsumed() {
        for (int i = 0; i < consumed.size() && next < count; i++) {
            if (consumed.get(i).covers(next)) {
                next += parallelism;
                i = -1;
            }
        }
    }

    @Override
    public List<GeneratorPosition> snapshotPositions() {
        final List<GeneratorPosition> positions = new ArrayList<>();
        positions.add(new GeneratorPosition(parallelism, instance, next));
        for (final GeneratorPosition inherited : consumed) {
            if (inherited.below() > next) {
                positions.add(inherited);
            }
        }
        return positions;
    }

    @Override
    public void restorePositions(final List<?> positions) {
        consumed.addAll(RecordedPositions.of(positions, GeneratorPosition.class));
    }

    /** @return the sequence number of the next record this instance emits */
    long nextSequence() {
        return next;
    }
}
