package dev.weir.window;

import static dev.weir.window.WindowFixtures.BY_KEY;
import static dev.weir.window.WindowFixtures.describing;
import static dev.weir.window.WindowFixtures.operatorOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.event.MissingTimestampException;
import dev.weir.testing.OperatorHarness;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §1 "A record with no timestamp (Long.MIN_VALUE) entering an event-time window
 * is an error with a clear message": every event-time assigner rejects it; the global
 * window, which needs no time, accepts it.
 */
class MissingTimestampTest {
    private static void assertRejected(final WindowOperatorBuilder<String, String, ?> builder) {
        final OperatorHarness<String, String> harness = describingAny(builder);
        final MissingTimestampException error = assertThrows(MissingTimestampException.class,
                () -> harness.processElement("a:1", Long.MIN_VALUE));
        assertTrue(error.getMessage().contains("record has no timestamp: did you assign timestamps?"), error.getMessage());
        assertEquals(0, operatorOf(harness).stateEntries());
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static OperatorHarness<String, String> describingAny(final WindowOperatorBuilder<String, String, ?> builder) {
        return describing((WindowOperatorBuilder) builder);
    }

    @Test
    void recordWithoutTimestampIntoTumblingEventTimeWindowThrowsMissingTimestamp() {
        assertRejected(WindowOperatorBuilder.of(BY_KEY, TumblingEventTimeWindows.<String>of(1000)));
    }

    @Test
    void recordWithoutTimestampIntoSlidingEventTimeWindowThrowsMissingTimestamp() {
        assertRejected(WindowOperatorBuilder.of(BY_KEY, SlidingEventTimeWindows.<String>of(3000, 1000)));
    }

    @Test
    void recordWithoutTimestampIntoSessionWindowThrowsMissingTimestamp() {
        assertRejected(WindowOperatorBuilder.of(BY_KEY, EventTimeSessionWindows.<String>withGap(3000)));
    }

    @Test
    void recordWithoutTimestampIntoGlobalWindowIsAccepted() {
        final OperatorHarness<String, String> harness = describing(
                WindowOperatorBuilder.of(BY_KEY, GlobalWindows.<String>create()).trigger(CountTrigger.of(2)));
        harness.processElement("a:1", Long.MIN_VALUE);
        harness.processElement("a:2", Long.MIN_VALUE);
        assertEquals(List.of("a global [1, 2] wm=MIN@MAX"), harness.events());
    }
}
