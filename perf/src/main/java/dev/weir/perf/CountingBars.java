package dev.weir.perf;

/**
 * The output of a benchmarked {@link ReplayBaseline} run: counts the bars and, on each one, samples the thread's
 * allocation against the messages decoded so far ({@link SteadyAllocation}). Not thread-safe.
 */
final class CountingBars implements BarSink {
    private final SteadyAllocation allocation;
    private ReplayBaseline baseline;
    private long bars;

    /** @param allocation samples the allocation against messages decoded; its total is the capture's messages */
    CountingBars(final SteadyAllocation allocation) {
        this.allocation = allocation;
    }

    /** @param run the baseline whose bars come here */
    void follow(final ReplayBaseline run) {
        this.baseline = run;
    }

    @Override
    public void bar(final long symbol, final long windowStartMillis, final long open, final long high, final long low, final long close,
            final long volume, final long trades) {
        bars++;
        if (baseline != null) {
            allocation.sample(baseline.messages());
        }
    }

    /** @return bars received */
    long bars() {
        return bars;
    }
}
