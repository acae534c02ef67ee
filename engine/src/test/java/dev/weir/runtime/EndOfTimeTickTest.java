package dev.weir.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.StreamPipeline;
import dev.weir.clock.VirtualClock;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.runtime.threaded.RunningPipeline;
import dev.weir.source.Publisher;
import dev.weir.state.HeapStateBackend;
import dev.weir.testing.EventLog;
import dev.weir.time.WatermarkStrategy;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * Processing time at its very end on a virtual clock, on both schedulers (docs/semantics.md §1):
 * a periodic emission that falls on {@code Long.MAX_VALUE} itself runs, before a record published
 * at that time; the schedule past it ends without overflowing; and moving the clock to
 * {@code Long.MAX_VALUE} returns, whether an emission falls there or not.
 */
final class EndOfTimeTickTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    /** Moves the virtual clock of one scheduler. */
    private interface Scheduler {
        void advanceTo(long millis);
    }

    /**
     * Publishes 100 at {@code start}, 200 just before the end of time, 300 at {@code Long.MAX_VALUE},
     * then ends, with the monotonous strategy at {@code interval}.
     */
    private static List<String> run(final boolean threaded, final long start, final long interval) {
        final List<String> events = new CopyOnWriteArrayList<>();
        final VirtualClock clock = new VirtualClock(start);
        final StreamPipeline pipeline = StreamPipeline.named("end-of-time").stateBackend(HeapStateBackend.INSTANCE).clock(clock);
        final Publisher<Long> numbers = pipeline.publisher("numbers");
        EventLog.forward(pipeline.from(numbers, WatermarkStrategy.<Long>forMonotonousTimestamps().withPeriodicInterval(interval)
                .withTimestampAssigner((value, ts) -> value)), events);
        return assertTimeoutPreemptively(TIMEOUT, () -> {
            if (threaded) {
                try (RunningPipeline running = pipeline.start()) {
                    feed(numbers, millis -> running.advanceTo(millis, TIMEOUT));
                    assertTrue(running.awaitTermination(TIMEOUT), "the pipeline did not end");
                }
            } else {
                try (DeterministicPipeline running = pipeline.startDeterministic(clock)) {
                    feed(numbers, running::advanceTo);
                    running.runToEnd();
                }
            }
            assertEquals(Long.MAX_VALUE, clock.millis());
            return events;
        });
    }

    private static void feed(final Publisher<Long> numbers, final Scheduler scheduler) {
        numbers.publish(100L);
        scheduler.advanceTo(Long.MAX_VALUE - 1);
        numbers.publish(200L);
        scheduler.advanceTo(Long.MAX_VALUE);
        numbers.publish(300L);
        numbers.end();
    }

    @Test
    void anEmissionOnTheLastMillisecondRunsBeforeARecordAtThatTime() {
        // emissions at MAX - 7 and MAX: the one at MAX sees 200, not 300
        final List<String> expected = List.of("R 100@100", "WM 99", "R 200@200", "WM 199", "R 300@300", "WM MAX", "END pt=MAX");
        assertEquals(expected, run(false, Long.MAX_VALUE - 14, 7));
        assertEquals(expected, run(true, Long.MAX_VALUE - 14, 7));
    }

    @Test
    void aScheduleThatEndsBeforeTheLastMillisecondEmitsNothingThere() {
        // the only emission is at MAX - 6; the next would be past the end of time
        final List<String> expected = List.of("R 100@100", "WM 99", "R 200@200", "R 300@300", "WM MAX", "END pt=MAX");
        assertEquals(expected, run(false, Long.MAX_VALUE - 13, 7));
        assertEquals(expected, run(true, Long.MAX_VALUE - 13, 7));
    }

    @Test
    void settledEmissionsFromTheStartOfTimeAreSkippedUpToTheEndOfTime() {
        // 200 ms from 0: emissions settle after 100 and are skipped; MAX is not on the schedule
        final List<String> expected = List.of("R 100@100", "WM 99", "R 200@200", "R 300@300", "WM MAX", "END pt=MAX");
        assertEquals(expected, run(false, 0, 200));
        assertEquals(expected, run(true, 0, 200));
    }

    @Test
    void aSettledScheduleThatFallsOnTheLastMillisecondRunsThere() {
        // Long.MAX_VALUE = 7 * 1317624576693539401: from 0 at 7 ms, the skipped schedule lands on MAX
        final List<String> expected = List.of("R 100@100", "WM 99", "R 200@200", "WM 199", "R 300@300", "WM MAX", "END pt=MAX");
        assertEquals(expected, run(false, 0, 7));
        assertEquals(expected, run(true, 0, 7));
    }
}
