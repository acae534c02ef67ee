package dev.weir.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.DataStream;
import dev.weir.api.KeyedStream;
import dev.weir.api.StreamPipeline;
import dev.weir.clock.SystemClock;
import dev.weir.clock.VirtualClock;
import dev.weir.operator.Collector;
import dev.weir.operator.FlatMapOperator;
import dev.weir.operator.KeySelector;
import dev.weir.operator.KeyedProcessFunction;
import dev.weir.operator.MapOperator;
import dev.weir.operator.OperatorFactory;
import dev.weir.operator.OutputTag;
import dev.weir.runtime.IdleStrategyKind;
import dev.weir.runtime.chain.SideOutputs;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.runtime.sink.Sink;
import dev.weir.source.CollectionSource;
import dev.weir.source.Publisher;
import dev.weir.state.AggregateFunction;
import dev.weir.state.HeapStateBackend;
import dev.weir.state.ReduceFunction;
import dev.weir.testing.Lines;
import dev.weir.time.Punctuation;
import dev.weir.time.TimestampAssigner;
import dev.weir.time.WatermarkAlignment;
import dev.weir.time.WatermarkAlignmentGroups;
import dev.weir.time.WatermarkGenerator;
import dev.weir.time.WatermarkKind;
import dev.weir.time.WatermarkOutput;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.ContinuousEventTimeTrigger;
import dev.weir.window.CountEvictor;
import dev.weir.window.CountTrigger;
import dev.weir.window.EventTimeSessionWindows;
import dev.weir.window.EventTimeTrigger;
import dev.weir.window.Evictor;
import dev.weir.window.GlobalWindow;
import dev.weir.window.GlobalWindows;
import dev.weir.window.NeverTrigger;
import dev.weir.window.ProcessWindowFunction;
import dev.weir.window.ProcessingTimeTrigger;
import dev.weir.window.PurgingTrigger;
import dev.weir.window.SessionGapExtractor;
import dev.weir.window.SlidingEventTimeWindows;
import dev.weir.window.TimeEvictor;
import dev.weir.window.TimeWindow;
import dev.weir.window.Trigger;
import dev.weir.window.TumblingEventTimeWindows;
import dev.weir.window.WindowAssigner;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** The logical plan the pipeline API records as it builds: its steps, their wiring, their parameters, its immutability. */
final class LogicalPlanTest {
    record Trade(String symbol, long time, long quantity) {
    }

    private static final TimestampAssigner<Trade> TRADE_TIME = (trade, timestamp) -> trade.time();
    private static final KeySelector<Trade, String> SYMBOL = Trade::symbol;

    /** Counts the records of a window. */
    private static final class Count implements AggregateFunction<Trade, Long, Long> {
        @Override
        public Long createAccumulator() {
            return 0L;
        }

        @Override
        public Long add(final Trade value, final Long accumulator) {
            return accumulator + 1;
        }

        @Override
        public Long getResult(final Long accumulator) {
            return accumulator;
        }

        @Override
        public Long merge(final Long a, final Long b) {
            return a + b;
        }
    }

