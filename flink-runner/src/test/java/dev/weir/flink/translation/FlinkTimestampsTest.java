package dev.weir.flink.translation;

import static dev.weir.flink.PipelineFunctions.KEY;
import static dev.weir.flink.PipelineFunctions.MARKER;
import static dev.weir.flink.PipelineFunctions.NOT_MARKER;
import static dev.weir.flink.PipelineFunctions.SUM;
import static dev.weir.flink.PipelineFunctions.TIMESTAMP;
import static dev.weir.flink.PipelineFunctions.UPPER_KEY;
import static dev.weir.flink.PipelineFunctions.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.api.DataStream;
import dev.weir.api.StreamPipeline;
import dev.weir.flink.FlinkRunner;
import dev.weir.flink.FlinkTarget;
import dev.weir.flink.PipelineFunctions;
import dev.weir.flink.SharedMiniCluster;
import dev.weir.flink.SortedResults;
import dev.weir.runtime.sink.Sink;
import dev.weir.source.CollectionSource;
import dev.weir.time.TimestampAssigner;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.io.Serializable;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code assignTimestampsAndWatermarks} in mid-stream on Flink gives Weir's results: the records
 * get new timestamps, the source's watermarks are replaced by the new strategy's, and the windows
 * after it are checked against the new timestamps; what is not translated is refused with its
 * reason. On Weir's deterministic scheduler and the module's {@link SharedMiniCluster}.
 */
class FlinkTimestampsTest {
    /** A record's new event time: its value times 100. */
    private static final TimestampAssigner<String> VALUE_TIMES_100 = (TimestampAssigner<String> & Serializable) (line, carried) -> value(line) * 100;

    private static FlinkTarget target;

    @BeforeAll
    static void shareTheCluster() throws Exception {
        target = SharedMiniCluster.parallelismTwo();
    }

    @Test
    void aPunctuatedStrategyInMidStreamReplacesTheSourcesTimestampsAndWatermarks() throws Exception {
        // by the source's timestamps (field 1) nothing would be late and the first record would fall in [5000,6000);
        // by the new ones (value * 100) the marker's 1200 closes [0,1000) and the record at 300 comes late
        final Function<Sink<Object>, StreamPipeline> pipeline = sink -> StreamPipeline.named("mid-stream punctuated")
                .from("trades", CollectionSource.of(List.of("a,5000,1", "#,0,12", "a,6000,3", "a,7000,15")),
                        WatermarkStrategy.<String>forMonotonousTimestamps().withTimestampAssigner(TIMESTAMP), 1)
                .map(UPPER_KEY)
                .assignTimestampsAndWatermarks(WatermarkStrategy.<String>forPunctuation(MARKER).withTimestampAssigner(VALUE_TIMES_100))
                .filter(NOT_MARKER)
                .keyBy(KEY)
                .window(TumblingEventTimeWindows.of(1000))
                .reduce(SUM)
                .sink(sink);
        final List<String> expected = List.of("A,5000,1@999", "A,7000,15@1999");
        assertEquals(expected, onWeir(pipeline));
        assertEquals(expected, SortedResults.onFlink(pipeline, target));
    }

    @Test
    void aPeriodicStrategyWithoutIntervalInMidStreamMovesTheWatermarkOnlyAtTheEnd() throws Exception {
        final Function<Sink<Object>, StreamPipeline> pipeline = sink -> StreamPipeline.named("mid-stream bounded")
                .from("trades", CollectionSource.of(List.of("a,0,1", "b,0,12", "a,0,12", "a,0,3")), WatermarkStrategy.<String>noWatermarks(), 1)
                .assignTimestampsAndWatermarks(WatermarkStrategy.<String>forBoundedOutOfOrderness(0).withPeriodicInterval(0)
                        .withTimestampAssigner(VALUE_TIMES_100))
                .keyBy(KEY)
                .window(TumblingEventTimeWindows.of(1000))
                .reduce(SUM)
                .sink(sink);
        final List<String> expected = List.of("a,0,12@1999", "a,0,4@999", "b,0,12@1999");
        assertEquals(expected, onWeir(pipeline));
        assertEquals(expected, SortedResults.onFlink(pipeline, target));
    }

