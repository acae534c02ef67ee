package dev.weir.time;

import java.util.Arrays;

/**
 * Combines the watermarks of the splits one source reads (SEMANTICS.md §1, split-level
 * watermarks): the source emits the minimum over its non-idle splits, only when that minimum
 * rises; when every split is idle the source is idle, and it is active again as soon as one
 * split is. Each split has two outputs, as in Flink: an immediate one (watermarks emitted from
 * {@code onEvent}, combined at once) and a deferred one (periodic watermarks, combined once per
 * interval by {@link #onPeriodicEmit()}, so one interval's updates yield one combined watermark).
 * The same rule combines the two inputs of a two-input operator (SEMANTICS.md §2).
 * Not thread-safe.
 */
public final class SplitWatermarkMultiplexer {
    private final WatermarkOutput downstream;
    private long[] watermarks = new long[0];
    private boolean[] idle = new boolean[0];
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
        watermarks[split] = Long.MIN_VALUE;
        return new SplitOutput(split, true);
    }

    /**
     * @param split a split's index, in the order the splits were added
     * @return an output whose updates are combined only by {@link #onPeriodicEmit()}
     */
    public WatermarkOutput deferredOutput(final int split) {
        if (split < 0 || split >= watermarks.length) {
            throw new IllegalArgumentException("no split " + split + ": " + watermarks.length + " split(s) added");
        }
        return new SplitOutput(split, false);
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
        for (int i = 0; i < watermarks.length; i++) {
            if (!idle[i]) {
                allIdle = false;
                min = Math.min(min, watermarks[i]);
            }
        }
        if (!allIdle && min > combinedWatermark) {
            combinedWatermark = min;
            downstream.emitWatermark(min);
        } else if (allIdle && watermarks.length > 0) {
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
            if (!idle[split]) {
                idle[split] = true;
                if (immediate) {
                    update();
                }
            }
        }

        @Override
        public void markActive() {
            if (idle[split]) {
                idle[split] = false;
                if (immediate) {
                    update();
                }
            }
        }
    }
}
