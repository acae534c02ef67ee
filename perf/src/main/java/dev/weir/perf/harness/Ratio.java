package dev.weir.perf.harness;

/**
 * One system against another at the same rate: the ratio of their throughputs and of their 99th-percentile
 * latencies. A throughput ratio above 1 means the system took more events per second; a latency ratio below 1 means
 * its p99 was lower. A ratio whose divisor is 0 is NaN, and so is the latency ratio when either system measured no
 * latency ({@link SystemResult#measured()}); the throughput ratio stands, as throughput is measured either way. Immutable.
 */
public final class Ratio {
    private static final double P99 = 99;

    private final String system;
    private final String against;
    private final long rate;
    private final double throughput;
    private final double p99Latency;

    private Ratio(final String system, final String against, final long rate, final double throughput, final double p99Latency) {
        this.system = system;
        this.against = against;
        this.rate = rate;
        this.throughput = throughput;
        this.p99Latency = p99Latency;
    }

    /**
     * @param system a system's result
     * @param against another system's result at the same rate
     * @return {@code system / against}
     * @throws IllegalArgumentException if the rates differ
     */
    public static Ratio of(final SystemResult system, final SystemResult against) {
        if (system.rate() != against.rate()) {
            throw new IllegalArgumentException("a ratio compares one rate: " + system.system() + " at " + BenchmarkPlan.label(system.rate())
                    + ", " + against.system() + " at " + BenchmarkPlan.label(against.rate()));
        }
        return new Ratio(system.system(), against.system(), system.rate(), divide(system.eventsPerSecond(), against.eventsPerSecond()),
                system.measured() && against.measured()
                        ? divide(system.histogram().getValueAtPercentile(P99), against.histogram().getValueAtPercentile(P99)) : Double.NaN);
    }

    private static double divide(final double dividend, final double divisor) {
        return divisor == 0 ? Double.NaN : dividend / divisor;
    }

    /** @return the system divided */
    public String system() {
        return system;
    }

    /** @return the system it is divided by */
    public String against() {
        return against;
    }

    /** @return the rate both ran at, or {@link BenchmarkPlan#FLAT_OUT} */
    public long rate() {
        return rate;
    }

    /** @return events per second of {@link #system()} divided by those of {@link #against()} */
    public double throughput() {
        return throughput;
    }

    /** @return the p99 latency of {@link #system()} divided by that of {@link #against()} */
    public double p99Latency() {
        return p99Latency;
    }
}
