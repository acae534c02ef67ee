package dev.weir.flink.translation;

import static dev.weir.flink.PipelineFunctions.KEY;
import static dev.weir.flink.PipelineFunctions.TIMESTAMP;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.api.DataStream;
import dev.weir.api.StreamPipeline;
import dev.weir.flink.FlinkTarget;
import dev.weir.flink.PipelineFunctions;
import dev.weir.flink.SharedMiniCluster;
import dev.weir.flink.SortedResults;
import dev.weir.operator.Collector;
import dev.weir.operator.KeyedBroadcastProcessFunction;
import dev.weir.operator.TwoInputOperatorFactory;
import dev.weir.plan.TwoInputFunction;
import dev.weir.runtime.sink.Sink;
import dev.weir.source.CollectionSource;
import dev.weir.state.ListState;
import dev.weir.state.ListStateDescriptor;
import dev.weir.state.MapStateDescriptor;
import dev.weir.time.WatermarkStrategy;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two-input steps on Flink with exact expected results, each also run on Weir's threaded runtime: the as-of join picks
 * the version of greatest timestamp at or below the left record's, the last arrived of one timestamp, or none; the
 * interval join leaves exclusive bounds out; a co-process function over keyed connected streams has the key's state and
 * timers, as in Flink; a keyed broadcast function's two broadcast states stay apart when one call holds both. The
 * sources have no watermarks, so everything joins (and every timer fires) at end of input.
 */
class FlinkTwoInputTest {
    private static FlinkTarget target;

    @BeforeAll
    static void shareTheCluster() throws Exception {
        target = SharedMiniCluster.parallelismTwo();
    }

    private static DataStream<String> source(final StreamPipeline pipeline, final String name, final List<String> lines) {
        return pipeline.from(name, CollectionSource.of(lines), WatermarkStrategy.<String>noWatermarks().withTimestampAssigner(TIMESTAMP), 1);
    }

    private static void assertOnBoth(final List<String> expected, final Function<Sink<Object>, StreamPipeline> pipeline) throws Exception {
        assertEquals(expected, SortedResults.onFlink(pipeline, target));
        assertEquals(expected, SortedResults.onWeirThreaded(pipeline));
    }

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void theAsOfJoinPicksTheGreatestVersionAtOrBelowTheLeftTimestampTheLastArrivedOfOneTimestampOrNone() throws Exception {
        final TwoInputOperatorFactory<String, String, String> asOf =
                (TwoInputOperatorFactory) TwoInputFunction.asOfJoin(KEY, KEY, GraphFunctions.AS_OF);
        assertOnBoth(List.of(
                "j,900,3~none@-9223372036854775808 key=j@900",
                "k,1000,1~k,900,10@900 key=k@1000",
                "k,1300,5~k,1200,21@1200 key=k@1300",
                "k,1500,2~k,1500,30@1500 key=k@1500",
                "k,800,4~none@-9223372036854775808 key=k@800"), sink -> {
                    final StreamPipeline pipeline = StreamPipeline.named("as-of");
                    final DataStream<String> left = source(pipeline, "left", List.of("k,1000,1", "k,1500,2", "j,900,3", "k,800,4", "k,1300,5"));
                    final DataStream<String> right = source(pipeline, "right", List.of("k,900,10", "k,1200,20", "k,1500,30", "j,1000,40",
                            "k,1200,21"));
                    return left.connect(right).keyBy(KEY, KEY).parallelism(2).transform("asOfJoin", asOf).sink(sink);
                });
    }

    @Test
    void aCoProcessFunctionOnKeyedConnectedStreamsHasTheKeysStateAndOneTimerPerTimeAndKey() throws Exception {
        // timers at ts + 100: k at 1000, 1100, 1300 and 1600 (set by both inputs, fires once), j at 1000 and 1100
        assertOnBoth(List.of(
                "j at 1000 EVENT_TIME: count=2 sum=33@1000",
                "j at 1100 EVENT_TIME: count=0 sum=0@1100",
                "k at 1000 EVENT_TIME: count=2 sum=11@1000",
                "k at 1100 EVENT_TIME: count=0 sum=0@1100",
                "k at 1300 EVENT_TIME: count=1 sum=20@1300",
                "k at 1600 EVENT_TIME: count=2 sum=42@1600"), sink -> {
                    final StreamPipeline pipeline = StreamPipeline.named("co-process-keyed");
                    final DataStream<String> left = source(pipeline, "left", List.of("k,1000,1", "k,1500,2", "j,900,3"));
                    final DataStream<String> right = source(pipeline, "right", List.of("k,900,10", "k,1200,20", "j,1000,30", "k,1500,40"));
                    return left.connect(right).keyBy(KEY, KEY).parallelism(2).process(new GraphFunctions.PlainSumAtTimers(100)).sink(sink);
                });
    }

