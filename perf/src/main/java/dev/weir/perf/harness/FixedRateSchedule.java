package dev.weir.perf.harness;

import dev.weir.clock.NanoClock;

/**
 * The intended send time of every record of a fixed-rate load, decided before the run:
 * record {@code i} is due at {@code start + i * 1e9 / rate}. Latency measured from the
 * intended time (not from when the generator got round to sending) counts every stall of
 * the system under test against the records it delayed, so the measurement does not suffer
 * from coordinated omission. Not thread-safe: owned by the generating thread.
 */
public final class FixedRateSchedule {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final NanoClock clock;
    private final long startNanos;
    private final long ratePerSecond;

    /**
     * @param clock the clock the schedule is kept on
     * @param startNanos when record 0 is due, on {@code clock}
     * @param ratePerSecond records per second, at least 1
     */
    public FixedRateSchedule(final NanoClock clock, final long startNanos, final long ratePerSecond) {
        if (ratePerSecond < 1) {
            throw new IllegalArgumentException("rate must be at least 1 per second: " + ratePerSecond);
        }
        this.clock = clock;
        this.startNanos = startNanos;
        this.ratePerSecond = ratePerSecond;
    }

    /**
     * @param index a record's index from 0
     * @return when that record is due, on the schedule's clock
     */
    public long intendedNanos(final long index) {
        return startNanos + index / ratePerSecond * NANOS_PER_SECOND + index % ratePerSecond * NANOS_PER_SECOND / ratePerSecond;
    }

    /**
     * Spins until the record is due (returns at once if it is overdue: the generator catches
     * up back to back, as the schedule demands).
     *
     * @param index a record's index from 0
     * @return when that record was due
     */
    public long awaitIntended(final long index) {
        final long intended = intendedNanos(index);
        while (clock.nanos() < intended) {
            Thread.onSpinWait();
        }
        return intended;
    }

    /** @return when record 0 is due */
    public long startNanos() {
        return startNanos;
    }

    /** @return records per second */
    public long ratePerSecond() {
        return ratePerSecond;
    }
}
