package dev.weir.time;

/**
 * Periodic watermarks that trail the largest timestamp seen by a fixed bound:
 * {@code max - bound - 1} (docs/semantics.md §1; the {@code -1} because a watermark W promises
 * nothing at or below W). The initial maximum is {@code MIN + bound + 1}, so the first
 * watermark is exactly {@link Long#MIN_VALUE} and nothing overflows.
 *
 * @param <T> the record type
 */
public final class BoundedOutOfOrdernessWatermarks<T> implements WatermarkGenerator<T> {
    private final long outOfOrdernessMillis;
    private long maxTimestamp;

    /** @param outOfOrdernessMillis how far records may arrive out of order; 0 = monotonous */
    public BoundedOutOfOrdernessWatermarks(final long outOfOrdernessMillis) {
        if (outOfOrdernessMillis < 0) {
            throw new IllegalArgumentException("maxOutOfOrderness must not be negative: " + outOfOrdernessMillis);
        }
        this.outOfOrdernessMillis = outOfOrdernessMillis;
        this.maxTimestamp = Long.MIN_VALUE + outOfOrdernessMillis + 1;
    }

    @Override
    public void onEvent(final T event, final long timestamp, final WatermarkOutput output) {
        maxTimestamp = Math.max(maxTimestamp, timestamp);
    }

    @Override
    public void onPeriodicEmit(final WatermarkOutput output) {
        output.emitWatermark(maxTimestamp - outOfOrdernessMillis - 1);
    }
}
