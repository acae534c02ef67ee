package dev.weir.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.clock.VirtualClock;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §1, idleness timing (Flink's IdlenessTimer): the first check that finds no record
 * since the previous check starts the timer; a later check reports idle once
 * {@code now - start > timeout}, strictly; a record since the last check resets it.
 */
class IdlenessTimerTest {
    private final VirtualClock clock = new VirtualClock(0);
    private final IdlenessTimer timer = new IdlenessTimer(clock, 1000);

    @Test
    void theFirstCheckWithoutRecordsStartsTheTimerAndIsNotIdle() {
        assertFalse(timer.checkIfIdle());
        clock.advanceTo(1000);
        assertFalse(timer.checkIfIdle());
    }

    @Test
    void idleOnlyOnceStrictlyMoreThanTheTimeoutPassedSinceTheTimerStarted() {
        clock.advanceTo(50);
        assertFalse(timer.checkIfIdle()); // starts at 50
        clock.advanceTo(1050);
        assertFalse(timer.checkIfIdle()); // exactly the timeout: not yet
        clock.advanceTo(1051);
        assertTrue(timer.checkIfIdle());
        clock.advanceTo(9000);
        assertTrue(timer.checkIfIdle()); // stays idle without records
    }

    @Test
    void aRecordSinceTheLastCheckResetsTheTimer() {
        assertFalse(timer.checkIfIdle()); // starts at 0
        clock.advanceTo(900);
        timer.activity();
        clock.advanceTo(1500);
        assertFalse(timer.checkIfIdle()); // activity seen: reset, although 1500 - 0 > 1000
        clock.advanceTo(1600);
        assertFalse(timer.checkIfIdle()); // starts at 1600
        clock.advanceTo(2600);
        assertFalse(timer.checkIfIdle());
        clock.advanceTo(2601);
        assertTrue(timer.checkIfIdle());
        timer.activity();
        assertFalse(timer.checkIfIdle()); // a record ends idleness at the next check
    }

    @Test
    void theNextChangeIsTheFirstTimeACheckDeclaresIdlenessOnceTheTimerRuns() {
        assertEquals(Long.MIN_VALUE, timer.nextChangeMillis()); // the next check starts the timer
        clock.advanceTo(50);
        assertFalse(timer.checkIfIdle());
        assertEquals(1051, timer.nextChangeMillis());
        clock.advanceTo(1050);
        assertFalse(timer.checkIfIdle());
        assertEquals(1051, timer.nextChangeMillis());
        timer.activity();
        assertEquals(Long.MIN_VALUE, timer.nextChangeMillis()); // the next check resets it
        assertFalse(timer.checkIfIdle());
        assertEquals(Long.MIN_VALUE, timer.nextChangeMillis());
    }

    @Test
    void theNextChangeSaturatesForTheLongestTimeout() {
        final IdlenessTimer longest = new IdlenessTimer(clock, Long.MAX_VALUE);
        clock.advanceTo(7);
        assertFalse(longest.checkIfIdle());
        assertEquals(Long.MAX_VALUE, longest.nextChangeMillis());
    }
}
