package dev.weir.perf.harness;

/**
 * Builds a fresh, unstarted {@link BenchmarkedPipeline} for each run of a system (every round, every rate).
 * Called on the harness's thread.
 *
 * @param <E> the event type
 */
@FunctionalInterface
public interface PipelineFactory<E> {
    /**
     * @param arrivals where the pipeline's sink reports each result (from the sink's thread)
     * @return a new pipeline, not started
     */
    BenchmarkedPipeline<E> create(Arrivals arrivals);
}
