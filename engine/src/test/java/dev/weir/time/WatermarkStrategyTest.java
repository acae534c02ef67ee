package dev.weir.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.clock.VirtualClock;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §1, watermark strategies: bound, idleness and interval validation (Flink rejects
 * the same values), the 200 ms default interval, interval 0 for punctuated and explicit
 * streams, timestamp assignment, idleness wrapping and one generator per stream or split.
 */
class WatermarkStrategyTest {

    @Test
    void aNegativeOutOfOrdernessBoundIsRejected() {
        final IllegalArgumentException error =
                assertThrows(IllegalArgumentException.class, () -> WatermarkStrategy.forBoundedOutOfOrderness(-1));
        assertEquals("maxOutOfOrderness must not be negative: -1", error.getMessage());
        assertEquals(200, WatermarkStrategy.forBoundedOutOfOrderness(0).intervalMillis());
    }

    @Test
    void idlenessMustBePositive() {
        final WatermarkStrategy<String> strategy = WatermarkStrategy.forMonotonousTimestamps();
        assertEquals("idleness must be positive: 0",
                assertThrows(IllegalArgumentException.class, () -> strategy.withIdleness(0)).getMessage());
        assertEquals("idleness must be positive: -5",
                assertThrows(IllegalArgumentException.class, () -> strategy.withIdleness(-5)).getMessage());
        assertEquals("idleness must be positive: 0",
                assertThrows(IllegalArgumentException.class, () -> new IdlenessTimer(new VirtualClock(0), 0)).getMessage());
        assertEquals(1, strategy.withIdleness(1).idlenessMillis());
    }

    @Test
    void aNegativeIntervalIsRejectedAndZeroDisablesPeriodicEmission() {
        final WatermarkStrategy<String> strategy = WatermarkStrategy.forMonotonousTimestamps();
        assertEquals("interval must not be negative: -1",
                assertThrows(IllegalArgumentException.class, () -> strategy.withPeriodicInterval(-1)).getMessage());
        assertEquals(0, strategy.withPeriodicInterval(0).intervalMillis());
    }

    @Test
    void thePeriodicIntervalIs200MillisByDefaultAndZeroForPunctuatedAndExplicitStreams() {
        assertEquals(200, WatermarkStrategy.DEFAULT_INTERVAL_MILLIS);
        assertEquals(200, WatermarkStrategy.<String>forBoundedOutOfOrderness(2000).intervalMillis());
        assertEquals(200, WatermarkStrategy.<String>forMonotonousTimestamps().intervalMillis());
        assertEquals(0, WatermarkStrategy.<String>forPunctuation((e, t) -> t).intervalMillis());
        assertEquals(0, WatermarkStrategy.<String>explicit().intervalMillis());
        assertEquals(0, WatermarkStrategy.<String>forMonotonousTimestamps().idlenessMillis());
    }

    @Test
    void timestampOfWithoutAssignerKeepsTheRecordTimestamp() {
        final WatermarkStrategy<String> strategy = WatermarkStrategy.forMonotonousTimestamps();
        assertEquals(42, strategy.timestampOf("1500", 42));
        assertEquals(TimestampAssigner.NO_TIMESTAMP, strategy.timestampOf("1500", TimestampAssigner.NO_TIMESTAMP));
    }

    @Test
    void timestampOfWithAssignerUsesTheAssignerWhichSeesTheRecordTimestamp() {
        final WatermarkStrategy<String> fromField =
                WatermarkStrategy.<String>forMonotonousTimestamps().withTimestampAssigner((e, recordTimestamp) -> Long.parseLong(e));
        final WatermarkStrategy<String> shifted =
                WatermarkStrategy.<String>forMonotonousTimestamps().withTimestampAssigner((e, recordTimestamp) -> recordTimestamp + 1);

        assertEquals(1500, fromField.timestampOf("1500", 42));
        assertEquals(43, shifted.timestampOf("1500", 42));
        assertThrows(NullPointerException.class, () -> WatermarkStrategy.<String>noWatermarks().withTimestampAssigner(null));
    }

    @Test
    void withMethodsReturnNewStrategiesAndKeepTheOtherSettings() {
        final WatermarkStrategy<String> base = WatermarkStrategy.forBoundedOutOfOrderness(10);
        final WatermarkStrategy<String> configured = base
                .withTimestampAssigner((e, t) -> 7)
                .withIdleness(1000)
                .withPeriodicInterval(50);

        assertEquals(0, base.idlenessMillis());
        assertEquals(200, base.intervalMillis());
        assertEquals(-1, base.timestampOf("x", -1));
        assertEquals(1000, configured.idlenessMillis());
        assertEquals(50, configured.intervalMillis());
        assertEquals(7, configured.timestampOf("x", -1));
    }

    @Test
    void idlenessWrapsTheGenerator() {
        final VirtualClock clock = new VirtualClock(0);
        assertInstanceOf(WatermarksWithIdleness.class,
                WatermarkStrategy.<String>forBoundedOutOfOrderness(10).withIdleness(1000).createGenerator(clock));
        assertInstanceOf(BoundedOutOfOrdernessWatermarks.class,
                WatermarkStrategy.<String>forBoundedOutOfOrderness(10).createGenerator(clock));
    }

    @Test
    void everyStreamOrSplitGetsItsOwnGenerator() {
        final WatermarkStrategy<String> strategy = WatermarkStrategy.forBoundedOutOfOrderness(10);
        final VirtualClock clock = new VirtualClock(0);
        final WatermarkGenerator<String> first = strategy.createGenerator(clock);
        final WatermarkGenerator<String> second = strategy.createGenerator(clock);
        final RecordingOutput output = new RecordingOutput();

        first.onEvent("a", 1000, output);
        first.onPeriodicEmit(output);
        second.onPeriodicEmit(output);

        assertEquals(List.of("emit 989", "emit MIN"), output.events);
    }
}
