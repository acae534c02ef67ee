package dev.weir.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.StreamPipeline;
import dev.weir.event.Watermarks;
import dev.weir.source.Publisher;
import dev.weir.state.HeapStateBackend;
import dev.weir.time.VirtualClock;
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
 * periodic interval: the emission due there runs once (a tick on MAX itself, as with interval 7
 * or MAX, or the first emission after the last tick of the grid), nothing wraps past the end of
 * time, and moving to MAX again finds nothing due. Each run prints the window that the
 * watermark emitted at MAX fires, then, at end of input, the last one.
 */
@Timeout(60)
final class EndOfTimeAdvanceTest {
    private static final Duration CATCH_UP = Duration.ofSeconds(30);
    /** 9223372036854775807 = 7 * 1317624576693539401: interval 7 has a tick on MAX itself. */
    private static final List<String> EXPECTED = List.of("k [0,1000) wm=1999", "k [2000,3000) wm=MAX");

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
            assertEquals(EXPECTED.subList(0, 1), printed);
            running.advanceTo(Long.MAX_VALUE);
            readings.end();
            running.runToEnd();
        }
        assertEquals(EXPECTED, printed);
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
            assertEquals(EXPECTED.subList(0, 1), printed);
            running.advanceTo(Long.MAX_VALUE, CATCH_UP);
            readings.end();
            assertTrue(running.awaitTermination(CATCH_UP));
        }
        assertEquals(EXPECTED, printed);
    }
}
