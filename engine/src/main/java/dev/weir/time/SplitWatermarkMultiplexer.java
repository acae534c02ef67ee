package dev.weir.time;

import java.util.Arrays;

/**
 * Combines the watermarks of the splits one source reads (SEMANTICS.md §1, split-level
 * watermarks): every split has its own output, and the source emits the minimum over its
 * non-idle splits, only when that minimum rises; when every split is idle the source is idle,
 * and it is active again as soon as one split is. The same rule combines the two inputs of a
 * two-input operator (SEMANTICS.md §2). Not thread-safe.
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
     * @return the output for that split's generator
     */
    public WatermarkOutput addSplit() {
        final int split = watermarks.length;
        watermarks = Arrays.copyOf(watermarks, split + 1);
        idle = Arrays.copyOf(idle, split + 1);
        watermarks[split] = Long.MIN_VALUE;
        return new SplitOutput(split);
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

        SplitOutput(final int split) {
            this.split = split;
        }

        @Override
        public void emitWatermark(final long watermark) {
            final boolean wasIdle = idle[split];
            idle[split] = false;
            if (watermark > watermarks[split]) {
                watermarks[split] = watermark;
                update();
            } else if (wasIdle) {
                update();
            }
        }

        @Override
        public void markIdle() {
            if (!idle[split]) {
                idle[split] = true;
                update();
            }
        }

        @Override
        public void markActive() {
            if (idle[split]) {
                idle[split] = false;
                update();
            }
        }
    }
}
