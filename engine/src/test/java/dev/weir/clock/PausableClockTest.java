package dev.weir.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §1 and §5: time spent back-pressured or paused for alignment does not count as
 * idle, so the activity clock stands still while paused and continues from there afterwards.
 */
class PausableClockTest {
    private final VirtualClock time = new VirtualClock(100);
    private final PausableClock clock = new PausableClock(time);

    @Test
    void followsItsClockWhileRunning() {
        assertEquals(100, clock.millis());
        time.advanceTo(250);
        assertEquals(250, clock.millis());
        assertFalse(clock.isPaused());
    }

    @Test
    void standsStillWhilePausedAndContinuesFromWhereItStopped() {
        time.advanceTo(250);
        clock.pause();
        time.advanceTo(400);
        assertEquals(250, clock.millis());
        assertTrue(clock.isPaused());

        clock.resume();
        assertEquals(250, clock.millis());
        time.advanceTo(500);
        assertEquals(350, clock.millis());
        assertFalse(clock.isPaused());
    }

    @Test
    void pausesAddUpAndPauseAndResumeAreIdempotent() {
        time.advanceTo(200);
        clock.pause();
        time.advanceTo(300);
        clock.pause();
        time.advanceTo(400);
        clock.resume();
        clock.resume();
        assertEquals(200, clock.millis());
        time.advanceTo(500);
        clock.pause();
        time.advanceTo(800);
        clock.resume();
        time.advanceTo(1000);
        assertEquals(500, clock.millis());
    }

    @Test
    void virtualTimeNeverRunsBackwards() {
        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> time.advanceTo(99));
        assertEquals("virtual time cannot go back from 100 to 99", error.getMessage());
    }
}
