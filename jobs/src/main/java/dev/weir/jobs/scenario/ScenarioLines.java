package dev.weir.jobs.scenario;

import dev.weir.event.WatermarkStatus;
import dev.weir.event.Watermarks;
import dev.weir.pipelines.record.ScenarioRecord;
import dev.weir.window.Window;

/** The canonical output lines of a scenario that are not one-input window results (docs/scenarios.md). */
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
     * @param input the input the record came to
     * @param record a record routed to its input's late side output (interval join)
     * @return its {@code LATE input=...} line
     */
    public static String late(final ScenarioInput input, final ScenarioRecord record) {
        return "LATE input=" + input.id() + " key=" + record.key() + " ts=" + record.timestamp() + " value=" + record.value();
    }

    /**
     * The line of an interval join's pair, but its watermark ({@link #withWatermark}).
     *
     * @param left the left record
     * @param right the right record
     * @param timestamp the pair's timestamp, the larger of both records'
     * @return {@code JOIN key=K left=TS:V right=TS:V ts=T}
     */
    public static String intervalJoin(final ScenarioRecord left, final ScenarioRecord right, final long timestamp) {
        return "JOIN key=" + left.key() + " left=" + left.timestamp() + ":" + left.value() + " right=" + right.timestamp() + ":"
                + right.value() + " ts=" + timestamp;
    }

    /**
     * @param line a line without its watermark
     * @param watermark the operator's current watermark when the line was emitted
     * @return the line with {@code wm=W} appended
     */
    public static String withWatermark(final String line, final long watermark) {
        return line + " wm=" + Watermarks.format(watermark);
    }

    /**
     * @param key the key
     * @param window the window that fired
     * @param left a left element of the window
     * @param right a right element of the window
     * @param watermark the operator's watermark at firing
     * @return {@code JOIN key=K window=[s,e) left=TS:V right=TS:V wm=W}
     */
    public static String windowJoin(final String key, final Window window, final ScenarioRecord left, final ScenarioRecord right,
            final long watermark) {
        return "JOIN key=" + key + " window=" + window + " left=" + left.timestamp() + ":" + left.value() + " right=" + right.timestamp()
                + ":" + right.value() + " wm=" + Watermarks.format(watermark);
    }

    /**
     * @param watermark a watermark that left the valve (or the two-input operator)
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
     * @param lateDropped records dropped as late over every window (or join) instance
     * @return the closing {@code # lateDropped=N} line
     */
    public static String summary(final long lateDropped) {
        return "# lateDropped=" + lateDropped;
    }
}
