package dev.weir.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.clock.VirtualClock;
import dev.weir.plan.EdgeKind;
import dev.weir.plan.KeyByStep;
import dev.weir.plan.LogicalPlan;
import dev.weir.plan.MapStep;
import dev.weir.plan.PlanEdge;
import dev.weir.plan.PlanStep;
import dev.weir.plan.SinkStep;
import dev.weir.plan.SourceStep;
import dev.weir.runtime.sink.Sink;
import dev.weir.source.CollectionSource;
import dev.weir.state.HeapStateBackend;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The stages are cut from the plan's steps and edges alone (docs/architecture.md, "The logical
 * plan"): a straight line keeps its stage and operator names, a fork makes forward branches and
 * keyed stages of the stream it forks, and what the runtime does not compile yet is refused with
 * the step that needs it.
 */
final class PlanStagesTest {
    private static final Sink<Object> SINK = (value, timestamp) -> { };
    private static final Function<Object, Object> SAME = value -> value;

    private static StreamPipeline pipeline() {
        return StreamPipeline.named("p").stateBackend(HeapStateBackend.INSTANCE);
    }

    private static DataStream<Long> numbers(final StreamPipeline pipeline) {
        return pipeline.from("numbers", CollectionSource.of(List.of(1L, 2L)),
                WatermarkStrategy.<Long>forMonotonousTimestamps().withTimestampAssigner((n, ts) -> n), 1);
    }

    @Test
    void aStraightLineIsOneChainPerStageWithItsNamesAsBefore() {
        final StreamPipeline pipeline = pipeline();
        numbers(pipeline).map(n -> n + 1).filter(n -> n > 0)
                .keyBy(n -> n % 2).parallelism(2)
                .window(TumblingEventTimeWindows.of(10)).reduce(Long::sum)
                .map(n -> n * 2)
                .sink(SINK);
        final List<Stage> stages = PlanStages.of("p", pipeline.logicalPlan(), Map.of());
        assertEquals(List.of("numbers-0", "keyed-1"), stages.stream().map(stage -> stage.name).toList());
        assertEquals(List.of("map", "filter"), stages.get(0).operatorNames);
        assertEquals(List.of("window", "map"), stages.get(1).operatorNames);
        assertEquals(List.of(-1, 0), stages.stream().map(stage -> stage.input).toList());
        assertEquals(2, stages.get(1).parallelism);
        assertEquals(stages.get(1), stages.get(0).chain.consumers.get(0).keyed());
        assertEquals(SINK, stages.get(1).chain.consumers.get(0).sink());
    }

    @Test
    void aForkMakesForwardBranchesAndKeyedStagesOfTheStreamItForks() {
        final StreamPipeline pipeline = pipeline();
        final DataStream<Long> doubled = numbers(pipeline).map(n -> n * 2);
        doubled.filter(n -> n > 2).map(n -> n + 1).sink(SINK);
        doubled.keyBy(n -> n).process((n, ctx, out) -> out.collect(n)).sink(SINK);
        doubled.sink(SINK);
        final LogicalPlan plan = pipeline.logicalPlan();
        assertEquals(List.of(2, 5, 8), plan.consumers(1), "the doubled stream feeds a filter, a keyBy and a sink");
        assertEquals(List.of(new PlanEdge(1, EdgeKind.KEY_PARTITIONED)), plan.steps().get(5).inputs());
        final List<Stage> stages = PlanStages.of("p", plan, Map.of());
        assertEquals(List.of("numbers-0", "keyed-1"), stages.stream().map(stage -> stage.name).toList());
        final Segment chain = stages.get(0).chain;
        assertEquals(List.of("map"), chain.operatorNames, "the fork follows the map");
        assertEquals(3, chain.consumers.size());
        assertEquals(List.of("filter", "map"), chain.consumers.get(0).branch().operatorNames);
        assertEquals(SINK, chain.consumers.get(0).branch().consumers.get(0).sink());
        assertEquals(stages.get(1), chain.consumers.get(1).keyed());
        assertEquals(SINK, chain.consumers.get(2).sink());
        assertEquals(List.of("process"), stages.get(1).operatorNames);
    }

    @Test
    void aStreamThatLeadsToNoSinkIsRefusedWithItsStep() {
        final StreamPipeline pipeline = pipeline();
        final DataStream<Long> numbers = numbers(pipeline);
        numbers.sink(SINK);
        numbers.map(n -> n + 1);
        assertEquals("pipeline 'p': the stream of step 2 (MapStep) leads to no sink: end it with .sink(...)",
                assertThrows(IllegalStateException.class, () -> pipeline.startDeterministic(new VirtualClock(0))).getMessage());
    }

