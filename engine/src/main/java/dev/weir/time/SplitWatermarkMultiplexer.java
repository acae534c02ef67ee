package dev.weir.time;

import java.util.Arrays;

/**
 * Combines the watermarks of the splits one source reads (docs/semantics.md §1, split-level
 * watermarks): the source emits the minimum over its non-idle splits, only when that minimum
 * rises; when every split is idle the source is idle, and it is active again as soon as one
 * split is. Each split has two outputs, as in Flink: an immediate one (watermarks emitted from
 * {@code onEvent}, combined at once) and a deferred one (periodic watermarks, combined once per
 * interval by {@link #onPeriodicEmit()}, so one interval's updates yield one combined watermark).
 * The inputs of a two-input operator are combined by the same minimum in
 * {@code dev.weir.valve.CombinedWatermark} (docs/semantics.md §7). A split
 * that ends is removed ({@link #removeSplit(int)}) and stops holding the source back from the
 * next combination on, as Flink unregisters a finished split's output.
 * Not thread-safe.
 */
public final class SplitWatermarkMultiplexer {
    private final WatermarkOutput downstream;
    private long[] watermarks = new long[0];
    private boolean[] idle = new boolean[0];
    private boolean[] removed = new boolean[0];
    private long combinedWatermark = Long.MIN_VALUE;

    /** @param downstream the source's output */
    public SplitWatermarkMultiplexer(final WatermarkOutput downstream) {
        this.downstream = downstream;
    }

    /**
     * Registers a split; a new split starts active at MIN and so holds the source back.
     *
     * @return the split's immediate output; {@link #deferredOutput(int)} with the split's index
     *     (the number of splits added before it) gives its deferred one
     */
    public WatermarkOutput addSplit() {
        final int split = watermarks.length;
        watermarks = Arrays.copyOf(watermarks, split + 1);
        idle = Arrays.copyOf(idle, split + 1);
        removed = Arrays.copyOf(removed, split + 1);
        watermarks[split] = Long.MIN_VALUE;
        return new SplitOutput(split, true);
    }

    /**
     * @param split a split's index, in the order the splits were added
     * @return an output whose updates are combined only by {@link #onPeriodicEmit()}
     */
    public WatermarkOutput deferredOutput(final int split) {
        requireSplit(split);
        return new SplitOutput(split, false);
    }

    /**
     * Removes a split that ended: from the next combination on (the next periodic emission or
     * immediate update) it no longer counts toward the minimum, and its outputs are ignored.
     * When every split is removed nothing more is combined: the source's end emits MAX.
     * Idempotent.
     *
     * @param split a split's index, in the order the splits were added
     */
    public void removeSplit(final int split) {
        requireSplit(split);
        removed[split] = true;
    }

    /**
     * @param split a split's index, in the order the splits were added
     * @return the highest watermark the split's outputs received (MIN before the first)
     */
    public long splitWatermark(final int split) {
        requireSplit(split);
        return watermarks[split];
    }

    private void requireSplit(final int split) {
        if (split < 0 || split >= watermarks.length) {
            throw new IllegalArgumentException("no split " + split + ": " + watermarks.length + " split(s) added");
        }
    }

    /** Combines what the deferred outputs received since the last call. */
    public void onPeriodicEmit() {
        update();
    }

    /** @return the last combined watermark emitted */
    public long combinedWatermark() {
        return combinedWatermark;
    }

    private void update() {
        long min = Long.MAX_VALUE;
        boolean allIdle = true;
        int live = 0;
        for (int i = 0; i < watermarks.length; i++) {
            if (removed[i]) {
                continue;
            }
            live++;
            if (!idle[i]) {
                allIdle = false;
                min = Math.min(min, watermarks[i]);
            }
        }
        if (live == 0) {
            return;
        }
        if (!allIdle && min > combinedWatermark) {
            combinedWatermark = min;
            downstream.emitWatermark(min);
        } else if (allIdle) {
            downstream.markIdle();
        } else {
            downstream.markActive();
        }
    }

    private final class SplitOutput implements WatermarkOutput {
        private final int split;
        private final boolean immediate;

        SplitOutput(final int split, final boolean immediate) {
            this.split = split;
            this.immediate = immediate;
        }

        @Override
        public void emitWatermark(final long watermark) {
            if (removed[split]) {
                return;
            }
            final boolean wasIdle = idle[split];
            idle[split] = false;
            final boolean raised = watermark > watermarks[split];
            if (raised) {
                watermarks[split] = watermark;
            }
            if (immediate && ((raised && watermark > combinedWatermark) || wasIdle)) {
                update();
            }
        }

        @Override
        public void markIdle() {
            if (!removed[split] && !idle[split]) {
                idle[split] = true;
                if (immediate) {
                    update();
                }
            }
        }

        @Override
        public void markActive() {
            if (!removed[split] && idle[split]) {
                idle[split] = false;
                if (immediate) {
                    update();
                }
            }
        }
    }
}
