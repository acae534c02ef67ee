package dev.weir.perf.harness;

import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * One system's measurements at one rate: the latency histogram (nanoseconds), the throughput of the measured part,
 * the bytes allocated per measured event by the generating thread and by the pipeline's threads, the collections
 * during the measured parts, and the window results that could not be attributed to an event (see
 * {@link Arrivals#recordWindowResult}). The harness returns one per system and rate with all measured rounds
 * combined, each carrying its rounds' own results in {@link #runs()}. Immutable once made by the harness.
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

    /** @return the measured runs combined in this result, one per round, in order; empty for the result of one run */
    public List<SystemResult> runs() {
        return runs;
    }
}
