package dev.weir.flink.source;

import static dev.weir.flink.PipelineFunctions.KEY;
import static dev.weir.flink.PipelineFunctions.NOT_MARKER;
import static dev.weir.flink.PipelineFunctions.SUM;

import dev.weir.api.StreamPipeline;
import dev.weir.flink.PipelineFunctions;
import dev.weir.runtime.sink.Sink;
import dev.weir.source.Source;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.util.function.Function;

/** The pipeline the source tests run over each source: what a source emits shows in which records its watermarks let through. */
public final class SourcePipelines {
    private SourcePipelines() {
    }

    /**
     * @return lines {@code key,ts,value} from the source, markers filtered out, summed per key in tumbling windows of a second
     *     ({@link PipelineFunctions#SUM})
     */
    public static Function<Sink<Object>, StreamPipeline> tumblingSums(final Source<String> source, final WatermarkStrategy<String> watermarks,
            final int parallelism) {
        return sink -> StreamPipeline.named("sums")
                .from("lines", source, watermarks, parallelism)
                .filter(NOT_MARKER)
                .keyBy(KEY)
                .window(TumblingEventTimeWindows.of(1000))
                .reduce(SUM)
                .sink(sink);
    }
}