    @Test
    void twoBroadcastStatesHeldInOneCallStayApart() throws Exception {
        assertOnBoth(List.of(
                "a,500,1 count=2 rules=[r1, r2]@500",
                "b,700,2 count=2 rules=[r1, r2]@700"), sink -> {
                    final StreamPipeline pipeline = StreamPipeline.named("two-states");
                    final DataStream<String> records = source(pipeline, "records", List.of("a,500,1", "b,700,2"));
                    final DataStream<String> rules = source(pipeline, "rules", List.of("r1,100,10", "r2,200,20"));
                    return records.keyBy(KEY).parallelism(2).connect(rules.broadcast(CountedRules.RULES, CountedRules.COUNT))
                            .transform("counted", TwoInputFunction.keyedBroadcastProcess(KEY, new CountedRules(),
                                    List.of(CountedRules.RULES, CountedRules.COUNT)).<String, String, String>factory())
                            .sink(sink);
                });
    }

    /**
     * Keeps each rule in one broadcast state and their count in another, written in one expression that holds both
     * states; each record, at an event-time timer of its timestamp (so after every rule), prints the count and the rules.
     */
    private static final class CountedRules implements KeyedBroadcastProcessFunction<String, String, String, String>, Serializable {
        static final MapStateDescriptor<String, Long> RULES = new MapStateDescriptor<>("rules", String.class, Long.class);
        static final MapStateDescriptor<String, Integer> COUNT = new MapStateDescriptor<>("count", String.class, Integer.class);
        private static final long serialVersionUID = 1L;
        private static final ListStateDescriptor<String> PENDING = new ListStateDescriptor<>("pending");

        @Override
        public void processElement(final String value, final ReadOnlyContext<String> ctx, final Collector<String> out) {
            ctx.<ListState<String>>state(PENDING).add(value);
            ctx.timerService().registerEventTimeTimer(ctx.timestamp());
        }

        @Override
        public void processBroadcastElement(final String value, final Context<String> ctx, final Collector<String> out) {
            ctx.getBroadcastState(RULES).put(KEY.keyOf(value), Long.parseLong(value.substring(value.lastIndexOf(',') + 1)));
            ctx.getBroadcastState(COUNT).put("rules", ctx.getBroadcastState(RULES).size());
        }

        @Override
        public void onTimer(final long timestamp, final OnTimerContext<String> ctx, final Collector<String> out) {
            final List<String> rules = new ArrayList<>();
            for (final Map.Entry<String, Long> rule : ctx.getBroadcastState(RULES).immutableEntries()) {
                rules.add(rule.getKey());
            }
            Collections.sort(rules);
            final ListState<String> pending = ctx.state(PENDING);
            for (final String value : pending.get()) {
                out.collect(value + " count=" + ctx.getBroadcastState(COUNT).get("rules") + " rules=" + rules);
            }
            pending.clear();
        }
    }

    @Test
    void theIntervalJoinLeavesExclusiveBoundsOut() throws Exception {
        assertOnBoth(List.of(
                "k:1,3@1000/1050=1050@1050",
                "k:1,4@1000/1100=1100@1100"), sink -> {
                    final StreamPipeline pipeline = StreamPipeline.named("interval");
                    final DataStream<String> left = source(pipeline, "left", List.of("k,1000,1"));
                    final DataStream<String> right = source(pipeline, "right", List.of("k,900,2", "k,1050,3", "k,1100,4", "k,1101,5", "j,1000,6"));
                    return left.keyBy(KEY).intervalJoin(right.keyBy(KEY)).between(Duration.ofMillis(-100), Duration.ofMillis(100))
                            .lowerBoundExclusive().parallelism(2).process(GraphFunctions.JOINED).sink(sink);
                });
    }
}
