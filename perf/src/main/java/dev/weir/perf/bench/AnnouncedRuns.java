package dev.weir.perf.bench;

import dev.weir.perf.harness.Arrivals;
import dev.weir.perf.harness.BenchmarkPlan;
import dev.weir.perf.harness.BenchmarkedPipeline;
import dev.weir.perf.harness.PipelineFactory;
import java.util.function.Consumer;

/**
 * A system's factory that writes one progress line ({@code round 1/3, rate 100000/s: weir}) as the harness builds
 * each of its runs. The harness runs rounds, then rates, then systems, so a system's n-th run is at rate
 * {@code n mod rates} of round {@code n / rates}. Called on the harness's thread only.
 *
 * @param <E> the event type
 */
final class AnnouncedRuns<E> implements PipelineFactory<E> {
    private final String name;
    private final PipelineFactory<E> factory;
    private final long[] rates;
    private final int rounds;
    private final Consumer<String> progress;
    private int runs;

    /**
     * @param name the system's name
     * @param factory builds its runs
     * @param plan the harness's plan
     * @param progress receives the lines
     */
    AnnouncedRuns(final String name, final PipelineFactory<E> factory, final BenchmarkPlan plan, final Consumer<String> progress) {
        this.name = name;
        this.factory = factory;
        this.rates = plan.rates();
        this.rounds = plan.rounds();
        this.progress = progress;
    }

    @Override
    public BenchmarkedPipeline<E> create(final Arrivals arrivals) {
        final long rate = rates[runs % rates.length];
        final int round = runs / rates.length + 1;
        runs++;
        progress.accept("round " + round + "/" + rounds + ", rate " + (rate == BenchmarkPlan.FLAT_OUT ? "max" : rate + "/s") + ": " + name);
        return factory.create(arrivals);
    }
}
