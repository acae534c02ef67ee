package dev.weir.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.operator.AsOfJoinFunction;
import dev.weir.operator.AsOfJoinOperator;
import dev.weir.operator.BroadcastProcessFunction;
import dev.weir.operator.CoBroadcastWithKeyedOperator;
import dev.weir.operator.CoBroadcastWithNonKeyedOperator;
import dev.weir.operator.CoFlatMapFunction;
import dev.weir.operator.CoFlatMapOperator;
import dev.weir.operator.CoMapFunction;
import dev.weir.operator.CoMapOperator;
import dev.weir.operator.CoProcessFunction;
import dev.weir.operator.CoProcessOperator;
import dev.weir.operator.IntervalJoinOperator;
import dev.weir.operator.KeySelector;
import dev.weir.operator.KeyedBroadcastProcessFunction;
import dev.weir.operator.KeyedCoProcessFunction;
import dev.weir.operator.KeyedCoProcessOperator;
import dev.weir.operator.OutputTag;
import dev.weir.operator.ProcessJoinFunction;
import dev.weir.state.MapStateDescriptor;
import java.util.List;
import org.junit.jupiter.api.Test;

class TwoInputFunctionTest {
    private static final KeySelector<String, String> KEY = value -> value;

    @Test
    void eachKindMakesWeirsOperatorOfThatKind() {
        final MapStateDescriptor<String, String> rules = new MapStateDescriptor<>("rules", String.class, String.class);
        final CoMapFunction<String, String, String> coMap = new CoMapFunction<>() {
            @Override
            public String map1(final String value) {
                return value;
            }

            @Override
            public String map2(final String value) {
                return value;
            }
        };
        final CoFlatMapFunction<String, String, String> coFlatMap = new CoFlatMapFunction<>() {
            @Override
            public void flatMap1(final String value, final dev.weir.operator.Collector<String> out) {
            }

            @Override
            public void flatMap2(final String value, final dev.weir.operator.Collector<String> out) {
            }
        };
        final CoProcessFunction<String, String, String> coProcess = new CoProcessFunction<>() {
            @Override
            public void processElement1(final String value, final Context ctx, final dev.weir.operator.Collector<String> out) {
            }

            @Override
            public void processElement2(final String value, final Context ctx, final dev.weir.operator.Collector<String> out) {
            }
        };
        final KeyedCoProcessFunction<String, String, String, String> keyedCoProcess = new KeyedCoProcessFunction<>() {
            @Override
            public void processElement1(final String value, final Context<String> ctx, final dev.weir.operator.Collector<String> out) {
            }

            @Override
            public void processElement2(final String value, final Context<String> ctx, final dev.weir.operator.Collector<String> out) {
            }
        };
        final BroadcastProcessFunction<String, String, String> broadcast = new BroadcastProcessFunction<>() {
            @Override
            public void processElement(final String value, final ReadOnlyContext ctx, final dev.weir.operator.Collector<String> out) {
            }

            @Override
            public void processBroadcastElement(final String value, final Context ctx, final dev.weir.operator.Collector<String> out) {
            }
        };
        final KeyedBroadcastProcessFunction<String, String, String, String> keyedBroadcast = new KeyedBroadcastProcessFunction<>() {
            @Override
            public void processElement(final String value, final ReadOnlyContext<String> ctx, final dev.weir.operator.Collector<String> out) {
            }

            @Override
            public void processBroadcastElement(final String value, final Context<String> ctx, final dev.weir.operator.Collector<String> out) {
            }
        };
        final ProcessJoinFunction<String, String, String> join = (left, right, ctx, out) -> { };
        final AsOfJoinFunction<String, String, String> asOf = (left, right, ctx, out) -> { };

        assertInstanceOf(CoMapOperator.class, TwoInputFunction.coMap(coMap).create());
        assertInstanceOf(CoFlatMapOperator.class, TwoInputFunction.coFlatMap(coFlatMap).create());
        assertInstanceOf(CoProcessOperator.class, TwoInputFunction.coProcess(coProcess).create());
        // over keyed connected streams a co-process runs in the keyed co-process operator
        final TwoInputFunction keyedPlain = TwoInputFunction.coProcess(KEY, KEY, coProcess);
        assertEquals(TwoInputFunctionKind.CO_PROCESS, keyedPlain.kind());
        assertSame(KEY, keyedPlain.key1());
        assertEquals("keyed co-process", assertInstanceOf(KeyedCoProcessOperator.class, keyedPlain.create()).fingerprint().get("operator"));
        assertInstanceOf(KeyedCoProcessOperator.class, TwoInputFunction.keyedCoProcess(KEY, KEY, keyedCoProcess).create());
        assertInstanceOf(CoBroadcastWithNonKeyedOperator.class, TwoInputFunction.broadcastProcess(broadcast, List.of(rules)).create());
        assertInstanceOf(CoBroadcastWithKeyedOperator.class, TwoInputFunction.keyedBroadcastProcess(KEY, keyedBroadcast, List.of(rules)).create());
        final TwoInputFunction interval = TwoInputFunction.intervalJoin(KEY, KEY, -5, 5, false, true, new OutputTag<String>("late"), null, join);
        final IntervalJoinOperator<?, ?, ?, ?> intervalOperator = assertInstanceOf(IntervalJoinOperator.class, interval.create());
        assertEquals(-4, intervalOperator.lowerBound());
        assertEquals(5, intervalOperator.upperBound());
        assertInstanceOf(AsOfJoinOperator.class, TwoInputFunction.asOfJoin(KEY, KEY, asOf).create());
        assertEquals(TwoInputFunctionKind.AS_OF_JOIN, TwoInputFunction.asOfJoin(KEY, KEY, asOf).kind());
        assertSame(keyedBroadcast, TwoInputFunction.keyedBroadcastProcess(KEY, keyedBroadcast, List.of(rules)).function());
        final TwoInputFunction coMapFunction = TwoInputFunction.coMap(coMap);
        assertSame(coMapFunction, coMapFunction.<String, String, String>factory());
        assertEquals(List.of(rules), TwoInputFunction.broadcastProcess(broadcast, List.of(rules)).broadcastStates());
    }

    @Test
    void aStepKnowsItsFunctionOnlyWhenItsOperatorIsOne() {
        final List<PlanEdge> edges = List.of(PlanEdge.forward(0), PlanEdge.forward(1));
        final TwoInputFunction coProcess = TwoInputFunction.coProcess(new CoProcessFunction<String, String, String>() {
            @Override
            public void processElement1(final String value, final Context ctx, final dev.weir.operator.Collector<String> out) {
            }

            @Override
            public void processElement2(final String value, final Context ctx, final dev.weir.operator.Collector<String> out) {
            }
        });
        final TwoInputStep described = new TwoInputStep(edges, "coProcess", coProcess, null, null, 0, null);
        assertSame(coProcess, described.function());
        assertTrue(described.translatable());
        final TwoInputStep opaque = new TwoInputStep(edges, "pairs", () -> null, null, null, 0, null);
        assertNull(opaque.function());
        assertFalse(opaque.translatable());
    }
}
