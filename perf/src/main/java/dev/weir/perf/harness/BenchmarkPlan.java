package dev.weir.perf.harness;

import java.util.Arrays;

/**
 * What a harness run does: the rates to drive each system at ({@link #FLAT_OUT} = as fast as the pipeline takes
 * events, for throughput), the events per run before measuring (warm-up) and measured, how many rounds, and how many
 * warm-up rounds run before them (0 unless {@link #withWarmUpRounds}). In every round each rate runs every system
 * once, in the order given, so the systems sample the same stretch of machine noise; warm-up rounds run the same
 * way and are left out of the results. Immutable.
 */
public final class BenchmarkPlan {
    /** The rate that means no pacing: events are sent back to back, each one's intended time is when it was sent. */
    public static final long FLAT_OUT = 0;

    private final long[] rates;
    private final long warmUpEvents;
    private final long measuredEvents;
    private final int rounds;
    private final int warmUpRounds;

    /**
     * @param rates events per second for each rate step, or {@link #FLAT_OUT}; at least one
     * @param warmUpEvents events sent before the measured part of each run, at least 0
     * @param measuredEvents events measured in each run, at least 1
     * @param rounds rounds, at least 1
     */
    public BenchmarkPlan(final long[] rates, final long warmUpEvents, final long measuredEvents, final int rounds) {
        this(rates, warmUpEvents, measuredEvents, rounds, 0);
    }

    private BenchmarkPlan(final long[] rates, final long warmUpEvents, final long measuredEvents, final int rounds, final int warmUpRounds) {
        if (rates.length == 0 || Arrays.stream(rates).anyMatch(rate -> rate < 0)) {
            throw new IllegalArgumentException("rates must be at least one, each positive or FLAT_OUT: " + Arrays.toString(rates));
        }
        if (warmUpEvents < 0 || measuredEvents < 1 || rounds < 1) {
            throw new IllegalArgumentException("warm-up must be >= 0, measured events and rounds >= 1: " + warmUpEvents + ", "
                    + measuredEvents + ", " + rounds);
        }
        this.rates = rates.clone();
        this.warmUpEvents = warmUpEvents;
        this.measuredEvents = measuredEvents;
        this.rounds = rounds;
        this.warmUpRounds = warmUpRounds;
    }

    /**
     * @param count whole rounds to run before the measured ones, each a fresh pipeline of every system at every rate,
     *     at least 0: for systems that should meet the measured runs with their code already compiled
     * @return this plan with that many warm-up rounds
     */
    public BenchmarkPlan withWarmUpRounds(final int count) {
        if (count < 0) {
            throw new IllegalArgumentException("warm-up rounds must be >= 0: " + count);
        }
        return new BenchmarkPlan(rates, warmUpEvents, measuredEvents, rounds, count);
    }

    /** @return the rates, in order (a copy) */
    public long[] rates() {
        return rates.clone();
    }

    /** @return events sent before measuring, per run */
    public long warmUpEvents() {
        return warmUpEvents;
    }

    /** @return events measured per run */
    public long measuredEvents() {
        return measuredEvents;
    }

    /** @return measured rounds */
    public int rounds() {
        return rounds;
    }

    /** @return warm-up rounds, run before the measured ones */
    public int warmUpRounds() {
        return warmUpRounds;
    }

    /**
     * @param rate a rate of this plan
     * @return its label in results and file names: {@code max} for flat out, else e.g. {@code 100000}
     */
    public static String label(final long rate) {
        return rate == FLAT_OUT ? "max" : Long.toString(rate);
    }
}