    /**
     * One pipeline with a step of every kind but the window functions' variants (next test):
     * each is recorded in call order, reading the step before it (side outputs branch off), with
     * the very objects given.
     */
    @Test
    void everyKindOfStepIsRecordedInOrderWithTheObjectsGiven() {
        final CollectionSource<Trade> source = CollectionSource.of(List.of(new Trade("A", 1, 1)));
        final WatermarkStrategy<Trade> sourceWatermarks = WatermarkStrategy.<Trade>forBoundedOutOfOrderness(50).withTimestampAssigner(TRADE_TIME);
        final Function<Trade, Trade> doubled = t -> new Trade(t.symbol(), t.time(), 2 * t.quantity());
        final Predicate<Trade> positive = t -> t.quantity() > 0;
        final BiConsumer<Trade, Collector<Trade>> twice = (t, out) -> {
            out.collect(t);
            out.collect(t);
        };
        final WatermarkStrategy<Trade> retimed = WatermarkStrategy.<Trade>forMonotonousTimestamps().withTimestampAssigner(TRADE_TIME);
        final OperatorFactory<Trade, Trade> custom = () -> new MapOperator<Trade, Trade>(t -> t);
        final TumblingEventTimeWindows<Trade> tumbling = TumblingEventTimeWindows.of(1_000);
        final CountTrigger<TimeWindow> everyThird = CountTrigger.of(3);
        final CountEvictor<TimeWindow> lastTwo = CountEvictor.of(2);
        final OutputTag<Trade> late = new OutputTag<>("late");
        final Count count = new Count();
        final ProcessWindowFunction<Long, String, String, TimeWindow> describe =
                (symbol, context, counts, out) -> out.collect(symbol + " " + counts.iterator().next());
        final SideOutputs.SideOutputSink<Trade> lateSink = (trade, timestamp) -> { };
        final KeySelector<String, String> firstLetter = s -> s.substring(0, 1);
        final KeyedProcessFunction<String, String, String> echo = (value, ctx, out) -> out.collect(value);
        final KeySelector<String, Integer> length = String::length;
        final OperatorFactory<String, String> keyedCustom = () -> new FlatMapOperator<String, String>((s, out) -> out.collect(s));
        final Sink<String> sink = (value, timestamp) -> { };

        final StreamPipeline pipeline = StreamPipeline.named("every-step");
        final DataStream<String> described = pipeline.from("trades", source, sourceWatermarks, 2)
                .map(doubled)
                .filter(positive)
                .flatMap(twice)
                .assignTimestampsAndWatermarks(retimed)
                .transform("custom", custom)
                .keyBy(SYMBOL)
                .parallelism(3)
                .idleStrategy(IdleStrategyKind.YIELD)
                .cpus(1)
                .window(tumbling)
                .trigger(everyThird)
                .evictor(lastTwo)
                .allowedLateness(500)
                .sideOutputLateData(late)
                .aggregate(count, describe);
        described.sideOutput(late, lateSink)
                .keyBy(firstLetter)
                .process(echo)
                .keyBy(length)
                .parallelism(2)
                .transform("keyed custom", keyedCustom)
                .sink(sink);

        final LogicalPlan plan = pipeline.logicalPlan();
        assertEquals(List.of(
                new SourceStep("trades", source, List.of(), sourceWatermarks, 2),
                new MapStep(0, doubled),
                new FilterStep(1, positive),
                new FlatMapStep(2, twice),
                new TimestampsStep(3, retimed),
                new TransformStep(4, "custom", custom),
                new KeyByStep(5, SYMBOL, 3, IdleStrategyKind.YIELD, List.of(1)),
                new WindowStep(6, tumbling, everyThird, lastTwo, 500, late, WindowFunctionKind.AGGREGATE_PROCESS, null, count, describe),
                new SideOutputStep(7, late, lateSink),
                new KeyByStep(7, firstLetter, 1, null, List.of()),
                new KeyedProcessStep(9, echo),
                new KeyByStep(10, length, 2, null, List.of()),
                new TransformStep(11, "keyed custom", keyedCustom),
                new SinkStep(12, sink)), plan.steps());
        final WindowStep window = (WindowStep) plan.steps().get(7);
        assertSame(tumbling, window.assigner());
        assertSame(count, window.aggregate());
        assertSame(describe, window.process());
        assertSame(doubled, ((MapStep) plan.steps().get(1)).mapper());
        assertSame(sink, ((SinkStep) plan.steps().get(13)).sink());
        // the side output branches off the window; the next keyBy reads the window, not the side output
        assertSame(window, plan.inputOf(8));
        assertSame(window, plan.inputOf(9));
        assertNull(plan.inputOf(0));
        assertFalse(plan.translatable(), "two transform steps");
        assertFalse(plan.steps().get(5).translatable());
        assertFalse(plan.steps().get(12).translatable());
        assertEquals(12, plan.steps().stream().filter(PlanStep::translatable).count());
    }

    /** A pipeline fed by publishers records them, in instance order, as its source; without a transform it translates. */
    @Test
    void publishersAreTheSourceOfAPublishedPipeline() {
        final StreamPipeline pipeline = StreamPipeline.named("published");
        final List<Publisher<Trade>> publishers = pipeline.publishers("ticks", 3);
        final WatermarkStrategy<Trade> watermarks = WatermarkStrategy.<Trade>forMonotonousTimestamps().withTimestampAssigner(TRADE_TIME);
        final Sink<Trade> sink = (value, timestamp) -> { };
        pipeline.from(publishers, watermarks).sink(sink);

        final LogicalPlan plan = pipeline.logicalPlan();
        assertEquals(List.of(new SourceStep("ticks", null, List.copyOf(publishers), watermarks, 3), new SinkStep(0, sink)), plan.steps());
        final SourceStep source = (SourceStep) plan.steps().get(0);
        assertTrue(source.published());
        assertSame(publishers.get(2), source.publishers().get(2));
        assertTrue(plan.translatable());

        final StreamPipeline single = StreamPipeline.named("single");
        final Publisher<Trade> one = single.publisher("one");
        single.from(one, watermarks).sink(sink);
        assertEquals(new SourceStep("one", null, List.of(one), watermarks, 1), single.logicalPlan().steps().get(0));
    }

    private static WindowStep windowOf(final StreamPipeline pipeline) {
        return (WindowStep) pipeline.logicalPlan().steps().get(2);
    }

    private static KeyedStream<Trade, String> keyed(final StreamPipeline pipeline) {
        return pipeline.from("trades", CollectionSource.of(List.<Trade>of()), WatermarkStrategy.<Trade>noWatermarks(), 1).keyBy(SYMBOL);
    }

