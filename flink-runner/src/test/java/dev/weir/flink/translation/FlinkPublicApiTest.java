package dev.weir.flink.translation;

import static dev.weir.flink.PipelineFunctions.KEY;
import static dev.weir.flink.PipelineFunctions.SUM;
import static dev.weir.flink.PipelineFunctions.TIMESTAMP;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.api.DataStream;
import dev.weir.api.StreamPipeline;
import dev.weir.flink.FlinkTarget;
import dev.weir.flink.PipelineFunctions;
import dev.weir.flink.SharedMiniCluster;
import dev.weir.flink.SortedResults;
import dev.weir.operator.CoGroupFunction;
import dev.weir.operator.OutputTag;
import dev.weir.runtime.sink.Sink;
import dev.weir.source.CollectionSource;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.io.Serializable;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Multi-input pipelines built only with the public API's sugar (no operator factories) translate to Flink and give
 * there exactly the results they give on Weir's threaded runtime: the same records, sorted, and the expected count of
 * them. The sources have no watermarks, so timers and windows fire at end of input on both engines.
 */
class FlinkPublicApiTest {
    private static final List<String> LEFT = List.of("k,1000,1", "k,1500,2", "j,900,3", "k,2400,4", "j,1300,5");
    private static final List<String> RIGHT = List.of("k,900,10", "k,1200,20", "j,1000,30", "k,2100,40", "j,1300,50");
    private static final CoGroupFunction<String, String, String> COUNT_SIDES = (CoGroupFunction<String, String, String> & Serializable)
            (first, second, out) -> {
                int left = 0;
                int right = 0;
                String key = "";
                for (final String line : first) {
                    left++;
                    key = line.substring(0, 1);
                }
                for (final String line : second) {
                    right++;
                    key = line.substring(0, 1);
                }
                out.collect("cogroup " + key + " " + left + "/" + right);
            };

    private static FlinkTarget target;

    @BeforeAll
    static void shareTheCluster() throws Exception {
        target = SharedMiniCluster.parallelismTwo();
    }

    private static DataStream<String> source(final StreamPipeline pipeline, final String name, final List<String> lines) {
        return pipeline.from(name, CollectionSource.of(lines), WatermarkStrategy.<String>noWatermarks().withTimestampAssigner(TIMESTAMP), 1);
    }

    private static void assertSameOnBoth(final int results, final Function<Sink<Object>, StreamPipeline> pipeline) throws Exception {
        final List<String> weir = SortedResults.onWeirThreaded(pipeline);
        assertEquals(results, weir.size(), weir.toString());
        assertEquals(weir, SortedResults.onFlink(pipeline, target));
    }

    @Test
    void connectedStreamsSugarRunsOnFlinkAsOnWeir() throws Exception {
        assertSameOnBoth(7 + 3 * 10, sink -> {
            final StreamPipeline pipeline = StreamPipeline.named("connected");
            final DataStream<String> left = source(pipeline, "left", LEFT);
            final DataStream<String> right = source(pipeline, "right", RIGHT);
            left.keyBy(KEY).connect(right.keyBy(KEY)).parallelism(2)
                    .process(new GraphFunctions.SumAtTimers(100, new OutputTag<>("seen"))).sink(sink);
            left.connect(right).map(new GraphFunctions.TagSides()).sink(sink);
            left.connect(right).flatMap(new GraphFunctions.SplitSides()).sink(sink);
            left.connect(right).process(new GraphFunctions.StampSides()).sink(sink);
            return pipeline;
        });
    }

    @Test
    void broadcastAndKeyedBroadcastProcessRunOnFlinkAsOnWeir() throws Exception {
        assertSameOnBoth(10, sink -> {
            final StreamPipeline pipeline = StreamPipeline.named("broadcast");
            final DataStream<String> left = source(pipeline, "left", LEFT);
            final DataStream<String> rates = source(pipeline, "rates", RIGHT);
            left.connect(rates.broadcast(GraphFunctions.RATES)).process(new GraphFunctions.PassAndKeepRates()).sink(sink);
            left.keyBy(KEY).connect(rates.broadcast(GraphFunctions.RATES)).parallelism(2).process(new GraphFunctions.RatesAtTimers())
                    .sink(sink);
            return pipeline;
        });
    }

    @Test
    void windowJoinCoGroupAndUnionWindowsRunOnFlinkAsOnWeir() throws Exception {
        assertSameOnBoth(15, sink -> {
            final StreamPipeline pipeline = StreamPipeline.named("windows");
            final DataStream<String> left = source(pipeline, "left", LEFT);
            final DataStream<String> right = source(pipeline, "right", RIGHT);
            left.join(right).where(KEY).equalTo(KEY).window(TumblingEventTimeWindows.of(1000)).apply(GraphFunctions.PAIR).sink(sink);
            left.coGroup(right).where(KEY).equalTo(KEY).window(TumblingEventTimeWindows.of(1000)).apply(COUNT_SIDES).sink(sink);
            left.union(right).keyBy(KEY).window(TumblingEventTimeWindows.of(1000)).reduce(SUM).sink(sink);
            return pipeline;
        });
    }

    @Test
    void asOfAndIntervalJoinsRunOnFlinkAsOnWeir() throws Exception {
        assertSameOnBoth(10, sink -> {
            final StreamPipeline pipeline = StreamPipeline.named("joins");
            final DataStream<String> left = source(pipeline, "left", LEFT);
            final DataStream<String> right = source(pipeline, "right", RIGHT);
            left.keyBy(KEY).asOfJoin(right.keyBy(KEY)).parallelism(2).process(GraphFunctions.AS_OF).sink(sink);
            left.keyBy(KEY).intervalJoin(right.keyBy(KEY)).between(Duration.ofMillis(-300), Duration.ofMillis(0)).parallelism(2)
                    .process(GraphFunctions.JOINED).sink(sink);
            return pipeline;
        });
    }
}
