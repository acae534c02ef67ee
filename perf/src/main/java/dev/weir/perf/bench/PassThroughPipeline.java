package dev.weir.perf.bench;

import dev.weir.api.DataStream;
import dev.weir.operator.KeyedProcessFunction;
import dev.weir.perf.harness.Arrivals;
import dev.weir.perf.harness.PipelineFactory;
import java.io.Serializable;

/**
 * {@code pass-through}: keyBy, then a keyed process function that forwards each event unchanged, then the sink;
 * latency per record, from each event's intended send time to its arrival at the sink. Measures the engine's own
 * cost: the hop, keying, watermarks travelling beside the records. Stateless and thread-safe.
 */
public final class PassThroughPipeline extends BenchEventPipeline {
    /** The pipeline's name on the command line. */
    public static final String NAME = "pass-through";

    private static final KeyedProcessFunction<Integer, BenchEvent, BenchEvent> FORWARD =
            (KeyedProcessFunction<Integer, BenchEvent, BenchEvent> & Serializable) (event, context, out) -> out.collect(event);

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "keyBy, then a keyed process function forwarding each event; latency per record";
    }

    @Override
    public boolean windowed() {
        return false;
    }

    @Override
    public void applyTo(final DataStream<BenchEvent> source, final BenchSettings settings, final Arrivals arrivals) {
        source.keyBy(BenchEvent.BY_KEY)
                .parallelism(settings.parallelism())
                .process(FORWARD)
                .sink(new RecordSink<>(arrivals, BenchEvent.INTENDED_NANOS, settings.parallelism()));
    }

    @Override
    public PipelineFactory<BenchEvent> ceiling(final BenchSettings settings) {
        return PassThroughCeiling::new;
    }
}
