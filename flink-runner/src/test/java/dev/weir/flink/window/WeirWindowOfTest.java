package dev.weir.flink.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.weir.window.GlobalWindow;
import dev.weir.window.TimeWindow;
import dev.weir.window.Window;
import org.junit.jupiter.api.Test;

/** {@link WeirWindowOf}: Flink's windows as Weir's, with the same bounds, one Weir window per run of calls for one window. */
class WeirWindowOfTest {
    @Test
    void timeWindowsKeepTheirBoundsAndTheGlobalWindowIsWeirs() {
        final WeirWindowOf windows = new WeirWindowOf();
        assertEquals(new TimeWindow(0, 1000), windows.of(new org.apache.flink.streaming.api.windowing.windows.TimeWindow(0, 1000)));
        assertEquals(new TimeWindow(-1500, -500), windows.of(new org.apache.flink.streaming.api.windowing.windows.TimeWindow(-1500, -500)));
        assertEquals(new TimeWindow(Long.MAX_VALUE - 10, Long.MAX_VALUE),
                windows.of(new org.apache.flink.streaming.api.windowing.windows.TimeWindow(Long.MAX_VALUE - 10, Long.MAX_VALUE)));
        assertSame(GlobalWindow.INSTANCE, windows.of(org.apache.flink.streaming.api.windowing.windows.GlobalWindow.get()));
    }

    @Test
    void callsForTheSameWindowShareOneWeirWindow() {
        final WeirWindowOf windows = new WeirWindowOf();
        final Window first = windows.of(new org.apache.flink.streaming.api.windowing.windows.TimeWindow(0, 1000));
        assertSame(first, windows.of(new org.apache.flink.streaming.api.windowing.windows.TimeWindow(0, 1000)));
        final Window other = windows.of(new org.apache.flink.streaming.api.windowing.windows.TimeWindow(0, 2000));
        assertEquals(new TimeWindow(0, 2000), other);
        assertEquals(new TimeWindow(500, 1000), windows.of(new org.apache.flink.streaming.api.windowing.windows.TimeWindow(500, 1000)));
    }
}
