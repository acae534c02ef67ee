package dev.weir.perf.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.clock.NanoClock;
import org.junit.jupiter.api.Test;

/** The schedule fixes every record's intended time up front, exactly, at any rate. */
final class FixedRateScheduleTest {
    /** A clock that advances by a fixed step on every reading. */
    private static final class SteppingClock implements NanoClock {
        private final long step;
        private long now;
        private long readings;

        SteppingClock(final long start, final long step) {
            this.now = start;
            this.step = step;
        }

        @Override
        public long nanos() {
            readings++;
            final long time = now;
            now += step;
            return time;
        }
    }

    @Test
    void intendedTimesFollowTheRateWithoutDrift() {
        final FixedRateSchedule schedule = new FixedRateSchedule(new SteppingClock(0, 1), 1_000, 3);
        assertEquals(1_000, schedule.intendedNanos(0));
        assertEquals(1_000 + 333_333_333, schedule.intendedNanos(1));
        assertEquals(1_000 + 666_666_666, schedule.intendedNanos(2));
        assertEquals(1_000 + 1_000_000_000, schedule.intendedNanos(3));
        assertEquals(1_000 + 1_000_000_000L * 1_000_000, schedule.intendedNanos(3_000_000));
    }

    @Test
    void aMillionPerSecondIsOneMicrosecondApart() {
        final FixedRateSchedule schedule = new FixedRateSchedule(new SteppingClock(0, 1), 5, 1_000_000);
        for (long i = 0; i < 10_000; i++) {
            assertEquals(5 + i * 1_000, schedule.intendedNanos(i));
        }
    }

    @Test
    void awaitingReturnsTheIntendedTimeNotTheTimeItGotThere() {
        final SteppingClock clock = new SteppingClock(0, 400);
        final FixedRateSchedule schedule = new FixedRateSchedule(clock, 1_000, 1_000_000);
        assertEquals(1_000, schedule.awaitIntended(0));
        assertEquals(1_600, clock.now); // read at 0, 400, 800 and 1,200
        // overdue: returns at once with the intended time, so the delay counts as latency
        clock.now = 50_000;
        assertEquals(2_000, schedule.awaitIntended(1));
        assertEquals(50_400, clock.now);
    }

    @Test
    void aRateBelowOneIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new FixedRateSchedule(new SteppingClock(0, 1), 0, 0));
    }
}
