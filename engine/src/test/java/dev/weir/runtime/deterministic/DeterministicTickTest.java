package dev.weir.runtime.deterministic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.api.StreamPipeline;
import dev.weir.clock.VirtualClock;
import dev.weir.event.Watermarks;
import dev.weir.operator.ForwardOperator;
import dev.weir.runtime.sink.Sink;
import dev.weir.source.Publisher;
import dev.weir.state.HeapStateBackend;
import dev.weir.state.KeyGroups;
import dev.weir.testing.EventLog;
import dev.weir.time.WatermarkStrategy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The deterministic scheduler's time rules (docs/runtime.md, "The deterministic scheduler";
 * docs/semantics.md §1): periodic emission at interval multiples of processing time, before the
 * records published at the same time; every publisher (source instance) in instance order at a
 * tick, each through its own channel into the valve of the keyed stage; MAX and a processing
 * time of {@code Long.MAX_VALUE} once every publisher has ended.
 */
final class DeterministicTickTest {
    private final List<String> events = new ArrayList<>();
    private final VirtualClock clock = new VirtualClock(0);
    private List<Publisher<Long>> channels;

    /** {@code publishers -> keyBy -> forward}, logged ({@link EventLog}). */
    private DeterministicPipeline start(final int publishers, final WatermarkStrategy<Long> strategy) {
        final StreamPipeline pipeline = StreamPipeline.named("ticks").stateBackend(HeapStateBackend.INSTANCE);
        channels = pipeline.publishers("numbers", publishers);
        EventLog.forward(pipeline.from(channels, strategy.withTimestampAssigner((value, ts) -> value)), events);
        return pipeline.startDeterministic(clock);
    }

    @Test
    void periodicEmissionRunsAtIntervalMultiplesBeforeRecordsAtTheSameTime() {
        try (DeterministicPipeline running = start(1, WatermarkStrategy.forMonotonousTimestamps())) {
            channels.get(0).publish(1000L);
            running.advanceTo(200);
            channels.get(0).publish(1500L);
            // the tick at 200 ran before the record at 200: it saw max 1000 only
            running.advanceTo(400);
            assertEquals(List.of("R 1000@1000", "WM 999", "R 1500@1500", "WM 1499"), events);
        }
    }

    @Test
    void everyPublisherEmitsAtATickInInstanceOrderThroughTheValve() {
        try (DeterministicPipeline running = start(3, WatermarkStrategy.forMonotonousTimestamps())) {
            channels.get(0).publish(1000L);
            channels.get(1).publish(3000L);
            channels.get(2).publish(2000L);
            running.advanceTo(199);
            assertEquals(List.of("R 1000@1000", "R 3000@3000", "R 2000@2000"), events);
            // at 200 instance 0 (999), then 1 (2999), then 2 (1999): the valve forwards the minimum once all have one
            running.advanceTo(200);
            assertEquals(List.of("R 1000@1000", "R 3000@3000", "R 2000@2000", "WM 999"), events);
            channels.get(0).publish(5000L);
            running.advanceTo(400);
            assertEquals(List.of("R 1000@1000", "R 3000@3000", "R 2000@2000", "WM 999", "R 5000@5000", "WM 1999"), events);
        }
    }

    @Test
    void aWatermarkEmittedOnARecordReachesTheOperatorBeforeTheNextRecordWithoutPeriodicEmission() {
        // punctuated: interval 0, no periodic emission (as in Flink); each record carries its watermark
        final WatermarkStrategy<Long> afterEveryRecord = WatermarkStrategy.forPunctuation((value, timestamp) -> timestamp - 100 - 1);
        try (DeterministicPipeline running = start(1, afterEveryRecord)) {
            running.advanceTo(5);
            channels.get(0).publish(1000L);
            running.advanceTo(6);
            channels.get(0).publish(900L);
            running.advanceTo(7);
            channels.get(0).publish(2000L);
            assertEquals(List.of("R 1000@1000", "WM 899", "R 900@900", "R 2000@2000", "WM 1899"), events);
        }
    }

    @Test
    void endOfInputOnEveryPublisherEmitsMaxAndProcessingTimeJumpsToTheEndOfTime() {
        try (DeterministicPipeline running = start(2, WatermarkStrategy.explicit())) {
            channels.get(0).emitWatermark(100);
            channels.get(1).emitWatermark(50);
            running.advanceTo(10);
            channels.get(0).end();
            assertEquals(List.of("WM 50"), events);
            channels.get(1).end();
            assertEquals(List.of("WM 50", "WM MAX", "END pt=MAX"), events);
            running.runToEnd();
            assertEquals(true, running.isFinished());
        }
    }

    @Test
    void recordsGoToTheInstanceOwningTheirKeyGroupAndEveryInstanceMergesEveryPublishersWatermarks() {
        final StreamPipeline pipeline = StreamPipeline.named("routing").stateBackend(HeapStateBackend.INSTANCE);
        channels = pipeline.publishers("numbers", 2);
        pipeline.from(channels, WatermarkStrategy.<Long>forMonotonousTimestamps().withTimestampAssigner((value, ts) -> value))
                .keyBy(value -> value % 10)
                .parallelism(2)
                .transform("forward", ForwardOperator::new)
                .sink(new Sink<Long>() {
                    @Override
                    public void accept(final Long value, final long timestamp) {
                        throw new AssertionError("every instance has a sink of its own");
                    }

                    @Override
                    public Sink<Long> instance(final int instance, final int parallelism) {
                        return new Sink<>() {
                            @Override
                            public void accept(final Long value, final long timestamp) {
                                events.add(instance + ": R " + value);
                            }

                            @Override
                            public void watermark(final long watermark) {
                                events.add(instance + ": WM " + Watermarks.format(watermark));
                            }
                        };
                    }
                });
        final long[] values = {1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007};
        try (DeterministicPipeline running = pipeline.startDeterministic(clock)) {
            for (final long value : values) {
                channels.get((int) (value % 2)).publish(value);
            }
            running.advanceTo(200);
            channels.get(0).end();
            channels.get(1).end();
            running.runToEnd();
        }
        final List<String> expected = new ArrayList<>();
        for (final long value : values) {
            expected.add(KeyGroups.instanceFor(KeyGroups.DEFAULT_MAX_PARALLELISM, 2,
                    KeyGroups.keyGroupOf(value % 10, KeyGroups.DEFAULT_MAX_PARALLELISM)) + ": R " + value);
        }
        // at 200 publisher 0 emits 1005 (its channel alone moves no minimum), then publisher 1 1006: each
        // instance forwards the minimum, instance 0 first; publisher 0's end leaves 1006, publisher 1's MAX
        expected.addAll(List.of("0: WM 1005", "1: WM 1005", "0: WM 1006", "1: WM 1006", "0: WM MAX", "1: WM MAX"));
        assertEquals(expected, events);
        assertEquals(List.of("1: R 1000", "1: R 1001", "1: R 1002", "1: R 1003", "0: R 1004", "1: R 1005", "0: R 1006", "1: R 1007"),
                events.subList(0, values.length));
    }

    @Test
    void processingTimeNeverGoesBack() {
        try (DeterministicPipeline running = start(1, WatermarkStrategy.noWatermarks())) {
            running.advanceTo(500);
            final IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> running.advanceTo(499));
            assertEquals("processing time went back from 500 to 499", error.getMessage());
        }
    }
}
