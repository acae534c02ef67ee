package dev.weir.pipelines.scenario;

import dev.weir.event.WatermarkStatus;
import dev.weir.event.Watermarks;

/** The canonical output lines of a scenario that are not window results (docs/scenarios.md). */
public final class ScenarioLines {
    private ScenarioLines() {
    }

    /**
     * @param record a record routed to the late side output
     * @return its {@code LATE} line
     */
    public static String late(final ScenarioRecord record) {
        return "LATE key=" + record.key() + " ts=" + record.timestamp() + " value=" + record.value();
    }

    /**
     * @param watermark a watermark that left the valve
     * @return its {@code WM} line
     */
    public static String watermark(final long watermark) {
        return "WM " + Watermarks.format(watermark);
    }

    /**
     * @param status a status change that left the valve
     * @return its {@code STATUS} line
     */
    public static String status(final WatermarkStatus status) {
        return "STATUS " + status.name();
    }

    /**
     * @param lateDropped records dropped as late over every window instance
     * @return the closing {@code # lateDropped=N} line
     */
    public static String summary(final long lateDropped) {
        return "# lateDropped=" + lateDropped;
    }
}
