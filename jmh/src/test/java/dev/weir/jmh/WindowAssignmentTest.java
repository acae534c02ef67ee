package dev.weir.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.weir.window.TimeWindow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link WindowAssignment}: the windows each assigner gives the records it is fed. */
class WindowAssignmentTest {
    @Test
    void tumblingGivesTheSecondOfEachRecordAndReusesItsWindow() {
        final WindowAssignment benchmark = assignment(2);
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
        final WindowAssignment benchmark = assignment(2);
        for (int n = 1; n <= 1_000; n++) {
            assertEquals(10, benchmark.sliding());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 16})
    void theNewSessionJoinsTheLastTwo(final int sessions) {
        final WindowAssignment benchmark = assignment(sessions);
        final long lastStart = WindowAssignment.SPACING * (sessions - 1);
        final TimeWindow merged = new TimeWindow(lastStart - WindowAssignment.SPACING, lastStart + WindowAssignment.GAP);
        assertEquals(merged, benchmark.sessionMerge());
        assertEquals(merged, benchmark.sessionMerge(), "the in-flight windows are left as they were");
    }

    private static WindowAssignment assignment(final int sessions) {
        final WindowAssignment benchmark = new WindowAssignment();
        benchmark.sessions = sessions;
        benchmark.createWindows();
        return benchmark;
    }
}
