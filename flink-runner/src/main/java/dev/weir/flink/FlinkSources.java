package dev.weir.flink;

import dev.weir.plan.SourceStep;
import dev.weir.source.CollectionSource;
import dev.weir.source.FileSource;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * The sources of a pipeline other than a {@link CollectionSource} as Flink FLIP-27 sources
 * (docs/flink.md, "Sources on Flink"): a {@link FileSource} as a {@link FlinkFileSource}, run at
 * the Weir source's parallelism with the source's watermark strategy applied per split. What has
 * no Flink equivalent is refused with the reason. Stateless.
 */
final class FlinkSources {
    private static final TypeInformation<Object> ANY = TypeInformation.of(Object.class);

    private FlinkSources() {
    }

    /**
     * @param source a source step
     * @return true if {@link #check} and {@link #of} handle it (every source but a collection not fed by publishers)
     */
    static boolean handles(final SourceStep source) {
        return source.published() || !(source.source() instanceof CollectionSource);
    }

    /**
     * Refuses a source this class does not translate, or whose functions cannot be shipped.
     *
     * @param index the step's index in the plan
     * @param source a step {@link #handles} accepts
     * @throws FlinkTranslationException naming the step and the reason
     */
    static void check(final int index, final SourceStep source) {
        final String kind = PipelineTranslation.kindOf(source);
        if (source.published()) {
            throw new FlinkTranslationException(index, kind, "'" + source.name() + "' is fed by publishers, which are not translated yet;"
                    + " only a CollectionSource is");
        }
        if (source.source() instanceof FileSource) {
            ShippedFunction.require(((FileSource<?>) source.source()).parser(), index, kind, "the line parser");
        } else {
            throw new FlinkTranslationException(index, kind, "'" + source.name() + "' is a " + source.source().getClass().getSimpleName()
                    + "; a CollectionSource and a FileSource are translated");
        }
        SourceWatermarks.check(source.watermarks(), index, kind);
    }

    /**
     * @param step a step {@link #check} accepted
     * @param environment the job's environment
     * @return the source's records, at the step's parallelism, with timestamps and watermarks
     */
    static DataStream<Object> of(final SourceStep step, final StreamExecutionEnvironment environment) {
        final WatermarkStrategy<Object> watermarks = SourceWatermarks.of(step.watermarks(), environment);
        @SuppressWarnings("unchecked")
        final Source<Object, ?, ?> source = (Source<Object, ?, ?>) (Source<?, ?, ?>) FlinkFileSource.of((FileSource<?>) step.source());
        return environment.fromSource(source, watermarks, step.name(), ANY).setParallelism(step.parallelism());
    }
}
