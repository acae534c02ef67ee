package dev.weir.time;

import dev.weir.clock.Clock;
import dev.weir.clock.PausableClock;
import java.util.Arrays;

/**
 * Watermarks of a source that reads several splits (docs/semantics.md §1, split-level watermarks):
 * one generator per split, combined by a {@link SplitWatermarkMultiplexer} so the source emits
 * the minimum over its splits. As in Flink, a generator's {@code onEvent} emissions go to the
 * split's immediate output and its periodic ones to the deferred output, combined once per
 * {@link #periodicEmit()}. Each split measures idleness on its own pausable clock, which follows
 * the source's activity clock (so it stands still while the source is back-pressured or paused)
 * and also stops while the split alone is paused for alignment. Splits are addressed by the
 * reader's own index, a small non-negative int. Not thread-safe: the source's thread only.
 *
 * @param <T> the record type
 */
public final class SplitWatermarks<T> {
    private final WatermarkStrategy<T> strategy;
    private final Clock activityClock;
    private final SplitWatermarkMultiplexer multiplexer;
    private int[] slots = new int[0];
    private WatermarkGenerator<T>[] generators = newGenerators(0);
    private WatermarkOutput[] immediateOutputs = new WatermarkOutput[0];
    private WatermarkOutput[] deferredOutputs = new WatermarkOutput[0];
    private PausableClock[] clocks = new PausableClock[0];
    private boolean[] ended = new boolean[0];
    private int addedSplits;
    private int liveSplits;

    /**
     * @param strategy makes one generator per split
     * @param activityClock the source's activity clock
     * @param sourceOutput the source's own output, which receives the combined watermark
     */
    public SplitWatermarks(final WatermarkStrategy<T> strategy, final Clock activityClock, final WatermarkOutput sourceOutput) {
        this.strategy = strategy;
        this.activityClock = activityClock;
        this.multiplexer = new SplitWatermarkMultiplexer(sourceOutput);
    }

    @SuppressWarnings("unchecked")
    private static <T> WatermarkGenerator<T>[] newGenerators(final int length) {
        return (WatermarkGenerator<T>[]) new WatermarkGenerator<?>[length];
    }

    /**
     * Registers a split: it starts at MIN and holds the source back until it emits.
     *
     * @param split the reader's index of the split, not negative
     * @throws IllegalStateException if the split was added before
     */
    public void addSplit(final int split) {
        if (split < 0) {
            throw new IllegalArgumentException("a split index must not be negative: " + split);
        }
        if (split >= generators.length) {
            final int length = Math.max(split + 1, generators.length * 2);
            slots = Arrays.copyOf(slots, length);
            generators = Arrays.copyOf(generators, length);
            immediateOutputs = Arrays.copyOf(immediateOutputs, length);
            deferredOutputs = Arrays.copyOf(deferredOutputs, length);
            clocks = Arrays.copyOf(clocks, length);
            ended = Arrays.copyOf(ended, length);
        }
        if (generators[split] != null) {
            throw new IllegalStateException("split " + split + " was added already");
        }
        final PausableClock clock = new PausableClock(activityClock);
        immediateOutputs[split] = multiplexer.addSplit();
        slots[split] = addedSplits++;
        deferredOutputs[split] = multiplexer.deferredOutput(slots[split]);
        clocks[split] = clock;
        generators[split] = strategy.createGenerator(clock);
        liveSplits++;
    }

    /**
     * Shows a record to its split's generator, after the record went downstream.
     *
     * @param split the record's split, added and not ended
     * @param element the record
     * @param timestamp its event time
     */
    public void onRecord(final int split, final T element, final long timestamp) {
        generators[split].onEvent(element, timestamp, immediateOutputs[split]);
    }

    /** Runs every live split's periodic emission (and idleness check), then combines them once. */
    public void periodicEmit() {
        for (int i = 0; i < generators.length; i++) {
            if (generators[i] != null && !ended[i]) {
                generators[i].onPeriodicEmit(deferredOutputs[i]);
            }
        }
        multiplexer.onPeriodicEmit();
    }

    /**
     * Ends a split: it stops holding the source back from the next combination on. Idempotent.
     *
     * @param split an added split
     */
    public void endSplit(final int split) {
        requireAdded(split);
        if (!ended[split]) {
            ended[split] = true;
            liveSplits--;
            multiplexer.removeSplit(slots[split]);
        }
    }

    /**
     * @param split a split index
     * @return true if the split was added
     */
    public boolean isAdded(final int split) {
        return split >= 0 && split < generators.length && generators[split] != null;
    }

    /**
     * @param split a split index
     * @return true if the split was added and has not ended
     */
    public boolean isLive(final int split) {
        return isAdded(split) && !ended[split];
    }

    /** @return a bound above every split index added: iterate below it with {@link #isAdded(int)} */
    public int indexBound() {
        return generators.length;
    }

    /** @return the splits added and not ended */
    public int liveSplits() {
        return liveSplits;
    }

    /**
     * @param split an added split
     * @return the highest watermark the split's generator emitted (MIN before the first)
     */
    public long splitWatermark(final int split) {
        requireAdded(split);
        return multiplexer.splitWatermark(slots[split]);
    }

    /**
     * Stops the split's idleness clock while it alone is paused (for alignment).
     *
     * @param split an added split
     */
    public void pauseSplit(final int split) {
        requireAdded(split);
        clocks[split].pause();
    }

    /** @param split an added split whose idleness clock runs again */
    public void resumeSplit(final int split) {
        requireAdded(split);
        clocks[split].resume();
    }

    /**
     * @param split an added split
     * @return true while the split's idleness clock is paused
     */
    public boolean isSplitPaused(final int split) {
        requireAdded(split);
        return clocks[split].isPaused();
    }

    /** @return the last combined watermark */
    public long combinedWatermark() {
        return multiplexer.combinedWatermark();
    }

    private void requireAdded(final int split) {
        if (!isAdded(split)) {
            throw new IllegalArgumentException("no split " + split);
        }
    }
}
