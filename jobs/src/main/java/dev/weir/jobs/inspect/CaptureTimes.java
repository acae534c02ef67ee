package dev.weir.jobs.inspect;

import java.math.BigDecimal;
import java.time.Instant;

/** Capture times and durations as text, exact to the nanosecond. */
final class CaptureTimes {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private CaptureTimes() {
    }

    /** @return the instant as ISO-8601 in UTC, e.g. {@code 2026-12-01T10:04:03.667326319Z} (trailing zeros of the fraction dropped in threes) */
    static String iso(final long epochNanos) {
        return Instant.ofEpochSecond(Math.floorDiv(epochNanos, NANOS_PER_SECOND), Math.floorMod(epochNanos, NANOS_PER_SECOND)).toString();
    }

    /** @return the duration in seconds with nine decimals, e.g. {@code 0.041283319} */
    static String seconds(final long nanos) {
        return BigDecimal.valueOf(nanos, 9).toPlainString();
    }
}