    /** Each window function is recorded with its kind and exactly its function objects; unset options are the defaults. */
    @Test
    void eachWindowFunctionIsRecordedWithItsKind() {
        final TumblingEventTimeWindows<Trade> assigner = TumblingEventTimeWindows.of(100);
        final ReduceFunction<Trade> larger = (a, b) -> a.quantity() >= b.quantity() ? a : b;
        final Count count = new Count();
        final ProcessWindowFunction<Long, Long, String, TimeWindow> passOn = (key, context, counts, out) -> out.collect(counts.iterator().next());
        final ProcessWindowFunction<Trade, String, String, TimeWindow> list = (key, context, trades, out) -> out.collect(key);

        final StreamPipeline reduced = StreamPipeline.named("reduce");
        keyed(reduced).window(assigner).reduce(larger);
        assertEquals(new WindowStep(1, assigner, null, null, 0, null, WindowFunctionKind.REDUCE, larger, null, null), windowOf(reduced));

        final StreamPipeline aggregated = StreamPipeline.named("aggregate");
        keyed(aggregated).window(assigner).aggregate(count);
        assertEquals(new WindowStep(1, assigner, null, null, 0, null, WindowFunctionKind.AGGREGATE, null, count, null), windowOf(aggregated));

        final StreamPipeline both = StreamPipeline.named("aggregate+process");
        keyed(both).window(assigner).aggregate(count, passOn);
        assertEquals(new WindowStep(1, assigner, null, null, 0, null, WindowFunctionKind.AGGREGATE_PROCESS, null, count, passOn), windowOf(both));

        final StreamPipeline processed = StreamPipeline.named("process");
        keyed(processed).window(assigner).process(list);
        assertEquals(new WindowStep(1, assigner, null, null, 0, null, WindowFunctionKind.PROCESS, null, null, list), windowOf(processed));
    }

