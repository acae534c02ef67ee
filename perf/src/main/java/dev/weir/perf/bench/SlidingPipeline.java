package dev.weir.perf.bench;

import dev.weir.api.DataStream;
import dev.weir.perf.harness.Arrivals;
import dev.weir.perf.harness.PipelineFactory;
import dev.weir.window.SlidingEventTimeWindows;

/**
 * {@code sliding}: keyBy, 10 s event-time windows sliding by 1 s, count and sum of the values per key and window,
 * then the sink; each event falls into 10 windows, and every second of event time fires each key's window that ends
 * then. The input is {@code tumbling}'s ({@link BenchEvents}: 10,000 keys round robin, event time advancing at
 * {@link BenchSettings#eventsPerSecondOfEventTime()}), so the two compare the cost of ten windows per event against
 * one. The latency of a window result runs from the intended send time of the event whose watermark fired it.
 * Stateless and thread-safe.
 */
public final class SlidingPipeline extends BenchEventPipeline {
    /** The pipeline's name on the command line. */
    public static final String NAME = "sliding";

    /** The window size in milliseconds of event time. */
    public static final long SIZE_MILLIS = 10_000;

    /** How far apart windows start, in milliseconds of event time. */
    public static final long SLIDE_MILLIS = 1_000;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "keyBy, 10 s windows sliding by 1 s, count and sum per key and window; latency per window result";
    }

    @Override
    public boolean windowed() {
        return true;
    }

    /**
     * The pipeline's operators without the sink: what {@link #applyTo} reports and what the tests compare with the
     * ceiling.
     *
     * @param source the source stream, timestamped and watermarked
     * @param settings the keyed stage's parallelism
     * @return one result per key and fired window
     */
    public DataStream<WindowCountSum> results(final DataStream<BenchEvent> source, final BenchSettings settings) {
        return CountSumWindows.of(source, settings, SlidingEventTimeWindows.<BenchEvent>of(SIZE_MILLIS, SLIDE_MILLIS));
    }

    @Override
    public void applyTo(final DataStream<BenchEvent> source, final BenchSettings settings, final Arrivals arrivals) {
        results(source, settings).sink(new WindowResultSink<>(arrivals, settings.parallelism()));
    }

    @Override
    public PipelineFactory<BenchEvent> ceiling(final BenchSettings settings) {
        return arrivals -> new SlidingCeiling(arrivals, settings.keys(), CountSumResults.NONE);
    }
}
