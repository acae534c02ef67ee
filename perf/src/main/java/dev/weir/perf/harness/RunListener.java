package dev.weir.perf.harness;

/**
 * Told of every run of a {@link Harness} as it ends, warm-up rounds included, e.g. to print progress. Called on the
 * harness's thread between runs, so the time it takes is not measured.
 */
@FunctionalInterface
public interface RunListener {
    /**
     * @param round the round, from 0; the plan's warm-up rounds come first
     * @param warmUp true for a run of a warm-up round, whose result is left out of the harness's results
     * @param run the run's result
     */
    void ran(int round, boolean warmUp, SystemResult run);
}
