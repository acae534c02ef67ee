package dev.weir.time;

import dev.weir.clock.Clock;

/**
 * Wraps a generator so that a stream without records is marked idle instead of emitting
 * (docs/semantics.md §1), once per idle period as in Flink. The stream becomes active again with
 * its next strictly higher watermark.
 *
 * @param <T> the record type
 */
public final class WatermarksWithIdleness<T> implements WatermarkGenerator<T> {
    private final WatermarkGenerator<T> watermarks;
    private final IdlenessTimer idlenessTimer;
    private boolean idleNow;

    /**
     * @param watermarks the generator to wrap
     * @param clock the source's activity clock
     * @param idleTimeoutMillis how long without records before the stream is idle
     */
    public WatermarksWithIdleness(final WatermarkGenerator<T> watermarks, final Clock clock, final long idleTimeoutMillis) {
        this.watermarks = watermarks;
        this.idlenessTimer = new IdlenessTimer(clock, idleTimeoutMillis);
    }

    @Override
    public void onEvent(final T event, final long timestamp, final WatermarkOutput output) {
        watermarks.onEvent(event, timestamp, output);
        idlenessTimer.activity();
        idleNow = false;
    }

    @Override
    public void onPeriodicEmit(final WatermarkOutput output) {
        if (idlenessTimer.checkIfIdle()) {
            if (!idleNow) {
                output.markIdle();
                idleNow = true;
            }
        } else {
            watermarks.onPeriodicEmit(output);
        }
    }

    /**
     * @return when, without new records, a periodic emission could next change what this
     *     generator says: {@link Long#MAX_VALUE} once idleness is declared (it is declared once
     *     per idle period), else {@link IdlenessTimer#nextChangeMillis}; the wrapped generator's
     *     own emissions are assumed to repeat the last watermark
     */
    public long nextIdlenessChangeMillis() {
        return idleNow ? Long.MAX_VALUE : idlenessTimer.nextChangeMillis();
    }
}
