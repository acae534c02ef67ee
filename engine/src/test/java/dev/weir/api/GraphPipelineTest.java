package dev.weir.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.clock.VirtualClock;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.source.CollectionSource;
import dev.weir.source.Publisher;
import dev.weir.testing.Lines;
import dev.weir.testing.Scheduler;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Pipelines shaped as graphs: several sources, unions, connected streams, broadcast inputs, on both schedulers. */
final class GraphPipelineTest {
    /** A record with its event time. */
    record Event(String key, long time, int value) {
        @Override
        public String toString() {
            return key + "/" + time + "/" + value;
        }
    }

    private static WatermarkStrategy<Event> byTime() {
        return WatermarkStrategy.<Event>forMonotonousTimestamps().withTimestampAssigner((event, ts) -> event.time());
    }

    private static CollectionSource<Event> events(final String key, final int count, final long step, final int offset) {
        final List<Event> events = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            events.add(new Event(key + (i % 2), i * step, offset + i));
        }
        return CollectionSource.of(events).withBatchSize(3);
    }

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void aUnionOfTwoSourcesReadByAForwardStepGivesEveryRecordOfBoth(final Scheduler scheduler) {
        final Lines lines = new Lines();
        final StreamPipeline pipeline = StreamPipeline.named("union2");
        final DataStream<Event> a = pipeline.from("a", events("a", 4, 10, 0), byTime(), 2);
        final DataStream<Event> b = pipeline.from("b", events("b", 3, 10, 100), byTime(), 1);
        a.union(b).map(event -> "u " + event).sink(lines);
        scheduler.runToEnd(pipeline, lines);
        assertEquals(List.of("u a0/0/0", "u a0/20/2", "u a1/10/1", "u a1/30/3", "u b0/0/100", "u b0/20/102", "u b1/10/101"),
                lines.sorted());
    }

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void aUnionOfThreeSourcesKeyedAndWindowedHasOneWatermarkOverAllOfThem(final Scheduler scheduler) {
        final Lines lines = new Lines();
        final StreamPipeline pipeline = StreamPipeline.named("union3");
        final DataStream<Event> a = pipeline.from("a", CollectionSource.of(List.of(new Event("k", 1, 1), new Event("k", 12, 2))), byTime(), 1);
        final DataStream<Event> b = pipeline.from("b", CollectionSource.of(List.of(new Event("k", 3, 10), new Event("j", 25, 20))), byTime(), 2);
        final DataStream<Event> c = pipeline.from("c", CollectionSource.of(List.of(new Event("j", 5, 100), new Event("k", 9, 200))), byTime(), 1);
        a.union(b, c).keyBy(Event::key).parallelism(2).window(TumblingEventTimeWindows.of(10))
                .<String>process((key, ctx, elements, out) -> {
                    int sum = 0;
                    for (final Event event : elements) {
                        sum += event.value();
                    }
                    out.collect(key + " " + ctx.window() + " " + sum);
                })
                .sink(lines);
        scheduler.runToEnd(pipeline, lines);
        assertEquals(List.of("j [0,10) 100", "j [20,30) 20", "k [0,10) 211", "k [10,20) 2"), lines.sorted());
    }

    @Test
    void aStreamUnionedWithItselfIsRefusedByName() {
        final StreamPipeline pipeline = StreamPipeline.named("self");
        final DataStream<Event> a = pipeline.from("a", events("a", 2, 1, 0), byTime(), 1);
        final DataStream<Event> b = pipeline.from("b", events("b", 2, 1, 0), byTime(), 1);
        assertEquals("DataStream.union: the stream of plan step 0 is unioned with itself",
                assertThrows(IllegalArgumentException.class, () -> a.union(a)).getMessage());
        assertEquals("DataStream.union: the stream of plan step 1 is given twice",
                assertThrows(IllegalArgumentException.class, () -> a.union(b, b)).getMessage());
    }

    @Test
    void twoInputWatermarksFollowTheCombinedRule() {
        final Lines lines = new Lines();
        final StreamPipeline pipeline = StreamPipeline.named("rule");
        final Publisher<Object> left = pipeline.publisher("left");
        final Publisher<Object> right = pipeline.publisher("right");
        pipeline.from(left, WatermarkStrategy.<Object>explicit())
                .connect(pipeline.from(right, WatermarkStrategy.<Object>explicit()))
                .transform("recording", RecordingTwoInputOperator::new)
                .sink(lines);
        try (DeterministicPipeline running = pipeline.startDeterministic(new VirtualClock(0))) {
            left.publish("x", 5);
            left.emitWatermark(10);
            // input 2 never sent a watermark: the operator stays at MIN
            right.publish("y", 7);
            assertEquals(List.of("1:x", "2:y"), lines.lines());
            right.emitWatermark(4);
            left.emitWatermark(20);
            right.markIdle();
            // input 2 idle: input 1 alone counts
            left.emitWatermark(30);
            left.markIdle();
            // both idle: IDLE once
            right.markActive();
            right.emitWatermark(40);
            left.end();
            right.end();
            running.runToEnd();
        }
        assertEquals(List.of("1:x", "2:y", "wm 4", "wm 20", "wm 30", "status IDLE", "status ACTIVE", "wm 40", "wm MAX"), lines.lines());
    }

    @Test
    void metricsTellEachChannelsInputAndNameTheInputHoldingATwoInputTaskAtMin() {
        final StreamPipeline pipeline = StreamPipeline.named("trap");
        final List<Publisher<Object>> events = pipeline.publishers("events", 2);
        final Publisher<Object> rules = pipeline.publisher("rules");
        pipeline.from(events, WatermarkStrategy.<Object>explicit())
                .connect(pipeline.from(rules, WatermarkStrategy.<Object>explicit()).broadcast())
                .transform("recording", RecordingTwoInputOperator::new)
                .sink(new Lines());
        try (DeterministicPipeline running = pipeline.startDeterministic(new VirtualClock(0))) {
            events.get(0).emitWatermark(10);
            events.get(1).emitWatermark(12);
            rules.publish("rule", 1);
            final dev.weir.metrics.TaskMetrics task = running.metrics().stage("two-input-2").get(1);
            assertEquals(List.of(1, 2), task.inputs().stream().map(dev.weir.metrics.ChannelMetrics::input).toList());
            assertEquals(List.of("events-0[1]->two-input-2[1]", "rules-1[0]->two-input-2[1]"),
                    task.inputs().stream().map(dev.weir.metrics.ChannelMetrics::name).toList());
            assertEquals(List.of(new dev.weir.metrics.InputMetrics(1, 12, dev.weir.event.WatermarkStatus.ACTIVE, true, 0, false, 0),
                    new dev.weir.metrics.InputMetrics(2, Long.MIN_VALUE, dev.weir.event.WatermarkStatus.ACTIVE, false, 0, true, 1)),
                    task.twoInputs());
            assertEquals("input 2 has never sent a watermark (its channel 0 is at MIN) and holds the two-input operator's watermark at MIN"
                    + " while input 1 reached 12: event-time timers and windows cannot fire. Give input 2 watermarks, end it (its end sends"
                    + " MAX), or enable idleness on it so that it is marked IDLE.", task.stalledNote());
            rules.emitWatermark(20);
            assertEquals(null, running.metrics().stage("two-input-2").get(1).stalledNote());
        }
    }

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void keyedConnectedStreamsBringOneKeyOfBothInputsToOneInstance(final Scheduler scheduler) {
        final Lines lines = new Lines();
        final StreamPipeline pipeline = StreamPipeline.named("keyed");
        final DataStream<Event> a = pipeline.from("a", events("a", 4, 1, 0), byTime(), 2);
        final DataStream<Event> b = pipeline.from("b", events("a", 2, 1, 50), byTime(), 1);
        a.map(event -> (Object) event).connect(b.map(event -> (Object) event))
                .keyBy(event -> ((Event) event).key(), event -> ((Event) event).key())
                .parallelism(2)
                .transform("recording", RecordingTwoInputOperator::new)
                .filter(line -> !line.startsWith("wm") && !line.startsWith("status"))
                .sink(lines);
        scheduler.runToEnd(pipeline, lines);
        // each key's records of both inputs meet in one instance
        final List<String> sorted = lines.sorted();
        assertEquals(6, sorted.size());
        final String a0 = sorted.stream().filter(line -> line.startsWith("1:a0/0/0")).findFirst().orElseThrow();
        final String instanceOfA0 = a0.substring(a0.indexOf(' '));
        assertEquals(List.of("1:a0/0/0@a0" + instanceOfA0, "1:a0/2/2@a0" + instanceOfA0, "2:a0/0/50@a0" + instanceOfA0),
                sorted.stream().filter(line -> line.contains("@a0")).toList());
        final String a1 = sorted.stream().filter(line -> line.startsWith("1:a1/1/1")).findFirst().orElseThrow();
        final String instanceOfA1 = a1.substring(a1.indexOf(' '));
        assertEquals(List.of("1:a1/1/1@a1" + instanceOfA1, "1:a1/3/3@a1" + instanceOfA1, "2:a1/1/51@a1" + instanceOfA1),
                sorted.stream().filter(line -> line.contains("@a1")).toList());
    }

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void aBroadcastInputReachesEveryInstance(final Scheduler scheduler) {
        final Lines lines = new Lines();
        final StreamPipeline pipeline = StreamPipeline.named("broadcast");
        final DataStream<Event> a = pipeline.from("a", events("a", 4, 1, 0), byTime(), 1);
        final DataStream<Event> rules = pipeline.from("rules", CollectionSource.of(List.of(new Event("r", 0, 7))), byTime(), 1);
        a.map(event -> (Object) event).keyBy(event -> ((Event) event).key())
                .connect(rules.map(event -> (Object) event).broadcast())
                .parallelism(3)
                .transform("recording", RecordingTwoInputOperator::new)
                .filter(line -> line.startsWith("2:"))
                .sink(lines);
        scheduler.runToEnd(pipeline, lines);
        assertEquals(List.of("2:r/0/7 #0", "2:r/0/7 #1", "2:r/0/7 #2"), lines.sorted());
    }
}
