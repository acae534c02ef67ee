package dev.weir.time;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.clock.PausableClock;
import dev.weir.clock.VirtualClock;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §1, idleness(t), exactly as Flink's WatermarksWithIdleness: checked at each
 * periodic emission; the first check without a new record starts the timer and still emits the
 * normal watermark; a later check declares IDLE (once) when {@code now - start > t}; a record
 * resets the timer; the stream turns ACTIVE only with its next strictly higher watermark; time
 * the activity clock spends paused does not count.
 */
class WatermarksWithIdlenessTest {
    private static final long INTERVAL_MILLIS = 200;
    private static final long TIMEOUT_MILLIS = 2000;

    @Test
    void theCheckThatStartsTheTimerStillEmitsAndIdleIsMarkedOncePerIdlePeriod() {
        final VirtualClock clock = new VirtualClock(0);
        final WatermarksWithIdleness<String> generator =
                new WatermarksWithIdleness<>(new BoundedOutOfOrdernessWatermarks<>(0), clock, TIMEOUT_MILLIS);
        final RecordingOutput output = new RecordingOutput();

        generator.onEvent("a", 5000, output);
        for (long t = 200; t <= 3000; t += INTERVAL_MILLIS) {
            clock.advanceTo(t);
            output.at(t);
            generator.onPeriodicEmit(output);
        }
        clock.advanceTo(3100);
        generator.onEvent("b", 4000, output);
        for (long t = 3200; t <= 6000; t += INTERVAL_MILLIS) {
            clock.advanceTo(t);
            output.at(t);
            generator.onPeriodicEmit(output);
        }

        final List<String> expected = new ArrayList<>();
        // 200 sees the record; 400 starts the timer and still emits; 2400 - 400 = 2000 is not > 2000
        for (long t = 200; t <= 2400; t += INTERVAL_MILLIS) {
            expected.add(t + " emit 4999");
        }
        expected.add("2600 idle"); // once: 2800 and 3000 emit nothing
        // 3200 sees record b (reset); 3400 starts the timer; idle at 3400 + 2200
        for (long t = 3200; t <= 5400; t += INTERVAL_MILLIS) {
            expected.add(t + " emit 4999");
        }
        expected.add("5600 idle");
        assertEquals(expected, output.events);
    }

    @Test
    void idleIsDeclaredAtTheFirstCheckMoreThanTheTimeoutAfterTheTimerStarted() {
        // {last record at, expected events}: checks at every multiple of 200, a record at a
        // check's millisecond comes right after that check; record timestamp 5000 -> WM 4999
        final Object[][] table = {
            {999L, List.of("1000 WM 4999", "3400 STATUS IDLE")},
            {1000L, List.of("1200 WM 4999", "3600 STATUS IDLE")}, // 2600 after the record: t + 3 periods
            {1001L, List.of("1200 WM 4999", "3600 STATUS IDLE")},
            {1100L, List.of("1200 WM 4999", "3600 STATUS IDLE")},
            {1199L, List.of("1200 WM 4999", "3600 STATUS IDLE")}, // 2401 after the record
            {1200L, List.of("1400 WM 4999", "3800 STATUS IDLE")},
        };
        for (final Object[] row : table) {
            final long recordAt = (Long) row[0];
            final Timeline timeline = new Timeline(TIMEOUT_MILLIS, false).record(recordAt, 5000);
            assertEquals(row[1], timeline.runUntil(6000), "record at " + recordAt);
        }
    }

    @Test
    void theTimeoutMustBeExceededStrictly() {
        // {timeout, expected IDLE tick} for a record at 0 (right after the check at 0): the check
        // at 200 sees it, the check at 400 starts the timer
        final long[][] table = {
            {1, 600},
            {199, 600},
            {200, 800},
            {1999, 2400},
            {2000, 2600},
            {2199, 2600},
            {2200, 2800},
        };
        for (final long[] row : table) {
            final Timeline timeline = new Timeline(row[0], false).record(0, 5000);
            assertEquals(List.of("200 WM 4999", row[1] + " STATUS IDLE"), timeline.runUntil(6000), "timeout " + row[0]);
        }
    }

