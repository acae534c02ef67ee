package dev.weir.perf.harness;

import dev.weir.perf.harness.ProbeEvents.Probe;
import java.util.List;

/** A test's benchmarked system whose sink never reports to its {@link Arrivals}: every run of it measures no latency. */
final class SilentPipeline implements BenchmarkedPipeline<Probe> {
    @Override
    public void start() {
        // nothing to start
    }

    @Override
    public void send(final Probe event) {
        // the event is taken and nothing reaches the sink
    }

    @Override
    public void finish() {
        // nothing to drain
    }

    @Override
    public List<Thread> threads() {
        return List.of();
    }
}
