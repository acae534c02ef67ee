package dev.weir.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.testing.OperatorHarness;
import dev.weir.time.WatermarkStrategy;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/semantics.md §1: re-assigning timestamps/watermarks mid-stream replaces upstream watermarks. */
final class TimestampsAndWatermarksOperatorTest {
    @Test
    void reassigningWatermarksReplacesUpstreamWatermarksAndOnlyMaxPassesThrough() {
        final OperatorHarness<Long, Long> harness = new OperatorHarness<>(() -> new TimestampsAndWatermarksOperator<>(
                WatermarkStrategy.<Long>forBoundedOutOfOrderness(10).withTimestampAssigner((value, previous) -> value * 100)));
        harness.processElement(5L, 1);
        harness.processWatermark(10_000);
        harness.setProcessingTime(199);
        harness.setProcessingTime(200);
        harness.processElement(7L, 2);
        harness.processWatermark(20_000);
        harness.setProcessingTime(400);
        harness.processWatermark(Long.MAX_VALUE);
        assertEquals(List.of("5@500", "WM 489", "7@700", "WM 689", "WM MAX"), harness.events());
    }

    @Test
    void periodicEmissionIsRearmedFromTheTimeItRan() {
        final OperatorHarness<Long, Long> harness = new OperatorHarness<>(() -> new TimestampsAndWatermarksOperator<>(
                WatermarkStrategy.<Long>forMonotonousTimestamps().withTimestampAssigner((value, previous) -> value)));
        harness.processElement(1000L, 0);
        harness.setProcessingTime(1000);
        assertEquals(1200, harness.operator().nextProcessingTime());
        harness.processElement(2000L, 0);
        harness.setProcessingTime(1199);
        harness.setProcessingTime(1200);
        assertEquals(List.of("1000@1000", "WM 999", "2000@2000", "WM 1999"), harness.events());
    }

    @Test
    void upstreamStatusDoesNotPassThrough() {
        final OperatorHarness<Long, Long> harness = new OperatorHarness<>(
                () -> new TimestampsAndWatermarksOperator<>(WatermarkStrategy.<Long>forMonotonousTimestamps()));
        harness.processStatus(0, dev.weir.event.WatermarkStatus.IDLE);
        assertEquals(List.of(), harness.events());
    }
}
