package dev.weir.time;

import java.util.Objects;

/**
 * Watermark alignment of a source (docs/semantics.md §5, Flink's FLIP-182): every update interval
 * each source instance in the named group reports its watermark, and an instance (or a split)
 * whose watermark exceeds the group's minimum plus {@code maxDriftMillis} stops reading until
 * the group catches up. Immutable.
 */
public final class WatermarkAlignment {
    /** Flink's default update interval. */
    public static final long DEFAULT_UPDATE_INTERVAL_MILLIS = 1000;

    private final String group;
    private final long maxDriftMillis;
    private final long updateIntervalMillis;

    private WatermarkAlignment(final String group, final long maxDriftMillis, final long updateIntervalMillis) {
        this.group = group;
        this.maxDriftMillis = maxDriftMillis;
        this.updateIntervalMillis = updateIntervalMillis;
    }

    /**
     * @param group the alignment group's name; sources with the same name align with each other
     * @param maxDriftMillis how far, in event time, an instance may run ahead of the group's
     *     slowest one; not negative
     * @return the alignment, with the default update interval of one second
     */
    public static WatermarkAlignment of(final String group, final long maxDriftMillis) {
        Objects.requireNonNull(group, "group");
        if (group.isEmpty()) {
            throw new IllegalArgumentException("the alignment group needs a name");
        }
        if (maxDriftMillis < 0) {
            throw new IllegalArgumentException("maxDrift must not be negative: " + maxDriftMillis);
        }
        return new WatermarkAlignment(group, maxDriftMillis, DEFAULT_UPDATE_INTERVAL_MILLIS);
    }

    /**
     * @param millis how often, in processing time, instances report and re-check; positive
     * @return this alignment with the interval
     */
    public WatermarkAlignment withUpdateInterval(final long millis) {
        if (millis <= 0) {
            throw new IllegalArgumentException("the alignment update interval must be positive: " + millis);
        }
        return new WatermarkAlignment(group, maxDriftMillis, millis);
    }

    /** @return the group's name */
    public String group() {
        return group;
    }

    /** @return the maximum drift in event-time milliseconds */
    public long maxDriftMillis() {
        return maxDriftMillis;
    }

    /** @return the update interval in processing-time milliseconds */
    public long updateIntervalMillis() {
        return updateIntervalMillis;
    }

    /**
     * @param groupMinimum the group's minimum watermark
     * @return the highest watermark an instance may have and keep reading: the minimum plus the
     *     drift, saturated at {@link Long#MAX_VALUE} (an idle or ended group does not overflow)
     */
    public long maxAllowedWatermark(final long groupMinimum) {
        final long sum = groupMinimum + maxDriftMillis;
        return sum < groupMinimum ? Long.MAX_VALUE : sum;
    }

    @Override
    public String toString() {
        return "WatermarkAlignment[group=" + group + ", maxDrift=" + maxDriftMillis + "ms, updateInterval=" + updateIntervalMillis + "ms]";
    }
}
