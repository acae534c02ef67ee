package dev.weir.time;

import dev.weir.clock.Clock;
import dev.weir.event.WatermarkSink;

/**
 * Timestamps and watermarks of one source stream (one channel): the strategy's assigner and
 * generator feeding a {@link ChannelWatermarkOutput}. Not thread-safe.
 *
 * @param <T> the record type
 */
public final class StreamWatermarks<T> {
    private final WatermarkStrategy<T> strategy;
    private final WatermarkGenerator<T> generator;
    private final ChannelWatermarkOutput output;
    private boolean ended;

    /**
     * @param strategy how timestamps and watermarks are made
     * @param activityClock the clock idleness is measured on
     * @param downstream receives the stream's watermarks and status
     */
    public StreamWatermarks(final WatermarkStrategy<T> strategy, final Clock activityClock, final WatermarkSink downstream) {
        this.strategy = strategy;
        this.generator = strategy.createGenerator(activityClock);
        this.output = new ChannelWatermarkOutput(downstream);
    }

    /**
     * @param element a record
     * @param recordTimestamp the timestamp it carries, or {@link TimestampAssigner#NO_TIMESTAMP}
     * @return its event time
     */
    public long timestampOf(final T element, final long recordTimestamp) {
        return strategy.timestampOf(element, recordTimestamp);
    }

    /**
     * Shows a record to the generator, after the record went downstream.
     *
     * @param element the record
     * @param timestamp its event time
     */
    public void onRecord(final T element, final long timestamp) {
        if (!ended) {
            generator.onEvent(element, timestamp, output);
        }
    }

    /** Runs the generator's periodic emission (and the idleness check). */
    public void periodicEmit() {
        if (!ended) {
            generator.onPeriodicEmit(output);
        }
    }

    /** @return the output that explicit watermarks and status announcements go to */
    public WatermarkOutput output() {
        return output;
    }

    /** Ends the stream: emits MAX (turning an idle stream active) and stops the generator. */
    public void end() {
        if (!ended) {
            ended = true;
            output.emitWatermark(Long.MAX_VALUE);
        }
    }

    /** @return true once {@link #end()} was called */
    public boolean isEnded() {
        return ended;
    }

    /** @return the periodic emission interval of the strategy */
    public long intervalMillis() {
        return strategy.intervalMillis();
    }

    /** @return true while the stream is declared idle */
    public boolean isIdle() {
        return output.isIdle();
    }

    /** @return the last watermark this stream forwarded */
    public long currentWatermark() {
        return output.currentWatermark();
    }

    /**
     * @return when, without new records, a periodic emission could next declare this stream
     *     idle: {@link Long#MIN_VALUE} if the next one may change its idleness state,
     *     {@link Long#MAX_VALUE} if none will (no idleness, already idle, or ended)
     */
    public long nextIdlenessChangeMillis() {
        if (ended || !(generator instanceof WatermarksWithIdleness)) {
            return Long.MAX_VALUE;
        }
        return ((WatermarksWithIdleness<T>) generator).nextIdlenessChangeMillis();
    }
}