    private static LogicalPlan plan(final PlanStep... steps) {
        final SourceStep source = new SourceStep("s", CollectionSource.of(List.of(1)), List.of(), WatermarkStrategy.noWatermarks(), 1);
        final List<PlanStep> all = new java.util.ArrayList<>();
        all.add(source);
        all.addAll(List.of(steps));
        return new LogicalPlan(pipeline().logicalPlan().settings(), all);
    }

    @Test
    void broadcastAndUnionEdgesIntoOneInputStepsAreRefusedWithTheStep() {
        assertEquals("pipeline 'p': step 1 (MapStep) reads step 0 over a BROADCAST edge: MapStep compiles from a FORWARD edge only",
                assertThrows(UnsupportedOperationException.class, () -> PlanStages.of("p",
                        plan(new MapStep(List.of(new PlanEdge(0, EdgeKind.BROADCAST)), SAME), new SinkStep(1, SINK)), Map.of()))
                        .getMessage());
        assertEquals("pipeline 'p': step 3 (MapStep) reads 2 streams: only a UnionStep or a TwoInputStep reads several",
                assertThrows(UnsupportedOperationException.class, () -> PlanStages.of("p",
                        plan(new MapStep(0, SAME), new MapStep(0, SAME),
                                new MapStep(List.of(new PlanEdge(1, EdgeKind.UNION), new PlanEdge(2, EdgeKind.UNION)), SAME),
                                new SinkStep(3, SINK)), Map.of()))
                        .getMessage());
        assertEquals("pipeline 'p': step 1 (KeyByStep) reads step 0 over a FORWARD edge: KeyByStep compiles from a KEY_PARTITIONED edge only",
                assertThrows(UnsupportedOperationException.class, () -> PlanStages.of("p",
                        plan(new KeyByStep(List.of(PlanEdge.forward(0)), value -> value, 1, null, List.of()), new SinkStep(1, SINK)), Map.of()))
                        .getMessage());
    }

    @Test
    void aStepOfSeveralInputsCannotBeReadAsOne() {
        final PlanStep union = new MapStep(List.of(new PlanEdge(0, EdgeKind.UNION), new PlanEdge(0, EdgeKind.UNION)), SAME);
        assertEquals("MapStep reads 2 steps: [PlanEdge[upstream=0, kind=UNION], PlanEdge[upstream=0, kind=UNION]]",
                assertThrows(IllegalStateException.class, union::input).getMessage());
    }

    @Test
    void sourcesUnionsAndTwoInputStepsStartStagesInPlanOrder() {
        final StreamPipeline pipeline = StreamPipeline.named("p");
        final DataStream<Object> a = pipeline.from("a", CollectionSource.<Object>of(List.of(1)), WatermarkStrategy.noWatermarks(), 2);
        final DataStream<Object> b = pipeline.from("b", CollectionSource.<Object>of(List.of(2)), WatermarkStrategy.noWatermarks(), 1);
        final DataStream<Object> c = pipeline.from("c", CollectionSource.<Object>of(List.of(3)), WatermarkStrategy.noWatermarks(), 2);
        final DataStream<Object> union = a.union(b);
        union.map(value -> value).sink(SINK);
        union.keyBy(value -> value).connect(c.broadcast()).parallelism(3)
                .transform("t", RecordingTwoInputOperator::new).sink((value, ts) -> { });
        final List<Stage> stages = PlanStages.of("p", pipeline.logicalPlan(), Map.of());
        assertEquals(List.of("a-0", "b-1", "c-2", "union-3", "two-input-4"), stages.stream().map(stage -> stage.name).toList());
        final Stage unionStage = stages.get(3);
        assertEquals(2, unionStage.parallelism);
        assertEquals(List.of("a-0 FORWARD 0", "b-1 FORWARD 0"), unionStage.inputs.stream()
                .map(edge -> edge.from().name + " " + edge.kind() + " " + edge.inputNumber()).toList());
        final Stage twoInput = stages.get(4);
        assertEquals(3, twoInput.parallelism);
        assertEquals(List.of("a-0 KEY_PARTITIONED 1", "b-1 KEY_PARTITIONED 1", "c-2 BROADCAST 2"), twoInput.inputs.stream()
                .map(edge -> edge.from().name + " " + edge.kind() + " " + edge.inputNumber()).toList());
        assertEquals(List.of("t"), twoInput.operatorNames);
        // the union read by a keyBy makes no stage: the two-input stage reads the unioned sources itself
        assertEquals(2, stages.get(0).chain.consumers.size());
    }
}
