package dev.weir.runtime.deterministic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.weir.api.StreamPipeline;
import dev.weir.clock.VirtualClock;
import dev.weir.event.Watermarks;
import dev.weir.runtime.sink.Sink;
import dev.weir.source.Publisher;
import dev.weir.state.HeapStateBackend;
import dev.weir.testing.PassThroughProbe;
import dev.weir.time.BoundedOutOfOrdernessWatermarks;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.ProcessingTimeTrigger;
import dev.weir.window.TimeWindow;
import dev.weir.window.TumblingEventTimeWindows;
import dev.weir.window.WindowOperatorBuilder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Long stretches of processing time without records on the deterministic scheduler: each
 * publisher-fed source skips the periodic emissions that cannot change anything
 * ({@code SourceEmitter.nextDueMillis()}), and the output is exactly what ticking through them
 * gives (docs/semantics.md §1).
 */
final class DeterministicGapTest {
    private static final long GAP_MILLIS = 40_000_000;

    private static List<String> run(final WatermarkStrategy<Long> strategy, final long startAt) {
        return run(strategy.withIdleness(2000), startAt, GAP_MILLIS);
    }

    private static List<String> run(final WatermarkStrategy<Long> strategy, final long startAt, final long gapMillis) {
        final List<String> events = new ArrayList<>();
        final VirtualClock clock = new VirtualClock(0);
        final StreamPipeline pipeline = StreamPipeline.named("gap").stateBackend(HeapStateBackend.INSTANCE);
        final List<Publisher<Long>> channels = pipeline.publishers("numbers", 2);
        pipeline.from(channels, strategy.withTimestampAssigner((value, ts) -> value))
                .keyBy(value -> value % 2)
                .transform("window", WindowOperatorBuilder.<Long, Long, TimeWindow>of(value -> value % 2, TumblingEventTimeWindows.of(10_000))
                        .trigger(ProcessingTimeTrigger.create())
                        .<String>process((key, ctx, elements, out) -> out.collect("FIRE " + key + " " + ctx.window() + " " + elements
                                + " wm=" + Watermarks.format(ctx.currentWatermark()) + " pt=" + ctx.currentProcessingTime())))
                .transform("probe", () -> PassThroughProbe.reporting(events::add))
                .sink(new Sink<String>() {
                    @Override
                    public void accept(final String value, final long timestamp) {
                        events.add(value);
                    }

                    @Override
                    public void watermark(final long watermark) {
                        events.add("WM " + Watermarks.format(watermark));
                    }
                });
        try (DeterministicPipeline running = pipeline.startDeterministic(clock)) {
            running.advanceTo(startAt);
            channels.get(0).publish(1_000L);
            running.advanceTo(startAt + 100);
            channels.get(1).publish(5_001L);
            // processing-time timers fire at window ends 9999 inside the gap
            running.advanceTo(startAt + gapMillis);
            channels.get(0).publish(20_000L);
            running.advanceTo(startAt + gapMillis + 50);
            channels.get(1).publish(20_002L);
            running.advanceTo(startAt + 2 * gapMillis);
            channels.get(0).end();
            channels.get(1).end();
            running.runToEnd();
        }
        return events;
    }

    @Test
    void skippingSettledTicksGivesExactlyTheOutputOfTickingThroughThem() {
        // A custom generator is never skipped: the scheduler ticks through all 400,000 ticks.
        final List<String> ticked = run(WatermarkStrategy.forGenerator(() -> new BoundedOutOfOrdernessWatermarks<>(100)), 0);
        final List<String> skipped = run(WatermarkStrategy.forBoundedOutOfOrderness(100), 0);
        assertFalse(ticked.isEmpty());
        assertEquals(ticked, skipped);
    }

