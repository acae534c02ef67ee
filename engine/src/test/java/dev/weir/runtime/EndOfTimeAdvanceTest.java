package dev.weir.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.StreamPipeline;
import dev.weir.clock.VirtualClock;
import dev.weir.event.Watermarks;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.runtime.threaded.RunningPipeline;
import dev.weir.source.Publisher;
import dev.weir.state.HeapStateBackend;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Virtual time may be moved to {@link Long#MAX_VALUE} itself, on both schedulers, whatever the
 * periodic interval: a tick of the emission schedule that falls on MAX itself runs once (interval
 * 7 or MAX), a schedule whose next tick lies past the end of time has none (interval 1000: its last
 * tick came before the last record), nothing wraps past the end of time, and moving to MAX again
 * finds nothing due. With a tick on MAX a run prints the window that the watermark emitted there
 * fires, then, at end of input, the last one; without it both fire at end of input.
 */
@Timeout(60)
final class EndOfTimeAdvanceTest {
    private static final Duration CATCH_UP = Duration.ofSeconds(30);
    /** 9223372036854775807 = 7 * 1317624576693539401: interval 7 has a tick on MAX itself. */
    private static final List<String> EXPECTED = List.of("k [0,1000) wm=1999", "k [2000,3000) wm=MAX");
    private static final List<String> EXPECTED_WITHOUT_A_TICK_ON_MAX = List.of("k [0,1000) wm=MAX", "k [2000,3000) wm=MAX");

    private static List<String> atMax(final long intervalMillis) {
        return Long.MAX_VALUE % intervalMillis == 0 ? EXPECTED.subList(0, 1) : List.of();
    }

    private static List<String> atEnd(final long intervalMillis) {
        return Long.MAX_VALUE % intervalMillis == 0 ? EXPECTED : EXPECTED_WITHOUT_A_TICK_ON_MAX;
    }

    record Reading(String key, long timestamp) {
    }

    private static Publisher<Reading> build(final StreamPipeline pipeline, final long intervalMillis, final List<String> printed) {
        final Publisher<Reading> readings = pipeline.publisher("readings");
        pipeline.from(readings, WatermarkStrategy.<Reading>forBoundedOutOfOrderness(0)
                        .withTimestampAssigner((r, ts) -> r.timestamp())
                        .withPeriodicInterval(intervalMillis))
                .keyBy(Reading::key)
                .window(TumblingEventTimeWindows.of(1_000))
                .<String>process((key, ctx, in, out) -> out.collect(key + " " + ctx.window() + " wm="
                        + Watermarks.format(ctx.currentWatermark())))
                .sink((line, ts) -> printed.add(line));
        return readings;
    }

    @ParameterizedTest(name = "interval {0}")
    @ValueSource(longs = {7, 1_000, Long.MAX_VALUE})
    void theDeterministicSchedulerReachesTheEndOfTime(final long intervalMillis) {
        final List<String> printed = new CopyOnWriteArrayList<>();
        final VirtualClock clock = new VirtualClock(0);
        final StreamPipeline pipeline = StreamPipeline.named("end-of-time").stateBackend(HeapStateBackend.INSTANCE);
        final Publisher<Reading> readings = build(pipeline, intervalMillis, printed);
        try (DeterministicPipeline running = pipeline.startDeterministic(clock)) {
            running.advanceTo(5);
            readings.publish(new Reading("k", 100));
            running.advanceTo(Long.MAX_VALUE - 7);
            readings.publish(new Reading("k", 2_000));
            running.advanceTo(Long.MAX_VALUE);
            assertEquals(atMax(intervalMillis), printed);
            running.advanceTo(Long.MAX_VALUE);
            readings.end();
            running.runToEnd();
        }
        assertEquals(atEnd(intervalMillis), printed);
    }

    @ParameterizedTest(name = "interval {0}")
    @ValueSource(longs = {7, 1_000, Long.MAX_VALUE})
    void theThreadedSchedulerReachesTheEndOfTime(final long intervalMillis) throws InterruptedException {
        final List<String> printed = new CopyOnWriteArrayList<>();
        final VirtualClock clock = new VirtualClock(0);
        final StreamPipeline pipeline = StreamPipeline.named("end-of-time").stateBackend(HeapStateBackend.INSTANCE).clock(clock);
        final Publisher<Reading> readings = build(pipeline, intervalMillis, printed);
        try (RunningPipeline running = pipeline.start()) {
            running.advanceTo(5, CATCH_UP);
            readings.publish(new Reading("k", 100));
            running.advanceTo(Long.MAX_VALUE - 7, CATCH_UP);
            readings.publish(new Reading("k", 2_000));
            running.advanceTo(Long.MAX_VALUE, CATCH_UP);
            assertTrue(running.awaitQuiescent(CATCH_UP));
            assertEquals(atMax(intervalMillis), printed);
            running.advanceTo(Long.MAX_VALUE, CATCH_UP);
            readings.end();
            assertTrue(running.awaitTermination(CATCH_UP));
        }
        assertEquals(atEnd(intervalMillis), printed);
    }
}
