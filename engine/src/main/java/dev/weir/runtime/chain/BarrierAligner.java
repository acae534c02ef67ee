package dev.weir.runtime.chain;

import java.util.Arrays;

/**
 * Aligns checkpoint barriers over a task's input channels: once the barrier of checkpoint n has
 * arrived on a channel, the task stops polling that channel (the records behind the barrier
 * wait in its ring) until barrier n has arrived on every channel that has not ended; then the
 * {@link Handler} snapshots the task and forwards the barrier, and every channel is polled
 * again. Watermarks and status of the channels still being polled pass as usual. One
 * checkpoint is aligned at a time (the coordinator starts the next only after this one
 * completed). The task's thread only; allocation-free.
 */
public final class BarrierAligner {
    /** What a task does once a checkpoint's barrier has arrived on every input channel. */
    @FunctionalInterface
    public interface Handler {
        /** @param checkpointId the checkpoint whose barrier arrived on every open channel */
        void aligned(long checkpointId);
    }

    private final boolean[] blocked;
    private final Handler handler;
    private int open;
    private int arrived;
    private long checkpointId;

    /**
     * @param channels the task's input channels
     * @param handler snapshots and forwards the barrier once aligned
     */
    public BarrierAligner(final int channels, final Handler handler) {
        this.blocked = new boolean[channels];
        this.open = channels;
        this.handler = handler;
    }

    /**
     * @param channel an input channel
     * @return true while the channel has delivered the barrier being aligned: do not poll it
     */
    public boolean isBlocked(final int channel) {
        return blocked[channel];
    }

    /**
     * @param channel the channel the barrier arrived on
     * @param id its checkpoint
     * @throws IllegalStateException if it belongs to another checkpoint than the one being aligned
     */
    public void barrier(final int channel, final long id) {
        if (arrived > 0 && id != checkpointId) {
            throw new IllegalStateException("barrier of checkpoint " + id + " arrived while checkpoint " + checkpointId + " is aligned");
        }
        checkpointId = id;
        blocked[channel] = true;
        arrived++;
        completeIfAligned();
    }

    /** @param channel a channel that delivered end of input: alignment no longer waits for it */
    public void channelEnded(final int channel) {
        open--;
        if (arrived > 0) {
            completeIfAligned();
        }
    }

    private void completeIfAligned() {
        if (arrived >= open) {
            arrived = 0;
            handler.aligned(checkpointId);
            Arrays.fill(blocked, false);
        }
    }

    /** @return true while some channel waits for the others' barriers */
    public boolean isAligning() {
        return arrived > 0;
    }
}