    @Test
    void aReplayWhoseProcessingTimeStartsAtAnEpochTimestampDoesNotTickThroughDecades() {
        final long epochMillis = 1_700_000_000_000L;
        final List<String> events = assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> run(WatermarkStrategy.forBoundedOutOfOrderness(100), epochMillis));
        // both channels went idle long before the first record; the windows' processing-time
        // timers (9999) are long past, so they fire right after the records that set them
        assertEquals(List.of("STATUS IDLE",
                "FIRE 0 [0,10000) [1000] wm=MIN pt=1700000000000",
                "FIRE 1 [0,10000) [5001] wm=MIN pt=1700000000100",
                "STATUS ACTIVE",
                "WM 899"), events.subList(0, 5));
    }

    @Test
    void aLongIdlenessWithAShortIntervalSkipsToTheTickThatDeclaresItWithTheOutputOfTickingThroughThem() {
        // 3,000,000 ms of idleness at a 10 ms interval: 300,000 ticks before each declaration
        final List<String> ticked = run(WatermarkStrategy.<Long>forGenerator(() -> new BoundedOutOfOrdernessWatermarks<>(100))
                .withPeriodicInterval(10).withIdleness(3_000_000), 0, 8_000_000);
        final List<String> skipped = run(WatermarkStrategy.<Long>forBoundedOutOfOrderness(100)
                .withPeriodicInterval(10).withIdleness(3_000_000), 0, 8_000_000);
        assertEquals(ticked, skipped);
        // channel 0 (inactive from tick 20) goes idle at tick 3,000,030, channel 1 at 3,000,130; the
        // window ends' processing-time timers fire at their own time, 9999, between two ticks
        assertEquals(List.of("WM 899", "FIRE 0 [0,10000) [1000] wm=899 pt=9999", "FIRE 1 [0,10000) [5001] wm=899 pt=9999",
                "WM 4900", "STATUS IDLE", "FIRE 0 [20000,30000) [20000] wm=4900 pt=8000000", "STATUS ACTIVE", "WM 19899",
                "FIRE 0 [20000,30000) [20000, 20002] wm=19899 pt=8000050", "WM 19901", "STATUS IDLE", "STATUS ACTIVE", "WM MAX", "END pt=MAX"), skipped);
    }

    @Test
    void anAstronomicIdlenessAtAOneMillisecondIntervalFinishesWithTheExactLines() {
        // 10^15 ms of idleness at a 1 ms interval would be 10^15 ticks; records are hours apart
        final List<String> events = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> run(
                WatermarkStrategy.<Long>forBoundedOutOfOrderness(100).withPeriodicInterval(1).withIdleness(1_000_000_000_000_000L),
                0, 7_200_000));
        assertEquals(List.of("WM 899", "FIRE 0 [0,10000) [1000] wm=899 pt=9999", "FIRE 1 [0,10000) [5001] wm=899 pt=9999",
                "FIRE 0 [20000,30000) [20000] wm=899 pt=7200000", "WM 4900", "FIRE 0 [20000,30000) [20000, 20002] wm=4900 pt=7200050",
                "WM 19899", "WM 19901", "WM MAX", "END pt=MAX"), events);
    }

    @Test
    void theShortestIdlenessAtAOneMillisecondIntervalFinishesWithTheExactLines() {
        final List<String> events = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> run(
                WatermarkStrategy.<Long>forBoundedOutOfOrderness(100).withPeriodicInterval(1).withIdleness(1), 0, 7_200_000));
        // each channel goes idle at the third tick after its last record
        assertEquals(List.of("WM 899", "STATUS IDLE", "STATUS ACTIVE", "WM 4900", "STATUS IDLE",
                "FIRE 0 [0,10000) [1000] wm=4900 pt=9999", "FIRE 1 [0,10000) [5001] wm=4900 pt=9999",
                "FIRE 0 [20000,30000) [20000] wm=4900 pt=7200000", "STATUS ACTIVE", "WM 19899", "STATUS IDLE",
                "FIRE 0 [20000,30000) [20000, 20002] wm=19899 pt=7200050", "STATUS ACTIVE", "WM 19901", "STATUS IDLE",
                "STATUS ACTIVE", "WM MAX", "END pt=MAX"), events);
    }
}
