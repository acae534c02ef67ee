package dev.weir.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.weir.event.WatermarkStatus;
import dev.weir.event.Watermarks;
import dev.weir.operator.Output;
import dev.weir.operator.OutputTag;
import dev.weir.time.BoundedOutOfOrdernessWatermarks;
import dev.weir.time.TimestampAssigner;
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
 * Long stretches of processing time without records: the driver skips the periodic emissions
 * that cannot change anything, and the output is exactly what ticking through them gives.
 */
final class DeterministicDriverGapTest {
    private static final long GAP_MILLIS = 40_000_000;

    private static List<String> run(final WatermarkStrategy<Long> strategy, final long startAt) {
        final List<String> events = new ArrayList<>();
        final DeterministicDriver<Long, String> driver = DeterministicDriver.<Long, String>builder()
                .channels(2)
                .watermarks(strategy.withTimestampAssigner((value, ts) -> value).withIdleness(2000))
                .keyBy(value -> value % 2)
                .operator("window", WindowOperatorBuilder.<Long, Long, TimeWindow>of(value -> value % 2, TumblingEventTimeWindows.of(10_000))
                        .trigger(ProcessingTimeTrigger.create())
                        .<String>process((key, ctx, elements, out) -> out.collect("FIRE " + key + " " + ctx.window() + " " + elements
                                + " wm=" + Watermarks.format(ctx.currentWatermark()) + " pt=" + ctx.currentProcessingTime())))
                .sink(new Output<>() {
                    @Override
                    public void record(final String value, final long timestamp) {
                        events.add(value);
                    }

                    @Override
                    public <X> void sideOutput(final OutputTag<X> tag, final X value, final long timestamp) {
                        events.add("SIDE " + value);
                    }

                    @Override
                    public void watermark(final long watermark) {
                        events.add("WM " + Watermarks.format(watermark));
                    }

                    @Override
                    public void status(final WatermarkStatus status) {
                        events.add("STATUS " + status);
                    }
                })
                .build();
        driver.record(startAt, 0, 1_000L, TimestampAssigner.NO_TIMESTAMP);
        driver.record(startAt + 100, 1, 5_001L, TimestampAssigner.NO_TIMESTAMP);
        // processing-time timers fire at window ends 9999 inside the gap
        driver.record(startAt + GAP_MILLIS, 0, 20_000L, TimestampAssigner.NO_TIMESTAMP);
        driver.record(startAt + GAP_MILLIS + 50, 1, 20_002L, TimestampAssigner.NO_TIMESTAMP);
        driver.advanceTo(startAt + 2 * GAP_MILLIS);
        driver.end(startAt + 2 * GAP_MILLIS, 0);
        driver.end(startAt + 2 * GAP_MILLIS, 1);
        return events;
    }

    @Test
    void skippingSettledTicksGivesExactlyTheOutputOfTickingThroughThem() {
        // A custom generator is never skipped: the driver ticks through all 400,000 ticks.
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
}