    /** Records a window of each assigner with a trigger and an evictor, and returns its step. */
    private static WindowStep windowed(final WindowAssigner<Trade, ?> assigner, final Trigger<Object, ?> trigger, final Evictor<Object, ?> evictor) {
        return windowed(assigner, trigger, evictor, 0);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static WindowStep windowed(final WindowAssigner<Trade, ?> assigner, final Trigger<Object, ?> trigger, final Evictor<Object, ?> evictor,
            final long lateness) {
        final StreamPipeline pipeline = StreamPipeline.named("windows");
        final var windows = keyed(pipeline).window((WindowAssigner) assigner);
        if (trigger != null) {
            windows.trigger((Trigger) trigger);
        }
        if (evictor != null) {
            windows.evictor((Evictor) evictor);
        }
        windows.allowedLateness(lateness).process((key, context, elements, out) -> out.collect(key));
        final WindowStep step = windowOf(pipeline);
        assertSame(assigner, step.assigner());
        assertSame(trigger, step.trigger());
        assertSame(evictor, step.evictor());
        assertEquals(lateness, step.allowedLatenessMillis());
        return step;
    }

    /** Tumbling and sliding windows expose size, slide and offset; given or defaulted. */
    @Test
    void timeWindowAssignersExposeSizeSlideAndOffset() {
        final TumblingEventTimeWindows<?> tumbling = (TumblingEventTimeWindows<?>) windowed(TumblingEventTimeWindows.of(1_000), null, null).assigner();
        assertEquals(List.of(1_000L, 0L), List.of(tumbling.sizeMillis(), tumbling.offsetMillis()));
        final TumblingEventTimeWindows<?> shifted = (TumblingEventTimeWindows<?>) windowed(TumblingEventTimeWindows.of(60_000, -15_000), null, null, 10)
                .assigner();
        assertEquals(List.of(60_000L, -15_000L), List.of(shifted.sizeMillis(), shifted.offsetMillis()));

        final SlidingEventTimeWindows<?> sliding = (SlidingEventTimeWindows<?>) windowed(SlidingEventTimeWindows.of(1_000, 250), null, null).assigner();
        assertEquals(List.of(1_000L, 250L, 0L), List.of(sliding.sizeMillis(), sliding.slideMillis(), sliding.offsetMillis()));
        final SlidingEventTimeWindows<?> offset = (SlidingEventTimeWindows<?>) windowed(SlidingEventTimeWindows.of(10_000, 3_000, 2_999), null, null)
                .assigner();
        assertEquals(List.of(10_000L, 3_000L, 2_999L), List.of(offset.sizeMillis(), offset.slideMillis(), offset.offsetMillis()));
    }

    /** Sessions expose a fixed gap, or the user's extractor for a dynamic one; global windows have no parameter. */
    @Test
    void sessionAndGlobalAssignersExposeTheirGap() {
        final EventTimeSessionWindows<Trade> fixed = EventTimeSessionWindows.withGap(300);
        assertSame(fixed, windowed(fixed, null, null).assigner());
        assertFalse(fixed.hasDynamicGap());
        assertEquals(300, fixed.gapMillis());
        assertEquals(300, fixed.gapExtractor().gapOf(new Trade("A", 1, 1)));

        final SessionGapExtractor<Trade> byQuantity = trade -> trade.quantity() * 10;
        final EventTimeSessionWindows<?> dynamic = (EventTimeSessionWindows<?>) windowed(EventTimeSessionWindows.withDynamicGap(byQuantity), null, null)
                .assigner();
        assertTrue(dynamic.hasDynamicGap());
        assertSame(byQuantity, dynamic.gapExtractor());
        final IllegalStateException noFixedGap = assertThrows(IllegalStateException.class, dynamic::gapMillis);
        assertEquals("dynamic session windows have no fixed gap: see gapExtractor()", noFixedGap.getMessage());

        final GlobalWindows<Trade> global = GlobalWindows.create();
        final CountTrigger<GlobalWindow> five = CountTrigger.of(5);
        assertSame(global, windowed(global, five, null).assigner());
    }

    /** Each trigger is recorded as given and exposes its parameters; a purging trigger its nested one. */
    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void triggersExposeTheirParameters() {
        final TumblingEventTimeWindows<Trade> second = TumblingEventTimeWindows.of(1_000);
        assertEquals(7, ((CountTrigger<?>) windowed(second, CountTrigger.of(7), null).trigger()).maxCount());
        assertEquals(1, ((CountTrigger<?>) windowed(second, CountTrigger.of(1), null).trigger()).maxCount());
        assertEquals(250, ((ContinuousEventTimeTrigger<?>) windowed(second, (Trigger) ContinuousEventTimeTrigger.of(250), null).trigger())
                .intervalMillis());
        assertEquals(1, ((ContinuousEventTimeTrigger<?>) windowed(second, (Trigger) ContinuousEventTimeTrigger.of(1), null).trigger())
                .intervalMillis());

        final CountTrigger<TimeWindow> three = CountTrigger.of(3);
        final PurgingTrigger<?, ?> purging = (PurgingTrigger<?, ?>) windowed(second, (Trigger) PurgingTrigger.of(three), null).trigger();
        assertSame(three, purging.nested());
        final EventTimeTrigger<Object> eventTime = EventTimeTrigger.create();
        final PurgingTrigger<?, ?> purgingEventTime = (PurgingTrigger<?, ?>) windowed(second, (Trigger) PurgingTrigger.of(eventTime), null).trigger();
        assertSame(eventTime, purgingEventTime.nested());

        final ProcessingTimeTrigger<Object> processingTime = ProcessingTimeTrigger.create();
        assertSame(processingTime, windowed(second, (Trigger) processingTime, null).trigger());
        final NeverTrigger<Object> never = NeverTrigger.create();
        assertSame(never, windowed(GlobalWindows.create(), (Trigger) never, null).trigger());
        assertNull(windowed(second, null, null).trigger(), "no trigger given: the assigner's default, recorded as null");
    }

    /** Each evictor exposes its count or size and whether it evicts after the window function. */
    @Test
    void evictorsExposeTheirParameters() {
        final TumblingEventTimeWindows<Trade> second = TumblingEventTimeWindows.of(1_000);
        final CountEvictor<?> countBefore = (CountEvictor<?>) windowed(second, null, CountEvictor.of(3)).evictor();
        assertEquals(List.of(3L, false), List.of(countBefore.maxCount(), countBefore.isEvictAfter()));
        final CountEvictor<?> countAfter = (CountEvictor<?>) windowed(second, null, CountEvictor.of(0, true)).evictor();
        assertEquals(List.of(0L, true), List.of(countAfter.maxCount(), countAfter.isEvictAfter()));
        final TimeEvictor<?> timeBefore = (TimeEvictor<?>) windowed(second, null, TimeEvictor.of(100)).evictor();
        assertEquals(List.of(100L, false), List.of(timeBefore.windowSizeMillis(), timeBefore.isEvictAfter()));
        final TimeEvictor<?> timeAfter = (TimeEvictor<?>) windowed(second, null, TimeEvictor.of(2_500, true)).evictor();
        assertEquals(List.of(2_500L, true), List.of(timeAfter.windowSizeMillis(), timeAfter.isEvictAfter()));
    }

    /** The late-data tag and allowed lateness are recorded; without them, null and 0. */
    @Test
    void lateDataTagAndLatenessAreRecorded() {
        final OutputTag<Trade> tooLate = new OutputTag<>("too-late");
        final StreamPipeline pipeline = StreamPipeline.named("late");
        keyed(pipeline).window(TumblingEventTimeWindows.of(100)).allowedLateness(1_000).sideOutputLateData(tooLate)
                .process((key, context, elements, out) -> out.collect(key));
        assertSame(tooLate, windowOf(pipeline).lateDataTag());
        assertEquals(1_000, windowOf(pipeline).allowedLatenessMillis());
        assertNull(windowed(TumblingEventTimeWindows.of(100), null, null).lateDataTag());
    }

    /** Every factory of WatermarkStrategy exposes its kind, bound, punctuation and generators. */
    @Test
    void watermarkStrategiesExposeTheirKindAndParameters() {
        final WatermarkStrategy<Trade> bounded = WatermarkStrategy.forBoundedOutOfOrderness(150);
        assertEquals(WatermarkKind.BOUNDED_OUT_OF_ORDERNESS, bounded.kind());
        assertEquals(150, bounded.maxOutOfOrdernessMillis());
        assertEquals(WatermarkStrategy.DEFAULT_INTERVAL_MILLIS, bounded.intervalMillis());
        assertTrue(bounded.isDrivenByRecords());
        assertNull(bounded.punctuation());
        assertEquals(0, WatermarkStrategy.<Trade>forBoundedOutOfOrderness(0).maxOutOfOrdernessMillis());
        assertEquals(WatermarkKind.BOUNDED_OUT_OF_ORDERNESS, WatermarkStrategy.<Trade>forBoundedOutOfOrderness(0).kind());

        final WatermarkStrategy<Trade> monotonous = WatermarkStrategy.forMonotonousTimestamps();
        assertEquals(List.of(WatermarkKind.MONOTONOUS, 0L, WatermarkStrategy.DEFAULT_INTERVAL_MILLIS),
                List.of(monotonous.kind(), monotonous.maxOutOfOrdernessMillis(), monotonous.intervalMillis()));

        final Punctuation<Trade> marker = (trade, timestamp) -> trade.quantity() == 0 ? timestamp : Punctuation.NO_WATERMARK;
        final WatermarkStrategy<Trade> punctuated = WatermarkStrategy.forPunctuation(marker);
        assertEquals(List.of(WatermarkKind.PUNCTUATED, 0L), List.of(punctuated.kind(), punctuated.intervalMillis()));
        assertSame(marker, punctuated.punctuation());

        final WatermarkStrategy<Trade> explicit = WatermarkStrategy.explicit();
        assertEquals(List.of(WatermarkKind.EXPLICIT, 0L, true), List.of(explicit.kind(), explicit.intervalMillis(), explicit.isDrivenByRecords()));
        final WatermarkStrategy<Trade> none = WatermarkStrategy.noWatermarks();
        assertEquals(List.of(WatermarkKind.NONE, WatermarkStrategy.DEFAULT_INTERVAL_MILLIS, true),
                List.of(none.kind(), none.intervalMillis(), none.isDrivenByRecords()));

        final Supplier<WatermarkGenerator<Trade>> own = () -> new WatermarkGenerator<>() {
            @Override
            public void onEvent(final Trade event, final long timestamp, final WatermarkOutput output) {
            }

            @Override
            public void onPeriodicEmit(final WatermarkOutput output) {
            }
        };
        final WatermarkStrategy<Trade> custom = WatermarkStrategy.forGenerator(own);
        assertEquals(List.of(WatermarkKind.CUSTOM, false), List.of(custom.kind(), custom.isDrivenByRecords()));
        assertSame(own, custom.generators());
        for (final WatermarkStrategy<Trade> strategy : List.of(bounded, monotonous, punctuated, explicit, none, custom)) {
            assertNull(strategy.timestampAssigner());
            assertEquals(0, strategy.idlenessMillis());
            assertNull(strategy.alignment());
        }
    }

    /** The with* methods keep the kind and parameters and expose assigner, idleness, interval and alignment. */
    @Test
    void watermarkStrategyOptionsAreExposedAndKeepTheKind() {
        final Punctuation<Trade> marker = (trade, timestamp) -> timestamp;
        for (final WatermarkStrategy<Trade> base : List.of(WatermarkStrategy.<Trade>forBoundedOutOfOrderness(75),
                WatermarkStrategy.<Trade>forMonotonousTimestamps(), WatermarkStrategy.forPunctuation(marker), WatermarkStrategy.<Trade>explicit(),
                WatermarkStrategy.<Trade>noWatermarks())) {
            final WatermarkStrategy<Trade> full = base.withTimestampAssigner(TRADE_TIME).withIdleness(500).withPeriodicInterval(20)
                    .withWatermarkAlignment(WatermarkAlignment.of("feeds", 2_000).withUpdateInterval(250));
            assertEquals(base.kind(), full.kind());
            assertEquals(base.maxOutOfOrdernessMillis(), full.maxOutOfOrdernessMillis());
            assertSame(base.punctuation(), full.punctuation());
            assertSame(base.generators(), full.generators());
            assertEquals(base.isDrivenByRecords(), full.isDrivenByRecords());
            assertSame(TRADE_TIME, full.timestampAssigner());
            assertEquals(List.of(500L, 20L), List.of(full.idlenessMillis(), full.intervalMillis()));
            assertEquals(List.of("feeds", 2_000L, 250L),
                    List.of(full.alignment().group(), full.alignment().maxDriftMillis(), full.alignment().updateIntervalMillis()));
            assertEquals(base.intervalMillis(), base.withTimestampAssigner(TRADE_TIME).intervalMillis(), "an assigner keeps the interval");
        }
        assertEquals(WatermarkKind.BOUNDED_OUT_OF_ORDERNESS,
                WatermarkStrategy.<Trade>forBoundedOutOfOrderness(75).withWatermarkAlignment("g", 10).withIdleness(1).kind());
    }

    /** The strategies a plan holds are the ones given to the source and to assignTimestampsAndWatermarks. */
    @Test
    void thePlanHoldsTheWatermarkStrategiesGiven() {
        final WatermarkStrategy<Trade> aligned = WatermarkStrategy.<Trade>forBoundedOutOfOrderness(20).withTimestampAssigner(TRADE_TIME)
                .withIdleness(1_000).withWatermarkAlignment("feeds", 500);
        final WatermarkStrategy<Trade> retimed = WatermarkStrategy.<Trade>forMonotonousTimestamps().withPeriodicInterval(0);
        final StreamPipeline pipeline = StreamPipeline.named("strategies");
        pipeline.from("trades", CollectionSource.of(List.<Trade>of()), aligned, 2).assignTimestampsAndWatermarks(retimed);
        final LogicalPlan plan = pipeline.logicalPlan();
        final WatermarkStrategy<?> atSource = ((SourceStep) plan.steps().get(0)).watermarks();
        assertSame(aligned, atSource);
        assertEquals(List.of(WatermarkKind.BOUNDED_OUT_OF_ORDERNESS, 20L, 1_000L, "feeds", 500L), List.of(atSource.kind(),
                atSource.maxOutOfOrdernessMillis(), atSource.idlenessMillis(), atSource.alignment().group(), atSource.alignment().maxDriftMillis()));
        assertSame(retimed, ((TimestampsStep) plan.steps().get(1)).watermarks());
    }

    /** The pipeline's settings as given, and their defaults. */
    @Test
    void pipelineSettingsAreRecorded() {
        final StreamPipeline defaults = StreamPipeline.named("defaults");
        assertEquals(List.of(), defaults.logicalPlan().steps());
        final PipelineSettings plain = defaults.logicalPlan().settings();
        assertEquals(List.of("defaults", 128), List.of(plain.name(), plain.maxParallelism()));
        assertNull(plain.stateBackend());
        assertFalse(plain.checkpointing());
        assertNull(plain.checkpointInterval());
        assertNull(plain.restoreDir());
        assertSame(SystemClock.INSTANCE, plain.clock());

        final VirtualClock clock = new VirtualClock(5);
        final WatermarkAlignmentGroups groups = new WatermarkAlignmentGroups();
        final StreamPipeline pipeline = StreamPipeline.named("settings").maxParallelism(64).stateBackend(HeapStateBackend.INSTANCE)
                .checkpointing(Path.of("checkpoints"), Duration.ofSeconds(2)).restoreFrom(Path.of("earlier")).alignmentGroups(groups).clock(clock);
        final PipelineSettings settings = pipeline.logicalPlan().settings();
        assertEquals(new PipelineSettings("settings", 64, HeapStateBackend.INSTANCE, Path.of("checkpoints"), Duration.ofSeconds(2),
                Path.of("earlier"), groups, clock), settings);
        assertTrue(settings.checkpointing());
    }

    /**
     * A plan never changes: its lists are unmodifiable, and later API calls (a keyed stage's
     * parallelism, idle strategy or CPUs, more steps, other settings) show only in a new plan.
     */
    @Test
    void thePlanIsImmutable() {
        final StreamPipeline pipeline = StreamPipeline.named("immutable");
        final KeyedStream<Trade, String> keyed = keyed(pipeline);
        final LogicalPlan before = pipeline.logicalPlan();
        keyed.parallelism(4).idleStrategy(IdleStrategyKind.BUSY_SPIN).cpus(3, 2);
        pipeline.maxParallelism(32);
        final LogicalPlan after = pipeline.logicalPlan();

        assertEquals(new KeyByStep(0, SYMBOL, 1, null, List.of()), before.steps().get(1));
        assertEquals(128, before.settings().maxParallelism());
        assertEquals(new KeyByStep(0, SYMBOL, 4, IdleStrategyKind.BUSY_SPIN, List.of(3, 2)), after.steps().get(1));
        assertEquals(32, after.settings().maxParallelism());

        final Sink<Object> sink = (value, timestamp) -> { };
        keyed.process((KeyedProcessFunction<String, Trade, Trade>) (value, ctx, out) -> out.collect(value)).sink(sink);
        assertEquals(2, before.steps().size());
        assertEquals(2, after.steps().size());
        assertEquals(4, pipeline.logicalPlan().steps().size());

        assertThrows(UnsupportedOperationException.class, () -> after.steps().add(new SinkStep(1, sink)));
        assertThrows(UnsupportedOperationException.class, () -> after.steps().remove(0));
        assertThrows(UnsupportedOperationException.class, () -> ((KeyByStep) after.steps().get(1)).cpus().add(5));
        assertThrows(UnsupportedOperationException.class, () -> ((SourceStep) after.steps().get(0)).publishers().add(null));

        final List<PlanStep> steps = new ArrayList<>(after.steps());
        final List<Integer> cpus = new ArrayList<>(List.of(1));
        final LogicalPlan copied = new LogicalPlan(after.settings(), steps);
        final KeyByStep copiedKeyBy = new KeyByStep(0, SYMBOL, 1, null, cpus);
        steps.clear();
        cpus.add(2);
        assertEquals(after.steps(), copied.steps());
        assertEquals(List.of(1), copiedKeyBy.cpus());
    }

    /** A side output reads the step of the stream it is declared on, even when that stream was consumed before. */
    @Test
    void aSideOutputReadsTheStreamItIsDeclaredOn() {
        final OutputTag<Trade> late = new OutputTag<>("late");
        final SideOutputs.SideOutputSink<Trade> lateSink = (trade, timestamp) -> { };
        final Sink<Object> sink = (value, timestamp) -> { };
        final StreamPipeline pipeline = StreamPipeline.named("branch");
        final DataStream<Trade> reduced = keyed(pipeline).window(TumblingEventTimeWindows.of(10)).sideOutputLateData(late).reduce((a, b) -> a);
        final DataStream<Long> quantities = reduced.map(Trade::quantity);
        reduced.sideOutput(late, lateSink);
        quantities.sideOutput(late, lateSink).sink(sink);

        final List<PlanStep> steps = pipeline.logicalPlan().steps();
        assertEquals(List.of(new SideOutputStep(2, late, lateSink), new SideOutputStep(3, late, lateSink), new SinkStep(3, sink)),
                steps.subList(4, 7));
        assertEquals(2, steps.get(3).input(), "the map reads the window");
    }

    /** A plan rejects wiring Weir cannot have, and steps whose fields contradict their kind. */
    @Test
    void malformedStepsAndWiringAreRejected() {
        final Sink<Object> sink = (value, timestamp) -> { };
        final PipelineSettings settings = StreamPipeline.named("p").logicalPlan().settings();
        final SourceStep source = new SourceStep("s", CollectionSource.of(List.of(1)), List.of(), WatermarkStrategy.noWatermarks(), 1);
        assertEquals("step 1 (SinkStep) must read an earlier step: input 1",
                assertThrows(IllegalArgumentException.class, () -> new LogicalPlan(settings, List.of(source, new SinkStep(1, sink)))).getMessage());
        assertEquals("step 1 (SinkStep) must read an earlier step: input -1",
                assertThrows(IllegalArgumentException.class, () -> new LogicalPlan(settings, List.of(source, new SinkStep(-1, sink)))).getMessage());
        assertEquals("step 0 (SinkStep): a plan starts with a source",
                assertThrows(IllegalArgumentException.class, () -> new LogicalPlan(settings, List.of(new SinkStep(0, sink)))).getMessage());
        // a plan may have several sources
        assertEquals(2, new LogicalPlan(settings, List.of(source, source)).steps().size());
        assertEquals(2, new LogicalPlan(settings, List.of(source, new SinkStep(0, sink))).steps().size());

        assertEquals("source 's' is either a Source or publishers", assertThrows(IllegalArgumentException.class,
                () -> new SourceStep("s", null, List.of(), WatermarkStrategy.noWatermarks(), 1)).getMessage());
        final StreamPipeline pipeline = StreamPipeline.named("p");
        final Publisher<Integer> publisher = pipeline.publisher("p");
        assertThrows(IllegalArgumentException.class,
                () -> new SourceStep("s", CollectionSource.of(List.of(1)), List.of(publisher), WatermarkStrategy.noWatermarks(), 1));

        final TumblingEventTimeWindows<Object> assigner = TumblingEventTimeWindows.of(10);
        final ReduceFunction<Object> first = (a, b) -> a;
        final Count count = new Count();
        assertEquals("a AGGREGATE window step sets exactly the functions of its kind", assertThrows(IllegalArgumentException.class,
                () -> new WindowStep(0, assigner, null, null, 0, null, WindowFunctionKind.AGGREGATE, first, null, null)).getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> new WindowStep(0, assigner, null, null, 0, null, WindowFunctionKind.AGGREGATE_PROCESS, null, count, null));
        assertThrows(IllegalArgumentException.class,
                () -> new WindowStep(0, assigner, null, null, 0, null, WindowFunctionKind.REDUCE, first, count, null));
        assertThrows(IllegalArgumentException.class,
                () -> new WindowStep(0, assigner, null, null, 0, null, WindowFunctionKind.PROCESS, null, null, null));
    }

    /**
     * Two trade publishers' worth of records into keyed 1 s tumbling windows counting trades,
     * with a late side output; the plan is read after every call when {@code readPlan}.
     */
    private static List<String> runWindowedCounts(final boolean readPlan) {
        final VirtualClock clock = new VirtualClock(0);
        final Lines lines = new Lines();
        final OutputTag<Trade> late = new OutputTag<>("late");
        final StreamPipeline pipeline = StreamPipeline.named("counts").stateBackend(HeapStateBackend.INSTANCE);
        final Publisher<Trade> trades = pipeline.publisher("trades");
        final List<LogicalPlan> plans = new ArrayList<>();
        final Runnable read = () -> {
            if (readPlan) {
                plans.add(pipeline.logicalPlan());
            }
        };
        final DataStream<Trade> source = pipeline.from(trades, WatermarkStrategy.<Trade>forMonotonousTimestamps().withTimestampAssigner(TRADE_TIME));
        read.run();
        final DataStream<Trade> positive = source.filter(t -> t.quantity() > 0);
        read.run();
        final KeyedStream<Trade, String> bySymbol = positive.keyBy(SYMBOL).parallelism(2);
        read.run();
        final DataStream<String> counts = bySymbol.window(TumblingEventTimeWindows.of(1_000)).sideOutputLateData(late)
                .aggregate(new Count(), (ProcessWindowFunction<Long, String, String, TimeWindow>) (symbol, context, n, out) ->
                        out.collect(symbol + " " + context.window() + " n=" + n.iterator().next()));
        read.run();
        counts.sideOutput(late, lines.side("late ")).sink(lines);
        read.run();
        try (DeterministicPipeline running = pipeline.startDeterministic(clock)) {
            trades.publish(new Trade("A", 100, 1));
            trades.publish(new Trade("B", 200, 5));
            trades.publish(new Trade("A", 900, 0));
            trades.publish(new Trade("A", 950, 2));
            running.advanceTo(200);
            trades.publish(new Trade("B", 1_500, 1));
            running.advanceTo(400);
            trades.publish(new Trade("A", 500, 3));
            trades.end();
            running.runToEnd();
        }
        if (readPlan) {
            assertEquals(List.of(1, 2, 3, 4, 6), plans.stream().map(plan -> plan.steps().size()).toList());
        }
        return lines.lines();
    }

    /** Recording the plan, and reading it after every call, does not change what the pipeline prints. */
    @Test
    void readingThePlanDoesNotChangeWhatThePipelinePrints() {
        // A's [0,1000) counts 100 and 950 (900 has quantity 0); A@500 comes after the watermark 1499 passed 999: late.
        // B's instance runs before A's under the deterministic scheduler, so it fires first.
        final List<String> expected = List.of("B [0,1000) n=1", "A [0,1000) n=2", "late Trade[symbol=A, time=500, quantity=3]", "B [1000,2000) n=1");
        assertEquals(expected, runWindowedCounts(false));
        assertEquals(expected, runWindowedCounts(true));
    }

    /** The example of docs/architecture.md, "The logical plan", as written there, on the pipeline it describes. */
    @Test
    void theArchitectureExampleReadsAPlan() {
        final StreamPipeline pipeline = StreamPipeline.named("example");
        pipeline.from("trades", CollectionSource.of(List.<Trade>of()), WatermarkStrategy.<Trade>forMonotonousTimestamps(), 1)
                .keyBy(SYMBOL)
                .window(TumblingEventTimeWindows.of(1_000))
                .allowedLateness(200)
                .aggregate(new Count())
                .transform("dedup", () -> new MapOperator<Long, Long>(n -> n));
        final StringWriter printed = new StringWriter();
        final PrintWriter out = new PrintWriter(printed);

        LogicalPlan plan = pipeline.logicalPlan();
        for (int i = 0; i < plan.steps().size(); i++) {
            PlanStep step = plan.steps().get(i);
            if (step instanceof WindowStep window && window.assigner() instanceof TumblingEventTimeWindows<?> tumbling) {
                out.println("step " + i + " reads step " + window.input() + ": tumbling "
                        + tumbling.sizeMillis() + " ms, " + window.function() + ", lateness " + window.allowedLatenessMillis() + " ms");
            } else if (step instanceof TransformStep custom) {
                out.println("'" + custom.name() + "' is an operator built by hand: not translatable");
            }
        }

        out.flush();
        assertEquals(List.of("step 2 reads step 1: tumbling 1000 ms, AGGREGATE, lateness 200 ms", "'dedup' is an operator built by hand: not translatable"),
                printed.toString().lines().toList());
    }
}
