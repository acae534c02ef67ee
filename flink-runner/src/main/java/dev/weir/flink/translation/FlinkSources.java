package dev.weir.flink.translation;

import dev.weir.flink.source.FlinkFileSource;
import dev.weir.flink.source.FlinkGeneratorSource;
import dev.weir.flink.source.FlinkHandoffSource;
import dev.weir.flink.source.HandoffSource;
import dev.weir.flink.source.HandoffWatermarks;
import dev.weir.flink.source.ReplayedCaptures;
import dev.weir.plan.SourceStep;
import dev.weir.source.CollectionSource;
import dev.weir.source.FileSource;
import dev.weir.source.GeneratorSource;
import dev.weir.clock.SystemNanoClock;
import dev.weir.time.WatermarkAlignment;
import java.time.Duration;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * The sources of a pipeline other than a {@link CollectionSource} as Flink FLIP-27 sources
 * (docs/flink.md, "Sources on Flink"): a {@link FileSource} as a {@link FlinkFileSource}, a
 * bounded {@link GeneratorSource} as a {@link FlinkGeneratorSource}, a {@link HandoffSource} as a
 * {@link FlinkHandoffSource} (local targets only, parallelism 1), each run at the Weir
 * source's parallelism with its watermark strategy, idleness and alignment included, applied per
 * split. What has no Flink equivalent is refused with the reason. Stateless.
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
            throw new FlinkTranslationException(index, kind, "'" + source.name() + "' is fed by publishers, which has no Flink equivalent:"
                    + " records pushed by the caller's threads into the running pipeline cannot reach a Flink job, whose sources run in"
                    + " Flink's task managers, in another JVM or on another machine; read them with a FileSource instead");
        }
        if (source.source() instanceof FileSource) {
            ShippedFunction.require(((FileSource<?>) source.source()).parser(), index, kind, "the line parser");
        } else if (source.source() instanceof HandoffSource) {
            if (source.parallelism() != 1) {
                throw new FlinkTranslationException(index, kind, "'" + source.name() + "' is a HandoffSource at parallelism "
                        + source.parallelism() + "; one producer feeds it, so it runs at parallelism 1");
            }
        } else if (source.source() instanceof ReplayedCaptures) {
            if (source.parallelism() != 1) {
                throw new FlinkTranslationException(index, kind, "'" + source.name() + "' replays capture files at parallelism "
                        + source.parallelism() + "; one reader decodes them in order, so it runs at parallelism 1");
            }
            ShippedFunction.require(((ReplayedCaptures<?>) source.source()).decoders(), index, kind, "the capture decoders");
        } else if (source.source() instanceof GeneratorSource) {
            final GeneratorSource<?> generator = (GeneratorSource<?>) source.source();
            if (generator.count() == Long.MAX_VALUE) {
                throw new FlinkTranslationException(index, kind, "'" + source.name() + "' is an unbounded GeneratorSource, which never ends;"
                        + " a pipeline runs on Flink to the end of its input");
            }
            ShippedFunction.require(generator.generator(), index, kind, "the record generator");
            if (!(generator.nanoClock() instanceof SystemNanoClock)) {
                ShippedFunction.require(generator.nanoClock(), index, kind, "the generator's NanoClock");
            }
        } else {
            throw new FlinkTranslationException(index, kind, "'" + source.name() + "' is a " + source.source().getClass().getSimpleName()
                    + "; a CollectionSource, a FileSource, a bounded GeneratorSource and a HandoffSource are translated");
        }
        SourceWatermarks.checkGenerator(source.watermarks(), index, kind);
    }

    /**
     * The source's strategy as Flink's, with Weir's idleness and alignment as Flink's: both are
     * the same mechanisms (an idle timeout on the input's activity clock, which stands still while
     * the source is back-pressured or paused; a group whose members report their watermarks every
     * update interval and pause the splits ahead of the group's minimum by more than the drift,
     * saturated at MAX), applied per split in Flink's source as in Weir's.
     *
     * @param strategy a strategy {@link SourceWatermarks#checkGenerator} accepted
     * @param environment the job's environment, whose periodic interval this sets
     * @return Flink's strategy
     */
    static WatermarkStrategy<Object> watermarks(final dev.weir.time.WatermarkStrategy<?> strategy,
            final StreamExecutionEnvironment environment) {
        WatermarkStrategy<Object> flink = SourceWatermarks.of(strategy, environment);
        if (strategy.idlenessMillis() > 0) {
            flink = flink.withIdleness(Duration.ofMillis(strategy.idlenessMillis()));
        }
        final WatermarkAlignment alignment = strategy.alignment();
        if (alignment != null) {
            flink = flink.withWatermarkAlignment(alignment.group(), Duration.ofMillis(alignment.maxDriftMillis()),
                    Duration.ofMillis(alignment.updateIntervalMillis()));
        }
        return flink;
    }

    /**
     * @param step a step {@link #check} accepted
     * @param environment the job's environment
     * @return the source's records, at the step's parallelism, with timestamps and watermarks
     */
    static DataStream<Object> of(final SourceStep step, final StreamExecutionEnvironment environment) {
        final WatermarkStrategy<Object> watermarks = watermarks(step.watermarks(), environment);
        if (step.source() instanceof HandoffSource) {
            final String handoff = ((HandoffSource<?>) step.source()).handoffId();
            return environment.fromSource(new FlinkHandoffSource<>(handoff), new HandoffWatermarks(watermarks, handoff), step.name(), ANY)
                    .setParallelism(1);
        }
        if (step.source() instanceof ReplayedCaptures) {
            @SuppressWarnings("unchecked")
            final Source<Object, ?, ?> captures = (Source<Object, ?, ?>) (Source<?, ?, ?>) ((ReplayedCaptures<?>) step.source()).flinkSource();
            return environment.fromSource(captures, watermarks, step.name(), ANY).setParallelism(1);
        }
        final Source<?, ?, ?> flink = step.source() instanceof FileSource ? FlinkFileSource.of((FileSource<?>) step.source())
                : FlinkGeneratorSource.of((GeneratorSource<?>) step.source(), step.parallelism());
        @SuppressWarnings("unchecked")
        final Source<Object, ?, ?> source = (Source<Object, ?, ?>) flink;
        return environment.fromSource(source, watermarks, step.name(), ANY).setParallelism(step.parallelism());
    }
}
