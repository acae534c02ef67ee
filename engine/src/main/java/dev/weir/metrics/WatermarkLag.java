package dev.weir.metrics;

/** How far a watermark trails processing time, saturated so that it never overflows. */
public final class WatermarkLag {
    private WatermarkLag() {
    }

    /**
     * @param nowMillis processing time
     * @param watermark a watermark
     * @return {@code nowMillis - watermark}; {@code Long.MAX_VALUE} while the watermark is
     *     still {@code Long.MIN_VALUE} (nothing arrived: infinitely behind); 0 when the watermark
     *     is at or ahead of processing time (e.g. MAX after end of input)
     */
    public static long millis(final long nowMillis, final long watermark) {
        if (watermark == Long.MIN_VALUE) {
            return Long.MAX_VALUE;
        }
        if (watermark >= nowMillis) {
            return 0;
        }
        final long lag = nowMillis - watermark;
        return lag < 0 ? Long.MAX_VALUE : lag;
    }
}
