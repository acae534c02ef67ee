package dev.weir.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.weir.window.TimeWindow;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link WindowAssignment}: the windows each assigner gives the records it is fed. */
class WindowAssignmentTest {
    @Test
    void tumblingGivesTheSecondOfEachRecordAndReusesItsWindow() {
        final WindowAssignment benchmark = assignment();
        TimeWindow previous = null;
        for (int n = 1; n <= 1_000; n++) {
            final long timestamp = n * WindowAssignment.STEP;
            final TimeWindow window = benchmark.tumbling();
            assertEquals(new TimeWindow(timestamp / 1_000 * 1_000, timestamp / 1_000 * 1_000 + 1_000), window);
            if (previous != null && previous.equals(window)) {
                assertSame(previous, window, "the same window object for records of one second");
            }
            previous = window;
        }
    }

    @Test
    void slidingGivesTenWindowsToEveryRecordAndReusesThem() {
        final WindowAssignment benchmark = assignment();
        final List<TimeWindow> previous = new ArrayList<>();
        for (int n = 1; n <= 1_000; n++) {
            final long timestamp = n * WindowAssignment.STEP;
            assertEquals(10, benchmark.sliding());
            final List<TimeWindow> windows = benchmark.assigned();
            for (int w = 0; w < 10; w++) {
                final long start = timestamp / 1_000 * 1_000 - w * 1_000L;
                assertEquals(new TimeWindow(start, start + 10_000), windows.get(w), "record " + n + ", window " + w);
                for (final TimeWindow earlier : previous) {
                    if (earlier.equals(windows.get(w))) {
                        assertSame(earlier, windows.get(w), "the same window object for every record it holds");
                    }
                }
            }
            previous.clear();
            previous.addAll(windows);
        }
    }

    private static WindowAssignment assignment() {
        final WindowAssignment benchmark = new WindowAssignment();
        benchmark.startTime();
        return benchmark;
    }
}
