package dev.weir.perf.harness;

import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * One system's measurements at one rate: the latency histogram (nanoseconds), the throughput of the measured part,
 * the bytes allocated per measured event by the generating thread and by the pipeline's threads, the collections
 * during the measured parts, and the window results that could not be attributed to an event (see
 * {@link Arrivals#recordWindowResult}). The harness returns one per system and rate with all measured rounds
 * combined, each carrying its rounds' own results in {@link #runs()}.
 *
 * <p>A run in which no measured result reached the sink (flat out, a windowed pipeline can end before its first periodic
 * watermark, so every window result is fired by the end of the input) measured no latency: its histogram is empty and
 * {@link #measured()} is false, while its throughput, allocation and collections are measured as usual. Rounds
 * combine their histograms, so a combined result measured latency if any of its rounds did, and its percentiles are
 * those of the rounds that did; {@link #unmeasuredRuns()} says how many did not. Immutable once made by the harness.
 */
public final class SystemResult {
    private final String system;
    private final long rate;
    private final Histogram histogram;
    private final double eventsPerSecond;
    private final double generatorBytesPerEvent;
    private final double pipelineBytesPerEvent;
    private final long gcCount;
    private final long unattributed;
    private final List<SystemResult> runs;

    /**
     * @param system the system's name
     * @param rate the rate it was driven at, or {@link BenchmarkPlan#FLAT_OUT}
     * @param histogram its latencies in nanoseconds (kept, not copied)
     * @param eventsPerSecond measured events per second of measured time
     * @param generatorBytesPerEvent bytes the generating thread allocated per measured event
     * @param pipelineBytesPerEvent bytes the pipeline's own threads allocated per measured event
     * @param gcCount collections during the measured parts
     * @param unattributed window results counted but not measured, all runs together
     * @param runs the result of each run combined in this one, in the order they ran; empty for a single run
     */
    public SystemResult(final String system, final long rate, final Histogram histogram, final double eventsPerSecond,
            final double generatorBytesPerEvent, final double pipelineBytesPerEvent, final long gcCount, final long unattributed,
            final List<SystemResult> runs) {
        this.system = system;
        this.rate = rate;
        this.histogram = histogram;
        this.eventsPerSecond = eventsPerSecond;
        this.generatorBytesPerEvent = generatorBytesPerEvent;
        this.pipelineBytesPerEvent = pipelineBytesPerEvent;
        this.gcCount = gcCount;
        this.unattributed = unattributed;
        this.runs = List.copyOf(runs);
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
        return generatorBytesPerEvent + pipelineBytesPerEvent;
    }

    /** @return bytes the generating thread allocated per measured event (where a single-thread system does all its work) */
    public double generatorBytesPerEvent() {
        return generatorBytesPerEvent;
    }

    /** @return bytes the pipeline's own threads ({@link BenchmarkedPipeline#threads()}) allocated per measured event */
    public double pipelineBytesPerEvent() {
        return pipelineBytesPerEvent;
    }

    /** @return collections during the measured parts */
    public long gcCount() {
        return gcCount;
    }

    /** @return window results counted but not measured (fired by the end of the input, or lost track of) */
    public long unattributed() {
        return unattributed;
    }

    /**
     * @return true if any latency was recorded; false if the histogram is empty, so its percentiles are no figures
     */
    public boolean measured() {
        return histogram.getTotalCount() > 0;
    }

    /** @return how many of {@link #runs()} measured no latency; 0 for the result of one run */
    public int unmeasuredRuns() {
        int unmeasured = 0;
        for (final SystemResult run : runs) {
            if (!run.measured()) {
                unmeasured++;
            }
        }
        return unmeasured;
    }

    /** @return the measured runs combined in this result, one per round, in order; empty for the result of one run */
    public List<SystemResult> runs() {
        return runs;
    }
}
