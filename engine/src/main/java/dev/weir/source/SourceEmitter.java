package dev.weir.source;

import dev.weir.event.WatermarkSink;
import dev.weir.event.WatermarkStatus;
import dev.weir.runtime.OperatorChain;
import dev.weir.time.Clock;
import dev.weir.time.PausableClock;
import dev.weir.time.StreamWatermarks;
import dev.weir.time.WatermarkOutput;
import dev.weir.time.WatermarkStrategy;

/**
 * One source instance's emission path: timestamps and watermarks from the strategy (with
 * periodic emission on the clock and idleness measured on a pausable clock), then the
 * operators fused behind the source. Owned by the one thread that feeds the source.
 *
 * @param <T> the record type
 */
public final class SourceEmitter<T> {
    private final Clock clock;
    private final PausableClock activityClock;
    private final OperatorChain chain;
    private final StreamWatermarks<T> watermarks;
    private final long intervalMillis;
    private long nextEmissionMillis;
    private boolean ended;
    private long recordsOut;

    /**
     * @param strategy timestamps and watermarks
     * @param clock processing time
     * @param chain the operators after the source, opened
     */
    public SourceEmitter(final WatermarkStrategy<T> strategy, final Clock clock, final OperatorChain chain) {
        this.clock = clock;
        this.activityClock = new PausableClock(clock);
        this.chain = chain;
        this.watermarks = new StreamWatermarks<>(strategy, activityClock, new WatermarkSink() {
            @Override
            public void watermark(final long watermark) {
                chain.watermark(watermark);
            }

            @Override
            public void status(final WatermarkStatus status) {
                chain.status(status);
            }
        });
        this.intervalMillis = strategy.intervalMillis();
        this.nextEmissionMillis = intervalMillis > 0 ? clock.millis() + intervalMillis : Long.MAX_VALUE;
    }

    /**
     * @param value a record
     * @param recordTimestamp the timestamp it carries, or {@code Long.MIN_VALUE}
     */
    public void emit(final T value, final long recordTimestamp) {
        final long timestamp = watermarks.timestampOf(value, recordTimestamp);
        recordsOut++;
        chain.record(value, timestamp);
        watermarks.onRecord(value, timestamp);
    }

    /**
     * Runs the periodic watermark emission and the chained operators' processing-time timers
     * when they are due.
     *
     * @return true if anything ran
     */
    public boolean poll() {
        final long now = clock.millis();
        boolean ran = false;
        if (now >= nextEmissionMillis && !ended) {
            watermarks.periodicEmit();
            nextEmissionMillis = now + intervalMillis;
            ran = true;
        }
        if (now >= chain.nextProcessingTime()) {
            chain.advanceProcessingTime(now);
            ran = true;
        }
        return ran;
    }

    /** @return where explicit watermarks and idle/active announcements of this source go */
    public WatermarkOutput watermarkOutput() {
        return watermarks.output();
    }

    /** Stops the idleness clock while the source cannot read (back-pressure, alignment). */
    public void pause() {
        activityClock.pause();
    }

    /** Restarts the idleness clock. */
    public void resume() {
        activityClock.resume();
    }

    /** End of input: MAX, then the chain ends and end of input goes downstream. */
    public void end() {
        if (!ended) {
            ended = true;
            watermarks.end();
            chain.endInput();
        }
    }

    /** @return true once ended */
    public boolean isEnded() {
        return ended;
    }

    /** @return the last watermark the source emitted */
    public long currentWatermark() {
        return watermarks.currentWatermark();
    }

    /** @return records emitted */
    public long recordsOut() {
        return recordsOut;
    }

    /** @return the operators behind the source */
    public OperatorChain chain() {
        return chain;
    }
}
