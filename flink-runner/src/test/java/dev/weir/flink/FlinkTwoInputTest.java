package dev.weir.flink;

import static dev.weir.flink.PipelineFunctions.KEY;
import static dev.weir.flink.PipelineFunctions.TIMESTAMP;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.api.DataStream;
import dev.weir.api.StreamPipeline;
import dev.weir.operator.TwoInputOperatorFactory;
import dev.weir.plan.TwoInputFunction;
import dev.weir.runtime.Sink;
import dev.weir.source.CollectionSource;
import dev.weir.time.WatermarkStrategy;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two-input steps on Flink with exact expected results, each also run on Weir's threaded runtime: the as-of join picks
 * the version of greatest timestamp at or below the left record's, the last arrived of one timestamp, or none; the
 * interval join leaves exclusive bounds out; a co-process function over keyed connected streams has the key's state and
 * timers, as in Flink. The sources have no watermarks, so everything joins (and every timer fires) at end of input.
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
