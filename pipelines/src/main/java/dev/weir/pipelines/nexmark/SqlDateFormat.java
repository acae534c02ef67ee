package dev.weir.pipelines.nexmark;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * The two {@code DATE_FORMAT}s of the Nexmark queries on a {@code TIMESTAMP(3)}: the day {@code yyyy-MM-dd} and the
 * minute {@code HH:mm}, in UTC (the event time's zone, as in {@link SqlTimestamp}), with the hour of {@code HOUR(...)}.
 */
public final class SqlDateFormat {
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyy-MM-dd").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter MINUTE = DateTimeFormatter.ofPattern("HH:mm").withZone(ZoneOffset.UTC);
    private static final long DAY_MILLIS = 86_400_000L;
    private static final long HOUR_MILLIS = 3_600_000L;

    private SqlDateFormat() {
    }

    /**
     * @param epochMillis milliseconds since the epoch
     * @return {@code DATE_FORMAT(t, 'yyyy-MM-dd')}, such as {@code 1970-01-01}
     */
    public static String day(final long epochMillis) {
        return DAY.format(Instant.ofEpochMilli(epochMillis));
    }

    /**
     * @param epochMillis milliseconds since the epoch
     * @return {@code DATE_FORMAT(t, 'HH:mm')}, such as {@code 00:01}
     */
    public static String minute(final long epochMillis) {
        return MINUTE.format(Instant.ofEpochMilli(epochMillis));
    }

    /**
     * @param epochMillis milliseconds since the epoch
     * @return {@code HOUR(t)}, 0 to 23
     */
    public static int hour(final long epochMillis) {
        return (int) (Math.floorMod(epochMillis, DAY_MILLIS) / HOUR_MILLIS);
    }
}