    @Test
    void theWindowsAfterItAreCheckedAgainstTheNewTimestamps() {
        final TimestampAssigner<String> nearTheEnd = (TimestampAssigner<String> & Serializable) (line, carried) -> Long.MAX_VALUE - value(line);
        // the source's timestamps (1 and 2) are far from the end of time; the new ones (Long.MAX_VALUE - 1 and - 2) are not
        assertRefused("step 3 (window): a record at event time 9223372036854775806 takes Flink's tumbling window arithmetic"
                        + " (window bounds, a bound plus allowedLateness, continuous-trigger fire times) past the 64-bit range: Weir saturates at Long.MIN_VALUE and Long.MAX_VALUE, Flink"
                        + " wraps around; not run on Flink",
                trades(WatermarkStrategy.<String>forMonotonousTimestamps().withTimestampAssigner(TIMESTAMP), 1)
                        .assignTimestampsAndWatermarks(WatermarkStrategy.<String>forMonotonousTimestamps().withTimestampAssigner(nearTheEnd))
                        .keyBy(KEY).window(TumblingEventTimeWindows.of(1000)).reduce(SUM).sink((value, timestamp) -> { }));
    }

    @Test
    void whatIsNotTranslatedIsRefusedWithItsReason() {
        final WatermarkStrategy<String> punctuated = WatermarkStrategy.<String>forPunctuation(MARKER).withTimestampAssigner(TIMESTAMP);
        assertRefused("step 1 (assignTimestampsAndWatermarks): the source 'trades' has 2 instances, each with its own generator on Weir;"
                        + " the translation joins them before this step, so Flink would run one generator over all records; give the"
                        + " source one instance",
                trades(WatermarkStrategy.noWatermarks(), 2).assignTimestampsAndWatermarks(punctuated).sink((value, timestamp) -> { }));
        assertRefused("step 1 (assignTimestampsAndWatermarks): its periodic interval of 0 ms differs from the 200 ms of step 0; Flink has"
                        + " one periodic interval per job",
                trades(WatermarkStrategy.<String>forMonotonousTimestamps().withTimestampAssigner(TIMESTAMP), 1)
                        .assignTimestampsAndWatermarks(WatermarkStrategy.<String>forMonotonousTimestamps().withPeriodicInterval(0))
                        .sink((value, timestamp) -> { }));
        assertRefused("step 1 (assignTimestampsAndWatermarks): watermark idleness and alignment in mid-stream are not translated: Flink"
                        + " tells an idle input and aligns watermarks only in its sources, per split; they are on a FileSource's or a"
                        + " GeneratorSource's strategy",
                trades(WatermarkStrategy.noWatermarks(), 1).assignTimestampsAndWatermarks(punctuated.withIdleness(1000))
                        .sink((value, timestamp) -> { }));
        assertRefused("step 1 (assignTimestampsAndWatermarks): the watermark strategy EXPLICIT is not translated: Flink has"
                        + " generators for bounded out-of-orderness, monotonous, punctuated and no watermarks only",
                trades(WatermarkStrategy.noWatermarks(), 1).assignTimestampsAndWatermarks(WatermarkStrategy.explicit())
                        .sink((value, timestamp) -> { }));
        assertRefused("step 1 (assignTimestampsAndWatermarks): the timestamp assigner cannot be shipped to Flink's tasks: it is not"
                        + " serializable; make it a Serializable class, or cast the lambda to an intersection with Serializable, e.g."
                        + " (Function<A, B> & Serializable)",
                trades(WatermarkStrategy.noWatermarks(), 1)
                        .assignTimestampsAndWatermarks(WatermarkStrategy.<String>noWatermarks().withTimestampAssigner((line, carried) -> 0))
                        .sink((value, timestamp) -> { }));
    }

    private static DataStream<String> trades(final WatermarkStrategy<String> watermarks, final int parallelism) {
        return StreamPipeline.named("p").from("trades", CollectionSource.of(List.of("a,1,1", "b,2,2")), watermarks, parallelism);
    }

    private static void assertRefused(final String message, final StreamPipeline pipeline) {
        final FlinkTranslationException refused = assertThrows(FlinkTranslationException.class,
                () -> FlinkRunner.execute(pipeline, FlinkTarget.local(1)));
        assertEquals(message, refused.getMessage());
    }

    private static List<String> onWeir(final Function<Sink<Object>, StreamPipeline> pipeline) {
        return SortedResults.onWeir(pipeline);
    }
}
