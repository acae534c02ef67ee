package dev.weir.pipelines.nexmark;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** How the queries print a {@code TIMESTAMP(3)}: {@code yyyy-MM-dd HH:mm:ss.SSS} in UTC, as Flink SQL casts one to text. */
public final class SqlTimestamp {
    private static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

    private SqlTimestamp() {
    }

    /**
     * @param epochMillis milliseconds since the epoch
     * @return the timestamp's text, such as {@code 1970-01-01 00:00:00.100}
     */
    public static String format(final long epochMillis) {
        return FORMAT.format(Instant.ofEpochMilli(epochMillis));
    }
}
