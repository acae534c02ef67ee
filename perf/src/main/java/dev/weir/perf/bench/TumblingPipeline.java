package dev.weir.perf.bench;

import dev.weir.api.DataStream;
import dev.weir.perf.harness.Arrivals;
import dev.weir.perf.harness.PipelineFactory;
import dev.weir.state.CountSumAggregate;
import dev.weir.window.TumblingEventTimeWindows;

/**
 * {@code tumbling}: keyBy, 1 s tumbling event-time windows, count and sum of the values per key and window (10,000
 * keys by default), then the sink; the latency of a window result runs from the intended send time of the event whose
 * watermark fired it. Stateless and thread-safe.
 */
public final class TumblingPipeline extends BenchEventPipeline {
    /** The pipeline's name on the command line. */
    public static final String NAME = "tumbling";

    /** The window size in milliseconds of event time. */
    public static final long WINDOW_MILLIS = 1_000;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "keyBy, 1 s tumbling windows, count and sum per key and window; latency per window result";
    }

    @Override
    public boolean windowed() {
        return true;
    }

    @Override
    public void applyTo(final DataStream<BenchEvent> source, final BenchSettings settings, final Arrivals arrivals) {
        source.keyBy(BenchEvent.BY_KEY)
                .parallelism(settings.parallelism())
                .window(TumblingEventTimeWindows.of(WINDOW_MILLIS))
                .aggregate(new CountSumAggregate<>(BenchEvent.VALUE))
                .sink(new WindowResultSink<>(arrivals, settings.parallelism()));
    }

    @Override
    public PipelineFactory<BenchEvent> ceiling(final BenchSettings settings) {
        return arrivals -> new TumblingCeiling(arrivals, settings.keys());
    }
}
