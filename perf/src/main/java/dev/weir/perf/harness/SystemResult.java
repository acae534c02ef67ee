package dev.weir.perf.harness;

import org.HdrHistogram.Histogram;

/**
 * One system's measurements at one rate, all rounds combined: the latency histogram (nanoseconds), the throughput
 * of the measured part, bytes allocated per measured event by the generating thread and the pipeline's threads
 * together, the collections during the measured parts, and the window results that could not be attributed to an
 * event (see {@link Arrivals#recordWindowResult}). Immutable once made by the harness.
 */
public final class SystemResult {
    private final String system;
    private final long rate;
    private final Histogram histogram;
    private final double eventsPerSecond;
    private final double bytesPerEvent;
    private final long gcCount;
    private final long unattributed;

    /**
     * @param system the system's name
     * @param rate the rate it was driven at, or {@link BenchmarkPlan#FLAT_OUT}
     * @param histogram its latencies in nanoseconds (kept, not copied)
     * @param eventsPerSecond measured events per second of measured time
     * @param bytesPerEvent bytes allocated per measured event
     * @param gcCount collections during the measured parts
     * @param unattributed window results counted but not measured, all runs together
     */
    public SystemResult(final String system, final long rate, final Histogram histogram, final double eventsPerSecond,
            final double bytesPerEvent, final long gcCount, final long unattributed) {
        this.system = system;
        this.rate = rate;
        this.histogram = histogram;
        this.eventsPerSecond = eventsPerSecond;
        this.bytesPerEvent = bytesPerEvent;
        this.gcCount = gcCount;
        this.unattributed = unattributed;
    }

    /** @return the system's name */
    public String system() {
        return system;
    }

    /** @return the rate, or {@link BenchmarkPlan#FLAT_OUT} */
    public long rate() {
        return rate;
    }

    /** @return the latencies in nanoseconds; do not modify */
    public Histogram histogram() {
        return histogram;
    }

    /** @return measured events per second */
    public double eventsPerSecond() {
        return eventsPerSecond;
    }

    /** @return bytes allocated per measured event, generating and pipeline threads together */
    public double bytesPerEvent() {
        return bytesPerEvent;
    }

    /** @return collections during the measured parts */
    public long gcCount() {
        return gcCount;
    }

    /** @return window results counted but not measured (fired by the end of the input, or lost track of) */
    public long unattributed() {
        return unattributed;
    }
}
