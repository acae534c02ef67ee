package dev.weir.perf.bench;

import dev.weir.api.StagePlacement;
import dev.weir.perf.harness.BenchmarkPlan;
import dev.weir.runtime.IdleStrategyKind;
import dev.weir.time.WatermarkStrategy;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * What one {@code weir bench} run does: the harness's plan (rates, rounds, warm-up and measured events), the input
 * (keys, event-time pace) and Weir's tuning knobs (idle strategy, ring size, batched publishing, state backend,
 * watermark interval, CPUs, parallelism and placements of the keyed stage), and the two-input pipelines' out-of-orderness
 * and match rate. Immutable: each {@code with} method returns a copy with
 * one value changed, checked. {@link #defaults()} is what {@code weir bench} runs without options.
 */
public final class BenchSettings {
    /** The rates {@code weir bench} runs by default: 100,000 and 1,000,000 events/s, then flat out. */
    private static final long[] DEFAULT_RATES = {100_000, 1_000_000, BenchmarkPlan.FLAT_OUT};
    /** The largest out-of-orderness of the two-input pipelines' inputs: 10 s of event time. */
    public static final long MAX_OUT_OF_ORDERNESS_MILLIS = 10_000;

    private final long[] rates;
    private final int rounds;
    private final long warmUpEvents;
    private final long measuredEvents;
    private final int keys;
    private final long eventsPerSecondOfEventTime;
    private final IdleStrategyKind idleStrategy;
    private final int ringSize;
    private final boolean batched;
    private final int batchSize;
    private final StateChoice state;
    private final long watermarkIntervalMillis;
    private final int[] cpus;
    private final int parallelism;
    private final List<StagePlacement> placements;
    private final long outOfOrdernessMillis;
    private final double matchRate;

    private BenchSettings(final Draft draft) {
        // the plan checks rates, events and rounds with its own messages
        new BenchmarkPlan(draft.rates, draft.warmUpEvents, draft.measuredEvents, draft.rounds);
        require(draft.keys >= 1, "keys must be at least 1, got " + draft.keys);
        require(draft.eventsPerSecondOfEventTime >= 1,
                "events per second of event time must be at least 1, got " + draft.eventsPerSecondOfEventTime);
        require(draft.ringSize >= 2 && Integer.bitCount(draft.ringSize) == 1,
                "the ring size must be a power of two of at least 2, got " + draft.ringSize);
        require(draft.batchSize >= 1, "the batch size must be at least 1, got " + draft.batchSize);
        require(draft.watermarkIntervalMillis >= 0, "the watermark interval must be at least 0 ms, got " + draft.watermarkIntervalMillis);
        require(Arrays.stream(draft.cpus).allMatch(cpu -> cpu >= 0) && Arrays.stream(draft.cpus).distinct().count() == draft.cpus.length,
                "CPU ids must be at least 0, each at most once, got " + Arrays.toString(draft.cpus));
        require(draft.parallelism >= 1, "the parallelism must be at least 1, got " + draft.parallelism);
        require(draft.placements.size() >= 1 && draft.placements.stream().distinct().count() == draft.placements.size(),
                "placements must be at least one, each at most once, got " + draft.placements);
        require(draft.parallelism == 1 || !draft.placements.contains(StagePlacement.INLINE),
                "the inline placement runs the keyed stage on the publishing thread, so its parallelism is 1, got " + draft.parallelism);
        require(draft.outOfOrdernessMillis >= 0 && draft.outOfOrdernessMillis <= MAX_OUT_OF_ORDERNESS_MILLIS,
                "the out-of-orderness must be within 0.." + MAX_OUT_OF_ORDERNESS_MILLIS + " ms, got " + draft.outOfOrdernessMillis);
        require(draft.matchRate >= 0 && draft.matchRate <= 1, "the match rate must be within 0..1, got " + draft.matchRate);
        this.rates = draft.rates.clone();
        this.rounds = draft.rounds;
        this.warmUpEvents = draft.warmUpEvents;
        this.measuredEvents = draft.measuredEvents;
        this.keys = draft.keys;
        this.eventsPerSecondOfEventTime = draft.eventsPerSecondOfEventTime;
        this.idleStrategy = Objects.requireNonNull(draft.idleStrategy, "idleStrategy");
        this.ringSize = draft.ringSize;
        this.batched = draft.batched;
        this.batchSize = draft.batchSize;
        this.state = Objects.requireNonNull(draft.state, "state");
        this.watermarkIntervalMillis = draft.watermarkIntervalMillis;
        this.cpus = draft.cpus.clone();
        this.parallelism = draft.parallelism;
        this.placements = List.copyOf(draft.placements);
        this.outOfOrdernessMillis = draft.outOfOrdernessMillis;
        this.matchRate = draft.matchRate;
    }

    private static void require(final boolean valid, final String message) {
        if (!valid) {
            throw new IllegalArgumentException(message);
        }
    }

    /**
     * The defaults: rates 100,000 and 1,000,000 events/s and flat out, 3 rounds, 200,000 warm-up and 1,000,000
     * measured events per run, 10,000 keys, 100,000 events per second of event time, busy-spinning tasks, rings of
     * 16,384 slots, one record per hand-off (batches of 64 when batched), heap state, watermarks every 200 ms, no
     * pinning, keyed stage at parallelism 1 behind a ring (one placement: {@link StagePlacement#HOP}); for the two-input
     * pipelines, inputs out of order by up to 50 ms and 80 % of executions matching an order.
     *
     * @return the default settings
     */
    public static BenchSettings defaults() {
        return new BenchSettings(new Draft());
    }

    /** @return the harness's plan: rates, warm-up and measured events, rounds */
    public BenchmarkPlan plan() {
        return new BenchmarkPlan(rates, warmUpEvents, measuredEvents, rounds);
    }

    /** @return events per second for each rate step, {@link BenchmarkPlan#FLAT_OUT} for flat out (a copy) */
    public long[] rates() {
        return rates.clone();
    }

    /** @return rounds; each round runs every rate and system once */
    public int rounds() {
        return rounds;
    }

    /** @return events sent before the measured part of each run */
    public long warmUpEvents() {
        return warmUpEvents;
    }

    /** @return events measured in each run */
    public long measuredEvents() {
        return measuredEvents;
    }

    /** @return distinct keys in the input */
    public int keys() {
        return keys;
    }

    /** @return how fast event time advances with the event index: events per second of event time */
    public long eventsPerSecondOfEventTime() {
        return eventsPerSecondOfEventTime;
    }

    /** @return how Weir's task threads wait */
    public IdleStrategyKind idleStrategy() {
        return idleStrategy;
    }

    /** @return slots of each of Weir's rings (channel capacity), a power of two */
    public int ringSize() {
        return ringSize;
    }

    /** @return true to publish with {@code publishBatched} and flush every {@link #batchSize()} records */
    public boolean batched() {
        return batched;
    }

    /** @return records per flush when {@link #batched()} */
    public int batchSize() {
        return batchSize;
    }

    /** @return where Weir keeps keyed state */
    public StateChoice state() {
        return state;
    }

    /** @return the periodic watermark interval in milliseconds of processing time; 0 = after every record */
    public long watermarkIntervalMillis() {
        return watermarkIntervalMillis;
    }

    /** @return the CPUs Weir's task threads are pinned to, in order; empty = no pinning (a copy) */
    public int[] cpus() {
        return cpus.clone();
    }

    /** @return instances of the keyed stage */
    public int parallelism() {
        return parallelism;
    }

    /**
     * @return where Weir runs the keyed stage, one Weir system per placement, in order (docs/runtime.md, "Stage
     *     placement")
     */
    public List<StagePlacement> placements() {
        return placements;
    }

    /**
     * @return how far out of order each input of the two-input pipelines ({@code union}, {@code interval-join}) is, in
     *     milliseconds of event time: an event is at most this much older than the newest of its input before it, and
     *     each input's watermarks are bounded out-of-orderness by as much, so no event is ever late
     */
    public long outOfOrdernessMillis() {
        return outOfOrdernessMillis;
    }

    /** @return the fraction of executions of {@code interval-join} generated for a recent order, 0..1 */
    public double matchRate() {
        return matchRate;
    }

    /**
     * @param newRates events per second for each rate step or {@link BenchmarkPlan#FLAT_OUT}; at least one
     * @return a copy with these rates
     */
    public BenchSettings withRates(final long... newRates) {
        return with(draft -> draft.rates = newRates);
    }

    /**
     * @param newRounds rounds, at least 1
     * @return a copy with this many rounds
     */
    public BenchSettings withRounds(final int newRounds) {
        return with(draft -> draft.rounds = newRounds);
    }

    /**
     * @param newWarmUpEvents events before measuring in each run, at least 0
     * @return a copy with this warm-up
     */
    public BenchSettings withWarmUpEvents(final long newWarmUpEvents) {
        return with(draft -> draft.warmUpEvents = newWarmUpEvents);
    }

    /**
     * @param newMeasuredEvents events measured in each run, at least 1
     * @return a copy measuring this many
     */
    public BenchSettings withMeasuredEvents(final long newMeasuredEvents) {
        return with(draft -> draft.measuredEvents = newMeasuredEvents);
    }

    /**
     * @param newKeys distinct keys, at least 1
     * @return a copy with this many keys
     */
    public BenchSettings withKeys(final int newKeys) {
        return with(draft -> draft.keys = newKeys);
    }

    /**
     * @param newPace events per second of event time, at least 1
     * @return a copy with this event-time pace
     */
    public BenchSettings withEventsPerSecondOfEventTime(final long newPace) {
        return with(draft -> draft.eventsPerSecondOfEventTime = newPace);
    }

    /**
     * @param newIdleStrategy how Weir's task threads wait
     * @return a copy with this idle strategy
     */
    public BenchSettings withIdleStrategy(final IdleStrategyKind newIdleStrategy) {
        return with(draft -> draft.idleStrategy = newIdleStrategy);
    }

    /**
     * @param newRingSize slots per ring, a power of two of at least 2
     * @return a copy with this ring size
     */
    public BenchSettings withRingSize(final int newRingSize) {
        return with(draft -> draft.ringSize = newRingSize);
    }

    /**
     * @param newBatched true to publish in batches, false one record per hand-off
     * @return a copy publishing so
     */
    public BenchSettings withBatched(final boolean newBatched) {
        return with(draft -> draft.batched = newBatched);
    }

    /**
     * @param newBatchSize records per flush when batched, at least 1
     * @return a copy with this batch size
     */
    public BenchSettings withBatchSize(final int newBatchSize) {
        return with(draft -> draft.batchSize = newBatchSize);
    }

    /**
     * @param newState where Weir keeps keyed state
     * @return a copy with this state backend
     */
    public BenchSettings withState(final StateChoice newState) {
        return with(draft -> draft.state = newState);
    }

    /**
     * @param newIntervalMillis the periodic watermark interval in milliseconds, at least 0
     * @return a copy with this interval
     */
    public BenchSettings withWatermarkIntervalMillis(final long newIntervalMillis) {
        return with(draft -> draft.watermarkIntervalMillis = newIntervalMillis);
    }

    /**
     * @param newCpus CPU ids to pin Weir's task threads to, each at least 0 and at most once; none = no pinning
     * @return a copy pinning so
     */
    public BenchSettings withCpus(final int... newCpus) {
        return with(draft -> draft.cpus = newCpus);
    }

    /**
     * @param newParallelism instances of the keyed stage, at least 1
     * @return a copy with this parallelism
     */
    public BenchSettings withParallelism(final int newParallelism) {
        return with(draft -> draft.parallelism = newParallelism);
    }

    /**
     * @param newPlacements where Weir runs the keyed stage, one Weir system each: at least one, each at most once;
     *     {@link StagePlacement#INLINE} only at parallelism 1
     * @return a copy with these placements
     */
    public BenchSettings withPlacements(final StagePlacement... newPlacements) {
        return with(draft -> draft.placements = List.of(newPlacements));
    }

    /**
     * @param newOutOfOrdernessMillis the two-input pipelines' out-of-orderness, 0..{@value #MAX_OUT_OF_ORDERNESS_MILLIS} ms
     * @return a copy with this out-of-orderness
     */
    public BenchSettings withOutOfOrdernessMillis(final long newOutOfOrdernessMillis) {
        return with(draft -> draft.outOfOrdernessMillis = newOutOfOrdernessMillis);
    }

    /**
     * @param newMatchRate the fraction of {@code interval-join}'s executions that belong to a recent order, 0..1
     * @return a copy with this match rate
     */
    public BenchSettings withMatchRate(final double newMatchRate) {
        return with(draft -> draft.matchRate = newMatchRate);
    }

    private BenchSettings with(final Consumer<Draft> change) {
        final Draft draft = new Draft(this);
        change.accept(draft);
        return new BenchSettings(draft);
    }

    /** The values of settings being made: the defaults, or a copy of settings to change one value of. */
    private static final class Draft {
        private long[] rates = DEFAULT_RATES;
        private int rounds = 3;
        private long warmUpEvents = 200_000;
        private long measuredEvents = 1_000_000;
        private int keys = 10_000;
        private long eventsPerSecondOfEventTime = 100_000;
        private IdleStrategyKind idleStrategy = IdleStrategyKind.BUSY_SPIN;
        private int ringSize = 1 << 14;
        private boolean batched;
        private int batchSize = 64;
        private StateChoice state = StateChoice.HEAP;
        private long watermarkIntervalMillis = WatermarkStrategy.DEFAULT_INTERVAL_MILLIS;
        private int[] cpus = new int[0];
        private int parallelism = 1;
        private List<StagePlacement> placements = List.of(StagePlacement.HOP);
        private long outOfOrdernessMillis = 50;
        private double matchRate = 0.8;

        Draft() {
        }

        Draft(final BenchSettings settings) {
            rates = settings.rates;
            rounds = settings.rounds;
            warmUpEvents = settings.warmUpEvents;
            measuredEvents = settings.measuredEvents;
            keys = settings.keys;
            eventsPerSecondOfEventTime = settings.eventsPerSecondOfEventTime;
            idleStrategy = settings.idleStrategy;
            ringSize = settings.ringSize;
            batched = settings.batched;
            batchSize = settings.batchSize;
            state = settings.state;
            watermarkIntervalMillis = settings.watermarkIntervalMillis;
            cpus = settings.cpus;
            parallelism = settings.parallelism;
            placements = settings.placements;
            outOfOrdernessMillis = settings.outOfOrdernessMillis;
            matchRate = settings.matchRate;
        }
    }
}
