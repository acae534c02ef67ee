package dev.weir.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.weir.window.TimeWindow;
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
    void slidingGivesTenWindowsToEveryRecord() {
        final WindowAssignment benchmark = assignment();
        for (int n = 1; n <= 1_000; n++) {
            assertEquals(10, benchmark.sliding());
        }
    }

    private static WindowAssignment assignment() {
        final WindowAssignment benchmark = new WindowAssignment();
        benchmark.startTime();
        return benchmark;
    }
}
