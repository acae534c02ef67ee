package dev.weir.flink.translation;

import org.apache.flink.streaming.api.TimerService;

/**
 * The time of a broadcast side's call as Flink's {@link TimerService}: its processing time and
 * watermark, and no timers (the broadcast side of Flink's and Weir's broadcast functions has
 * none). Immutable.
 */
final class BroadcastSideTime implements TimerService {
    private final long processingTime;
    private final long watermark;

    BroadcastSideTime(final long processingTime, final long watermark) {
        this.processingTime = processingTime;
        this.watermark = watermark;
    }

    @Override
    public long currentProcessingTime() {
        return processingTime;
    }

    @Override
    public long currentWatermark() {
        return watermark;
    }

    @Override
    public void registerProcessingTimeTimer(final long time) {
        throw new UnsupportedOperationException("the broadcast side has no timers");
    }

    @Override
    public void registerEventTimeTimer(final long time) {
        throw new UnsupportedOperationException("the broadcast side has no timers");
    }

    @Override
    public void deleteProcessingTimeTimer(final long time) {
        throw new UnsupportedOperationException("the broadcast side has no timers");
    }

    @Override
    public void deleteEventTimeTimer(final long time) {
        throw new UnsupportedOperationException("the broadcast side has no timers");
    }
}
