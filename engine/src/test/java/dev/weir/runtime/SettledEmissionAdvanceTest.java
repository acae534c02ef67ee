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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * After a quiet stretch the periodic emissions of a source have settled and are skipped; moving
 * virtual time over them moves the source's schedule onto its grid on both schedulers alike, so
 * a record published right after the move is not followed by a catch-up emission on one of them
 * only. Interval 1 ms, idleness 1 ms, records hours apart: the window of the second record fires
 * at end of input (wm=MAX) on both, never at the third record's watermark.
 */
@Timeout(60)
final class SettledEmissionAdvanceTest {
    private static final Duration CATCH_UP = Duration.ofSeconds(30);
    private static final long HOURS_2 = 7_200_000;
    private static final List<String> EXPECTED = List.of("k [1000,2000) wm=7199999", "k [7200000,7201000) wm=MAX",
            "k [14400000,14401000) wm=MAX");

    record Reading(String key, long timestamp) {
    }

    private static Publisher<Reading> build(final StreamPipeline pipeline, final List<String> printed) {
        final Publisher<Reading> readings = pipeline.publisher("readings");
        pipeline.from(readings, WatermarkStrategy.<Reading>forMonotonousTimestamps()
                        .withTimestampAssigner((r, ts) -> r.timestamp())
                        .withPeriodicInterval(1)
                        .withIdleness(1))
                .keyBy(Reading::key)
                .window(TumblingEventTimeWindows.of(1_000))
                .<String>process((key, ctx, in, out) -> out.collect(key + " " + ctx.window() + " wm="
                        + Watermarks.format(ctx.currentWatermark())))
                .sink((line, ts) -> printed.add(line));
        return readings;
    }

    @Test
    void theDeterministicSchedulerEmitsNothingAfterTheRecordThatFollowsTheMove() {
        final List<String> printed = new CopyOnWriteArrayList<>();
        final VirtualClock clock = new VirtualClock(0);
        final StreamPipeline pipeline = StreamPipeline.named("settled").stateBackend(HeapStateBackend.INSTANCE);
        final Publisher<Reading> readings = build(pipeline, printed);
        try (DeterministicPipeline running = pipeline.startDeterministic(clock)) {
            readings.publish(new Reading("k", 1_000));
            running.advanceTo(HOURS_2);
            readings.publish(new Reading("k", HOURS_2));
            running.advanceTo(2 * HOURS_2);
            readings.publish(new Reading("k", 2 * HOURS_2));
            readings.end();
            running.runToEnd();
        }
        assertEquals(EXPECTED, printed);
    }

    @Test
    void theThreadedSchedulerEmitsNothingAfterTheRecordThatFollowsTheMove() throws InterruptedException {
        final List<String> printed = new CopyOnWriteArrayList<>();
        final VirtualClock clock = new VirtualClock(0);
        final StreamPipeline pipeline = StreamPipeline.named("settled").stateBackend(HeapStateBackend.INSTANCE).clock(clock);
        final Publisher<Reading> readings = build(pipeline, printed);
        try (RunningPipeline running = pipeline.start()) {
            readings.publish(new Reading("k", 1_000));
            running.advanceTo(HOURS_2, CATCH_UP);
            readings.publish(new Reading("k", HOURS_2));
            running.advanceTo(2 * HOURS_2, CATCH_UP);
            readings.publish(new Reading("k", 2 * HOURS_2));
            readings.end();
            assertTrue(running.awaitTermination(CATCH_UP));
        }
        assertEquals(EXPECTED, printed);
    }
}
