package dev.weir.flink;

import static dev.weir.flink.PipelineFunctions.BRACKETS;
import static dev.weir.flink.PipelineFunctions.EVEN_VALUE;
import static dev.weir.flink.PipelineFunctions.KEY;
import static dev.weir.flink.PipelineFunctions.MARKER;
import static dev.weir.flink.PipelineFunctions.NOT_MARKER;
import static dev.weir.flink.PipelineFunctions.SPLIT_VALUES;
import static dev.weir.flink.PipelineFunctions.SUM;
import static dev.weir.flink.PipelineFunctions.TIMESTAMP;
import static dev.weir.flink.PipelineFunctions.UPPER_KEY;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.api.StreamPipeline;
import dev.weir.runtime.sink.Sink;
import dev.weir.source.CollectionSource;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.EventTimeSessionWindows;
import dev.weir.window.SlidingEventTimeWindows;
import dev.weir.window.TumblingEventTimeWindows;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Translated pipelines give on Flink the results Weir's deterministic scheduler gives: the same
 * multiset of {@code value@timestamp} at the sink, on the module's {@link SharedMiniCluster}.
 */
class FlinkRunnerTest {
    private static FlinkTarget target;

    @BeforeAll
    static void shareTheCluster() throws Exception {
        target = SharedMiniCluster.parallelismTwo();
    }

    @Test
    void tumblingReduceOnPeriodicBoundedWatermarks() throws Exception {
        // within the bound of 1000 ms, so no record is late whenever Flink's wall-clock period emits
        final List<String> elements = List.of("a,1000,1", "b,1200,2", "a,1900,3", "a,1500,4", "b,2100,5", "a,3000,6", "b,2500,7");
        final Function<Sink<Object>, StreamPipeline> pipeline = sink -> StreamPipeline.named("tumbling")
                .from("trades", CollectionSource.of(elements),
                        WatermarkStrategy.<String>forBoundedOutOfOrderness(1000).withTimestampAssigner(TIMESTAMP), 1)
                .keyBy(KEY)
                .window(TumblingEventTimeWindows.of(1000))
                .reduce(SUM)
                .sink(sink);
        final List<String> expected = List.of("a,1900,8@1999", "a,3000,6@3999", "b,1200,2@1999", "b,2500,12@2999");
        assertEquals(expected, onWeir(pipeline));
        assertEquals(expected, onFlink(pipeline));
    }

    @Test
    void slidingAggregateOnMonotonousTimestamps() throws Exception {
        final List<String> elements = List.of("a,0,1", "b,400,2", "a,700,3", "a,1000,4", "b,1600,5", "a,2200,6");
        final Function<Sink<Object>, StreamPipeline> pipeline = sink -> StreamPipeline.named("sliding")
                .from("trades", CollectionSource.of(elements), WatermarkStrategy.<String>forMonotonousTimestamps().withTimestampAssigner(TIMESTAMP), 1)
                .keyBy(KEY)
                .window(SlidingEventTimeWindows.of(1000, 500))
                .aggregate(new PipelineFunctions.CountAndSum())
                .map(BRACKETS)
                .sink(sink);
        final List<String> weir = onWeir(pipeline);
        // a: [-500,500) 0; [0,1000) 0,700; [500,1500) 700,1000; [1000,2000) 1000; [1500,2500) and [2000,3000) 2200;
        // b: [-500,500) and [0,1000) 400; [1000,2000) and [1500,2500) 1600
        assertEquals(List.of("[count=1 sum=1]@499", "[count=1 sum=2]@499", "[count=1 sum=2]@999", "[count=1 sum=4]@1999",
                "[count=1 sum=5]@1999", "[count=1 sum=5]@2499", "[count=1 sum=6]@2499", "[count=1 sum=6]@2999", "[count=2 sum=4]@999",
                "[count=2 sum=7]@1499"), weir);
        assertEquals(weir, onFlink(pipeline));
    }

    @Test
    void sessionReduceMergesSessions() throws Exception {
        // no periodic emission: only the end of input moves the watermark, on both
        final List<String> elements = List.of("a,1000,1", "a,1400,2", "b,1000,3", "a,3000,4", "a,2000,5", "b,1700,6", "b,5000,7");
        final Function<Sink<Object>, StreamPipeline> pipeline = sink -> StreamPipeline.named("session")
                .from("trades", CollectionSource.of(elements),
                        WatermarkStrategy.<String>forBoundedOutOfOrderness(0).withPeriodicInterval(0).withTimestampAssigner(TIMESTAMP), 1)
                .keyBy(KEY)
                .window(EventTimeSessionWindows.withGap(1000))
                .reduce(SUM)
                .sink(sink);
        final List<String> expected = List.of("a,3000,12@3999", "b,1700,9@2699", "b,5000,7@5999");
        assertEquals(expected, onWeir(pipeline));
        assertEquals(expected, onFlink(pipeline));
    }

