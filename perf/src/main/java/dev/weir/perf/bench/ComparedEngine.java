package dev.weir.perf.bench;

import dev.weir.engines.ExecutionEngine;
import dev.weir.perf.harness.PipelineFactory;
import java.util.Map;

/**
 * The facet of an engine that {@code weir bench --compare NAME} runs beside Weir: the {@link ExecutionEngine} of that
 * name, found on the class path ({@link dev.weir.engines.Engines}), hands it over from
 * {@link ExecutionEngine#facet facet(ComparedEngine.class)}, so that neither the benchmark nor the engine SPI depends
 * on the engine's module and the SPI holds no type of this one: the {@code flink-runner} module's {@code flink} engine
 * has it. Implementations are stateless and thread-safe.
 */
public interface ComparedEngine {
    /**
     * The systems this engine contributes for one pipeline, each run by the harness like Weir's: for Flink, e.g.
     * {@code flink} (its default buffer timeout) and {@code flink-bt0} ({@code setBufferTimeout(0)}). Each system runs the pipeline's
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
