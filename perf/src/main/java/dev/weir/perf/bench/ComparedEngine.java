package dev.weir.perf.bench;

import dev.weir.perf.harness.PipelineFactory;
import java.util.Map;

/**
 * An engine {@code weir bench --compare NAME} runs beside Weir, found with {@link java.util.ServiceLoader} (register
 * the implementation in {@code META-INF/services/dev.weir.perf.bench.ComparedEngine}) so that the benchmark does not
 * depend on it: the {@code flink-runner} module provides {@code flink}. Implementations are stateless and thread-safe.
 */
public interface ComparedEngine {
    /** @return the name {@code --compare} takes, e.g. {@code flink} */
    String name();

    /**
     * The systems this engine contributes for one pipeline, each run by the harness like Weir's: for Flink, e.g.
     * {@code flink} (buffer timeout 0) and {@code flink-bt100} (the default). Each system runs the pipeline's
     * {@link NamedPipeline#applyTo} over the same events and reports to the harness's arrivals.
     *
     * @param pipeline the pipeline
     * @param settings the run's settings; knobs that do not apply to this engine are ignored
     * @param <E> the event type
     * @return system name to factory, in the order they run (ordered map)
     * @throws PipelineRefusedException if this engine cannot run the pipeline, saying why
     */
    <E> Map<String, PipelineFactory<E>> systems(NamedPipeline<E> pipeline, BenchSettings settings);
}
