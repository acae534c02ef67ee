package dev.weir.perf.bench;

import dev.weir.perf.harness.Arrivals;
import dev.weir.perf.harness.BenchmarkedPipeline;
import java.util.List;

/**
 * The ceiling of {@code pass-through}: each event "arrives" on the sending thread as it is sent, with no engine and
 * no hop; what is left is reading the clock and recording. Runs on the harness's thread only.
 */
final class PassThroughCeiling implements BenchmarkedPipeline<BenchEvent> {
    private final Arrivals arrivals;

    /** @param arrivals where results are reported */
    PassThroughCeiling(final Arrivals arrivals) {
        this.arrivals = arrivals;
    }

    @Override
    public void start() {
        // no threads to start
    }

    @Override
    public void send(final BenchEvent event) {
        arrivals.record(event.intendedNanos());
    }

    @Override
    public void finish() {
        // every result arrived in send
    }

    @Override
    public List<Thread> threads() {
        return List.of();
    }
}
