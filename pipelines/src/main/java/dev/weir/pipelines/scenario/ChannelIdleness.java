package dev.weir.pipelines.scenario;

import dev.weir.time.Clock;
import dev.weir.time.NoWatermarks;
import dev.weir.time.WatermarkOutput;
import dev.weir.time.WatermarksWithIdleness;

/**
 * The element-file reader's copy of every channel's idleness timer on the threaded runtime. The
 * source tasks run the real timers on their own threads; fed the same records and ticks on the
 * same virtual clock, this copy tells the reader when the next idleness declaration is due, so
 * it can skip the ticks before it as the deterministic driver does, instead of stepping through
 * billions of them. Not thread-safe: the reader thread only.
 */
final class ChannelIdleness {
    private static final WatermarkOutput NOWHERE = new WatermarkOutput() {
        @Override
        public void emitWatermark(final long watermark) {
            // only the timing matters here
        }

        @Override
        public void markIdle() {
            // only the timing matters here
        }

        @Override
        public void markActive() {
            // only the timing matters here
        }
    };

    private final WatermarksWithIdleness<Object>[] channels;

    /**
     * @param channels the number of channels
     * @param idlenessMillis the idleness timeout, or 0 for none
     * @param clock the reader's virtual clock, which the source tasks share
     */
    @SuppressWarnings("unchecked")
    ChannelIdleness(final int channels, final long idlenessMillis, final Clock clock) {
        this.channels = new WatermarksWithIdleness[idlenessMillis > 0 ? channels : 0];
        for (int channel = 0; channel < this.channels.length; channel++) {
            this.channels[channel] = new WatermarksWithIdleness<>(new NoWatermarks<>(), clock, idlenessMillis);
        }
    }

    /** @param channel the channel a record was published on */
    void record(final int channel) {
        if (channels.length > 0) {
            channels[channel].onEvent(null, 0, NOWHERE);
        }
    }

    /** @param channel the channel whose periodic emission just ran */
    void tick(final int channel) {
        if (channels.length > 0) {
            channels[channel].onPeriodicEmit(NOWHERE);
        }
    }

    /**
     * @param ended which channels have ended
     * @return the earliest time a periodic emission of a channel still running could declare
     *     it idle: {@link Long#MIN_VALUE} if the next one may, {@link Long#MAX_VALUE} if none will
     */
    long nextChangeMillis(final boolean[] ended) {
        long next = Long.MAX_VALUE;
        for (int channel = 0; channel < channels.length; channel++) {
            if (!ended[channel]) {
                next = Math.min(next, channels[channel].nextIdlenessChangeMillis());
            }
        }
        return next;
    }
}
