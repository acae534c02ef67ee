package dev.weir.flink.bench;

import dev.weir.api.StreamPipeline;
import dev.weir.flink.FlinkJob;
import dev.weir.flink.FlinkRunner;
import dev.weir.flink.FlinkTarget;
import dev.weir.flink.source.HandoffSource;
import dev.weir.flink.translation.FlinkTranslationException;
import dev.weir.flink.translation.PipelineTranslation;
import dev.weir.perf.bench.BenchEvent;
import dev.weir.perf.bench.BenchSettings;
import dev.weir.perf.bench.ComparedEngine;
import dev.weir.perf.bench.NamedPipeline;
import dev.weir.perf.bench.PipelineRefusedException;
import dev.weir.perf.harness.Arrivals;
import dev.weir.perf.harness.PipelineFactory;
import dev.weir.clock.SystemNanoClock;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * {@code weir bench --compare flink} (docs/flink.md, "weir bench --compare flink"), the {@link ComparedEngine} facet of
 * {@link FlinkEngine}, which the benchmark finds through {@link java.util.ServiceLoader}: the same named pipeline on Apache Flink 2.1, on a fresh local MiniCluster per run,
 * through the translation of {@link FlinkRunner}, as two systems: {@value #DEFAULT_TIMEOUT_SYSTEM} (Flink's default
 * buffer timeout, 100 ms) and {@value #NO_TIMEOUT_SYSTEM} ({@code setBufferTimeout(0)}). The keyed stage runs at the
 * settings' parallelism. A pipeline the translation refuses (ohlcv: the reference job's functions cannot be shipped to
 * Flink's tasks) is refused with the translation's reason. Stateless and thread-safe.
 */
public final class FlinkComparedEngine implements ComparedEngine {
    /** The system with Flink's default buffer timeout. */
    public static final String DEFAULT_TIMEOUT_SYSTEM = "flink";
    /** The system with a buffer timeout of 0: each record is sent on at once. */
    public static final String NO_TIMEOUT_SYSTEM = "flink-bt0";

    /**
     * @throws PipelineRefusedException if the pipeline's events are not {@link BenchEvent}s, or the translation
     *     refuses one of its steps
     */
    @Override
    public <E> Map<String, PipelineFactory<E>> systems(final NamedPipeline<E> pipeline, final BenchSettings settings) {
        final NamedPipeline<BenchEvent> benchPipeline = checked(pipeline, settings);
        final Map<String, PipelineFactory<BenchEvent>> systems = new LinkedHashMap<>();
        targets(settings).forEach((name, target) -> systems.put(name,
                arrivals -> new FlinkBenchmarkedPipeline(benchPipeline, settings, target, arrivals)));
        @SuppressWarnings({"unchecked", "rawtypes"})
        final Map<String, PipelineFactory<E>> typed = (Map) systems;
        return typed;
    }

    /**
     * @param settings the run's settings
     * @return the systems' targets, in order: Flink's default buffer timeout, then 0; the keyed stage at the settings'
     *     parallelism, sinks on Flink's tasks
     */
    static Map<String, FlinkTarget> targets(final BenchSettings settings) {
        final FlinkTarget target = FlinkTarget.local(settings.parallelism()).withTaskSinks();
        final Map<String, FlinkTarget> targets = new LinkedHashMap<>();
        targets.put(DEFAULT_TIMEOUT_SYSTEM, target);
        targets.put(NO_TIMEOUT_SYSTEM, target.withBufferTimeout(0));
        return targets;
    }

    /** Refuses what Flink cannot run: a step the translation does not take, events the handoff cannot copy. */
    @SuppressWarnings("unchecked")
    private static <E> NamedPipeline<BenchEvent> checked(final NamedPipeline<E> pipeline, final BenchSettings settings) {
        final StreamPipeline probe = StreamPipeline.named(pipeline.name());
        pipeline.applyTo(probe.from(pipeline.name(), HandoffSource.<E>unopened(), pipeline.watermarks(settings), 1), settings,
                new Arrivals(SystemNanoClock.INSTANCE));
        final StreamExecutionEnvironment environment = StreamExecutionEnvironment.createLocalEnvironment(1);
        final PipelineTranslation translation = new PipelineTranslation(probe.logicalPlan(), environment, true);
        try {
            translation.translate();
        } catch (final FlinkTranslationException refused) {
            throw new PipelineRefusedException(pipeline.name() + " does not run on flink: " + refused.getMessage());
        } finally {
            try {
                FlinkJob.release(translation, environment);
            } catch (final Exception ignored) {
                // an environment that never ran has nothing to close
            }
        }
        final Object sample = pipeline.events(settings, 1).next(0, 0);
        if (!(sample instanceof BenchEvent)) {
            throw new PipelineRefusedException(pipeline.name() + " does not run on flink: its events are "
                    + sample.getClass().getSimpleName() + ", and the handoff to Flink's source copies BenchEvents only");
        }
        return (NamedPipeline<BenchEvent>) pipeline;
    }
}
