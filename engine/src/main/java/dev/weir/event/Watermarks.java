package dev.weir.event;

/** Canonical text of watermark values: {@code MIN} and {@code MAX} for the extremes, else the number. */
public final class Watermarks {
    private Watermarks() {
    }

    /**
     * @param watermark a watermark in milliseconds
     * @return "MIN", "MAX" or the decimal value
     */
    public static String format(final long watermark) {
        if (watermark == Long.MAX_VALUE) {
            return "MAX";
        }
        if (watermark == Long.MIN_VALUE) {
            return "MIN";
        }
        return Long.toString(watermark);
    }
}
