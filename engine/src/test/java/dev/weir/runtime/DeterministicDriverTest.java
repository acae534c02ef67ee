package dev.weir.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.event.WatermarkStatus;
import dev.weir.event.Watermarks;
import dev.weir.operator.ForwardOperator;
import dev.weir.operator.Output;
import dev.weir.operator.OutputTag;
import dev.weir.time.TimestampAssigner;
import dev.weir.time.WatermarkStrategy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The deterministic driver's rules (docs/scenarios.md): periodic emission at interval
 * multiples, channels in order at a tick, records before their generator, MAX at end.
 */
final class DeterministicDriverTest {
    private final List<String> events = new ArrayList<>();

    private DeterministicDriver<Long, Long> driver(final int channels, final WatermarkStrategy<Long> strategy, final boolean afterEveryRecord) {
        return DeterministicDriver.<Long, Long>builder()
                .channels(channels)
                .watermarks(strategy.withTimestampAssigner((value, ts) -> value))
                .emitAfterEveryRecord(afterEveryRecord)
                .operator("forward", ForwardOperator::new)
                .sink(new Output<>() {
                    @Override
                    public void record(final Long value, final long timestamp) {
                        events.add("R " + value + "@" + timestamp);
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
    }

    @Test
    void periodicEmissionRunsAtIntervalMultiplesBeforeRowsAtTheSameTime() {
        final DeterministicDriver<Long, Long> driver = driver(1, WatermarkStrategy.forMonotonousTimestamps(), false);
        driver.record(0, 0, 1000L, TimestampAssigner.NO_TIMESTAMP);
        driver.record(200, 0, 1500L, TimestampAssigner.NO_TIMESTAMP);
        // the tick at 200 runs before the row at 200: it sees max 1000 only
        driver.advanceTo(400);
        assertEquals(List.of("R 1000@1000", "WM 999", "R 1500@1500", "WM 1499"), events);
    }

    @Test
    void intervalZeroEmitsRightAfterEveryRecord() {
        final DeterministicDriver<Long, Long> driver = driver(1,
                WatermarkStrategy.<Long>forBoundedOutOfOrderness(100).withPeriodicInterval(0), true);
        driver.record(5, 0, 1000L, TimestampAssigner.NO_TIMESTAMP);
        driver.record(6, 0, 900L, TimestampAssigner.NO_TIMESTAMP);
        driver.record(7, 0, 2000L, TimestampAssigner.NO_TIMESTAMP);
        assertEquals(List.of("R 1000@1000", "WM 899", "R 900@900", "R 2000@2000", "WM 1899"), events);
    }

    @Test
    void endOfInputOnEveryChannelEmitsMax() {
        final DeterministicDriver<Long, Long> driver = driver(2, WatermarkStrategy.explicit(), false);
        driver.watermark(0, 0, 100);
        driver.watermark(0, 1, 50);
        driver.end(10, 0);
        assertEquals(List.of("WM 50"), events);
        driver.end(10, 1);
        assertEquals(List.of("WM 50", "WM MAX"), events);
        assertEquals(Long.MAX_VALUE, driver.currentProcessingTime());
    }

    @Test
    void processingTimeNeverGoesBack() {
        final DeterministicDriver<Long, Long> driver = driver(1, WatermarkStrategy.noWatermarks(), false);
        driver.advanceTo(500);
        assertThrows(IllegalArgumentException.class, () -> driver.advanceTo(499));
    }

    @Test
    void anUnknownChannelIsAClearError() {
        final DeterministicDriver<Long, Long> driver = driver(2, WatermarkStrategy.noWatermarks(), false);
        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> driver.record(0, 2, 1L, TimestampAssigner.NO_TIMESTAMP));
        assertEquals("channel 2 does not exist: the job has 2 channel(s)", error.getMessage());
    }
}