    @Test
    void aStreamWithoutAnyRecordIsIdleAfterTheTimeout() {
        // the check at 0 starts the timer; 2200 - 0 > 2000
        assertEquals(List.of("2200 STATUS IDLE"), new Timeline(TIMEOUT_MILLIS, false).runUntil(6000));
    }

    @Test
    void aRecordResetsTheInactivityTimer() {
        assertEquals(List.of("1200 WM 4999", "2600 WM 5999", "5000 STATUS IDLE"),
                new Timeline(TIMEOUT_MILLIS, false).record(1000, 5000).record(2500, 6000).runUntil(8000));
    }

    @Test
    void aLateRecordResetsTheTimerWithoutMovingTheWatermark() {
        assertEquals(List.of("1200 WM 4999", "5000 STATUS IDLE"),
                new Timeline(TIMEOUT_MILLIS, false).record(1000, 5000).record(2500, 100).runUntil(8000));
    }

    @Test
    void anIdleStreamTurnsActiveOnlyWithItsNextStrictlyHigherWatermark() {
        final List<String> events = new Timeline(TIMEOUT_MILLIS, false)
                .record(1000, 5000)
                .record(4000, 3000) // a record while idle whose watermark is not higher: stays idle
                .record(7000, 9000)
                .runUntil(10_000);

        assertEquals(List.of(
                "1200 WM 4999",
                "3600 STATUS IDLE",
                "7200 STATUS ACTIVE",
                "7200 WM 8999",
                "9600 STATUS IDLE"), events);
    }

    @Test
    void pausedTimeDelaysIdlenessByExactlyThePausedTime() {
        // {paused millis, expected IDLE tick}: record at 1000, timer starts at 1400, pause from 2000
        final long[][] table = {
            {0, 3600},
            {200, 3800},
            {600, 4200},
            {1000, 4600},
        };
        for (final long[] row : table) {
            final Timeline timeline = new Timeline(TIMEOUT_MILLIS, true).record(1000, 5000).pause(2000, 2000 + row[0]);
            assertEquals(List.of("1200 WM 4999", row[1] + " STATUS IDLE"), timeline.runUntil(8000), "paused " + row[0]);
        }
    }

    /**
     * Drives one monotonous stream with idleness through processing time, one millisecond at a
     * time: pause changes first, then the periodic check at every multiple of 200, then records.
     */
    private static final class Timeline {
        private final VirtualClock clock = new VirtualClock(0);
        private final PausableClock activityClock = new PausableClock(clock);
        private final RecordingSink sink = new RecordingSink();
        private final StreamWatermarks<String> stream;
        private final TreeMap<Long, List<Long>> records = new TreeMap<>();
        private final TreeMap<Long, Boolean> pauses = new TreeMap<>();

        Timeline(final long timeoutMillis, final boolean pausable) {
            stream = new StreamWatermarks<>(
                    WatermarkStrategy.<String>forMonotonousTimestamps().withIdleness(timeoutMillis),
                    pausable ? activityClock : clock,
                    sink);
            assertEquals(INTERVAL_MILLIS, stream.intervalMillis());
        }

        Timeline record(final long atMillis, final long timestamp) {
            records.computeIfAbsent(atMillis, t -> new ArrayList<>()).add(timestamp);
            return this;
        }

        Timeline pause(final long fromMillis, final long toMillis) {
            pauses.put(fromMillis, true);
            pauses.merge(toMillis, false, (pause, resume) -> false);
            return this;
        }

        List<String> runUntil(final long untilMillis) {
            for (long t = 0; t <= untilMillis; t++) {
                clock.advanceTo(t);
                final Boolean pause = pauses.get(t);
                if (pause != null) {
                    if (pause) {
                        activityClock.pause();
                    } else {
                        activityClock.pause(); // no-op when paused; makes a zero-length pause work
                        activityClock.resume();
                    }
                }
                if (t % INTERVAL_MILLIS == 0) {
                    sink.at(t);
                    stream.periodicEmit();
                }
                for (final long timestamp : records.getOrDefault(t, List.of())) {
                    stream.onRecord("record", timestamp);
                }
            }
            return sink.events;
        }
    }
}
