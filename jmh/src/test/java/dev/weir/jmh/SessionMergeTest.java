package dev.weir.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.window.TimeWindow;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link SessionMerge}: the new window joins the key's last two sessions, and only those. */
class SessionMergeTest {
    @ParameterizedTest
    @ValueSource(ints = {2, 3, 16})
    void theNewSessionJoinsTheLastTwo(final int sessions) {
        final SessionMerge benchmark = new SessionMerge();
        benchmark.sessions = sessions;
        benchmark.createWindows();
        final long lastStart = SessionMerge.SPACING * (sessions - 1);
        final TimeWindow merged = new TimeWindow(lastStart - SessionMerge.SPACING, lastStart + SessionMerge.GAP);
        assertEquals(merged, benchmark.merge());
        assertEquals(merged, benchmark.merge(), "the in-flight windows are left as they were");
    }
}