    @Test
    void mapFilterAndFlatMapBeforeKeyByOnTwoSourceInstances() throws Exception {
        final List<String> elements = List.of("a,100,1 2 3", "b,200,4", "a,1100,6 7", "b,900,8 10", "c,1500,5", "a,300,12");
        final Function<Sink<Object>, StreamPipeline> pipeline = sink -> StreamPipeline.named("stateless")
                .from("trades", CollectionSource.of(elements),
                        WatermarkStrategy.<String>forBoundedOutOfOrderness(2000).withPeriodicInterval(0).withTimestampAssigner(TIMESTAMP), 2)
                .flatMap(SPLIT_VALUES)
                .filter(EVEN_VALUE)
                .map(UPPER_KEY)
                .keyBy(KEY)
                .window(TumblingEventTimeWindows.of(1000))
                .reduce(SUM)
                .sink(sink);
        final List<String> expected = List.of("A,1100,6@1999", "A,300,14@999", "B,900,22@999");
        assertEquals(expected, onWeir(pipeline));
        assertEquals(expected, onFlink(pipeline));
    }

    @Test
    void allowedLatenessFiresAgainAndDropsWhatComesAfterIt() throws Exception {
        // marker records (key #) carry the watermark, so it moves at the same records on both
        final List<String> elements = List.of("a,1000,1", "a,1500,2", "#,2500,0", "a,1800,4", "b,1200,3", "#,3200,0", "a,1900,8", "b,3500,1");
        final Function<Sink<Object>, StreamPipeline> pipeline = sink -> StreamPipeline.named("lateness")
                .from("trades", CollectionSource.of(elements), WatermarkStrategy.<String>forPunctuation(MARKER).withTimestampAssigner(TIMESTAMP), 1)
                .filter(NOT_MARKER)
                .keyBy(KEY)
                .window(TumblingEventTimeWindows.of(1000))
                .allowedLateness(1000)
                .reduce(SUM)
                .sink(sink);
        // [1000,2000) of a fires at 2500, again with the late 1800 and, for b, its own late 1200; after 3200 (its cleanup at
        // 2999) the window is gone, so 1900 is dropped
        final List<String> expected = List.of("a,1500,3@1999", "a,1800,7@1999", "b,1200,3@1999", "b,3500,1@3999");
        assertEquals(expected, onWeir(pipeline));
        assertEquals(expected, onFlink(pipeline));
    }

    @Test
    void aPipelineWithoutWindowKeepsTheTimestampsTheSourceGives() throws Exception {
        final List<String> elements = List.of("a,5,1 2", "b,-3,4", "c,7,5");
        final Function<Sink<Object>, StreamPipeline> assigned = sink -> StreamPipeline.named("stateless")
                .from("trades", CollectionSource.of(elements), WatermarkStrategy.<String>forMonotonousTimestamps().withTimestampAssigner(TIMESTAMP), 1)
                .flatMap(SPLIT_VALUES)
                .sink(sink);
        final List<String> expected = List.of("a,5,1@5", "a,5,2@5", "b,-3,4@-3", "c,7,5@7");
        assertEquals(expected, onWeir(assigned));
        assertEquals(expected, onFlink(assigned));
        // without an assigner a collection's elements carry no timestamp on either side
        final Function<Sink<Object>, StreamPipeline> unassigned = sink -> StreamPipeline.named("stateless")
                .from("trades", CollectionSource.of(elements), WatermarkStrategy.<String>noWatermarks(), 1)
                .sink(sink);
        final List<String> none = List.of("a,5,1 2@" + Long.MIN_VALUE, "b,-3,4@" + Long.MIN_VALUE, "c,7,5@" + Long.MIN_VALUE);
        assertEquals(none, onWeir(unassigned));
        assertEquals(none, onFlink(unassigned));
    }

    @Test
    void aLocalTargetRunsItsOwnMiniClusterAndEndsTheSinkOnce() throws Exception {
        final List<String> calls = Collections.synchronizedList(new ArrayList<>());
        final Sink<Object> sink = new RecordingSink(calls);
        FlinkRunner.execute(StreamPipeline.named("local")
                .from("trades", CollectionSource.of(List.of("a,10,1", "a,20,2")),
                        WatermarkStrategy.<String>noWatermarks().withTimestampAssigner(TIMESTAMP), 1)
                .keyBy(KEY)
                .window(TumblingEventTimeWindows.of(100))
                .reduce(SUM)
                .sink(sink), FlinkTarget.local(1));
        assertEquals(List.of("a,20,3@99", "finish", "close", "allFinished"), calls);
    }

    private static List<String> onWeir(final Function<Sink<Object>, StreamPipeline> pipeline) {
        return SortedResults.onWeir(pipeline);
    }

    private static List<String> onFlink(final Function<Sink<Object>, StreamPipeline> pipeline) throws Exception {
        return SortedResults.onFlink(pipeline, target);
    }
}
