package dev.weir.flink.window;

import dev.weir.window.GlobalWindow;
import dev.weir.window.TimeWindow;
import dev.weir.window.Window;

/**
 * Flink's window as Weir's, for Weir code called from a Flink window operator: Flink's
 * {@code TimeWindow} as Weir's {@link TimeWindow} with the same {@code [start, end)}, Flink's
 * {@code GlobalWindow} as {@link GlobalWindow#INSTANCE}. It remembers the last time window it made,
 * so the calls of one window (a trigger's per record) share one Weir window instead of allocating
 * one each. Not thread-safe: one per Flink function instance, which Flink calls from one task thread.
 */
public final class WeirWindowOf {
    private TimeWindow last;

    /**
     * @param window a Flink window
     * @return the same window as Weir's
     */
    public Window of(final org.apache.flink.streaming.api.windowing.windows.Window window) {
        if (!(window instanceof org.apache.flink.streaming.api.windowing.windows.TimeWindow)) {
            return GlobalWindow.INSTANCE;
        }
        final org.apache.flink.streaming.api.windowing.windows.TimeWindow time =
                (org.apache.flink.streaming.api.windowing.windows.TimeWindow) window;
        if (last == null || last.start() != time.getStart() || last.end() != time.getEnd()) {
            last = new TimeWindow(time.getStart(), time.getEnd());
        }
        return last;
    }
}
