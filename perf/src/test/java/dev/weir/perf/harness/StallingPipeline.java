package dev.weir.perf.harness;

import dev.weir.perf.harness.ProbeEvents.Probe;
import java.util.List;
import java.util.function.LongUnaryOperator;

/**
 * A synchronous pipeline for tests on a {@link SteppingClock}: each event stalls the clock by its service time, then
 * reaches the sink, which reports it to {@link Arrivals}. Runs on the harness's thread.
 */
final class StallingPipeline implements BenchmarkedPipeline<Probe> {
    private final SteppingClock clock;
    private final Arrivals arrivals;
    private final LongUnaryOperator stallNanos;

    /**
     * @param clock the clock to stall
     * @param arrivals where the sink reports
     * @param stallNanos each event's service time in nanoseconds, by its index
     */
    StallingPipeline(final SteppingClock clock, final Arrivals arrivals, final LongUnaryOperator stallNanos) {
        this.clock = clock;
        this.arrivals = arrivals;
        this.stallNanos = stallNanos;
    }

    @Override
    public void start() {
    }

    @Override
    public void send(final Probe event) {
        clock.advance(stallNanos.applyAsLong(event.index));
        arrivals.record(event.intendedNanos);
    }

    @Override
    public void finish() {
    }

    @Override
    public List<Thread> threads() {
        return List.of();
    }
}
