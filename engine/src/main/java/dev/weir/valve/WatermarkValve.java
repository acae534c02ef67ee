package dev.weir.valve;

import dev.weir.event.WatermarkSink;
import dev.weir.event.WatermarkStatus;

/**
 * Merges the watermarks and statuses of an operator input's channels (docs/semantics.md §2).
 * Each channel has a watermark, a status and an aligned flag. A regressing watermark is
 * ignored; the output is the minimum over active, aligned channels, emitted only when it
 * rises. A channel turning idle leaves the minimum; when all are idle the valve flushes the
 * maximum watermark and goes idle. A channel returning active rejoins the minimum only once
 * its watermark has reached the last output (aligned), so the output never goes back.
 * Not thread-safe: owned by the task that reads the input.
 */
public final class WatermarkValve {
    private final WatermarkSink output;
    private final long[] watermarks;
    private final boolean[] idle;
    private final ChannelHeap aligned;
    private long lastOutputWatermark = Long.MIN_VALUE;
    private boolean outputIdle;

    /**
     * @param channels the number of input channels, at least 1
     * @param output receives the merged watermarks and status changes
     */
    public WatermarkValve(final int channels, final WatermarkSink output) {
        if (channels < 1) {
            throw new IllegalArgumentException("a valve needs at least one channel: " + channels);
        }
        this.output = output;
        this.watermarks = new long[channels];
        this.idle = new boolean[channels];
        java.util.Arrays.fill(watermarks, Long.MIN_VALUE);
        this.aligned = new ChannelHeap(watermarks);
        for (int channel = 0; channel < channels; channel++) {
            aligned.add(channel);
        }
    }

    /**
     * Takes a watermark from one channel.
     *
     * @param watermark the channel's watermark
     * @param channel the channel index
     */
    public void inputWatermark(final long watermark, final int channel) {
        if (outputIdle || idle[channel] || watermark <= watermarks[channel]) {
            return;
        }
        watermarks[channel] = watermark;
        if (aligned.contains(channel)) {
            aligned.increased(channel);
        } else if (watermark >= lastOutputWatermark) {
            aligned.add(channel);
        }
        emitNewMinimum();
    }

    /**
     * Takes a status change from one channel; repeated statuses are ignored.
     *
     * @param status the channel's new status
     * @param channel the channel index
     */
    public void inputStatus(final WatermarkStatus status, final int channel) {
        if (status.isIdle() && !idle[channel]) {
            idle[channel] = true;
            if (aligned.contains(channel)) {
                aligned.remove(channel);
            }
            if (aligned.isEmpty() && allIdle()) {
                if (watermarks[channel] == lastOutputWatermark) {
                    emitMaximum();
                }
                outputIdle = true;
                output.status(WatermarkStatus.IDLE);
            } else if (watermarks[channel] == lastOutputWatermark) {
                emitNewMinimum();
            }
        } else if (!status.isIdle() && idle[channel]) {
            idle[channel] = false;
            if (watermarks[channel] >= lastOutputWatermark) {
                aligned.add(channel);
            }
            if (outputIdle) {
                outputIdle = false;
                output.status(WatermarkStatus.ACTIVE);
            }
        }
    }

    private boolean allIdle() {
        for (final boolean channelIdle : idle) {
            if (!channelIdle) {
                return false;
            }
        }
        return true;
    }

    private void emitNewMinimum() {
        if (!aligned.isEmpty()) {
            final long minimum = watermarks[aligned.peek()];
            if (minimum > lastOutputWatermark) {
                lastOutputWatermark = minimum;
                output.watermark(minimum);
            }
        }
    }

    private void emitMaximum() {
        long maximum = Long.MIN_VALUE;
        for (final long watermark : watermarks) {
            maximum = Math.max(maximum, watermark);
        }
        if (maximum > lastOutputWatermark) {
            lastOutputWatermark = maximum;
            output.watermark(maximum);
        }
    }

    /** @return the number of input channels */
    public int channels() {
        return watermarks.length;
    }

    /** @return the last watermark the valve emitted */
    public long lastOutputWatermark() {
        return lastOutputWatermark;
    }

    /** @return true while every channel is idle and the valve's output is idle */
    public boolean isOutputIdle() {
        return outputIdle;
    }

    /**
     * @param channel a channel index
     * @return the channel's last accepted watermark
     */
    public long channelWatermark(final int channel) {
        return watermarks[channel];
    }

    /**
     * @param channel a channel index
     * @return true if the channel is idle
     */
    public boolean isChannelIdle(final int channel) {
        return idle[channel];
    }

    /**
     * @param channel a channel index
     * @return true if the channel takes part in the minimum
     */
    public boolean isChannelAligned(final int channel) {
        return aligned.contains(channel);
    }

    /**
     * Diagnoses the "windows never fire" case: which channel holds the output back.
     *
     * @return the aligned channel with the lowest watermark, or -1 when none is aligned
     */
    public int minimumChannel() {
        return aligned.isEmpty() ? -1 : aligned.peek();
    }
}
