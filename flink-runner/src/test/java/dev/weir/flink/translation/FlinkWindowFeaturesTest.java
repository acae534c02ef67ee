package dev.weir.flink.translation;

import static dev.weir.flink.PipelineFunctions.KEY;
import static dev.weir.flink.PipelineFunctions.MARKER;
import static dev.weir.flink.PipelineFunctions.NOT_MARKER;
import static dev.weir.flink.PipelineFunctions.SUM;
import static dev.weir.flink.PipelineFunctions.TIMESTAMP;
import static dev.weir.flink.translation.WindowFunctions.BIG;
import static dev.weir.flink.translation.WindowFunctions.GAP_BY_VALUE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.KeyedStream;
import dev.weir.api.StreamPipeline;
import dev.weir.flink.FlinkRunner;
import dev.weir.flink.FlinkTarget;
import dev.weir.flink.PipelineFunctions;
import dev.weir.flink.SharedMiniCluster;
import dev.weir.flink.SortedResults;
import dev.weir.operator.OutputTag;
import dev.weir.plan.WindowFunctionKind;
import dev.weir.plan.WindowStep;
import dev.weir.runtime.sink.Sink;
import dev.weir.source.CollectionSource;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.ContinuousEventTimeTrigger;
import dev.weir.window.CountEvictor;
import dev.weir.window.CountTrigger;
import dev.weir.window.EventTimeSessionWindows;
import dev.weir.window.GlobalWindows;
import dev.weir.window.NeverTrigger;
import dev.weir.window.PurgingTrigger;
import dev.weir.window.TimeEvictor;
import dev.weir.window.TumblingEventTimeWindows;
import java.util.List;
import java.util.function.Function;
import org.apache.flink.api.common.eventtime.SerializableTimestampAssigner;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every window feature translated to Flink gives Weir's results: each pipeline runs on Weir's
 * deterministic scheduler and on the module's {@link SharedMiniCluster}, and both must give the
 * expected multiset of {@code value@timestamp}, side outputs as {@code side:value@timestamp}.
 * Markers (key {@code #}) carry the watermarks, so on both engines a watermark follows exactly the
 * records it follows in the input.
 */
class FlinkWindowFeaturesTest {
    private static final String MAX = "@" + Long.MAX_VALUE;
    private static final String END = "wm=" + Long.MAX_VALUE;
    private static final OutputTag<String> LATE = new OutputTag<>("late");
    private static final String SATURATES = " window arithmetic (window bounds, a bound plus allowedLateness, continuous-trigger fire times)"
            + " past the 64-bit range: Weir saturates at Long.MIN_VALUE and Long.MAX_VALUE, Flink wraps around; not run on Flink";

    private static FlinkTarget target;

    @BeforeAll
    static void shareTheCluster() throws Exception {
        target = SharedMiniCluster.parallelismTwo();
    }

    private static KeyedStream<String, String> keyed(final StreamPipeline pipeline, final String... elements) {
        return pipeline.from("records", CollectionSource.of(List.of(elements)),
                WatermarkStrategy.<String>forPunctuation(MARKER).withTimestampAssigner(TIMESTAMP), 1).filter(NOT_MARKER).keyBy(KEY);
    }

    @Test
    void theGlobalWindowFiresOnlyByItsTrigger() throws Exception {
        final String[] elements = {"a,100,1", "a,200,2", "b,300,3", "a,400,4", "b,500,5", "a,600,6", "a,700,7"};
        assertSameResults(List.of("a,200,3" + MAX, "a,600,13" + MAX, "b,500,8" + MAX), sink -> keyed(StreamPipeline.named("count"), elements)
                .window(GlobalWindows.create()).trigger(CountTrigger.of(2)).reduce(SUM).sink(sink));
        assertSameResults(List.of("a,200,3" + MAX, "a,600,10" + MAX, "b,500,8" + MAX), sink -> keyed(StreamPipeline.named("purging"), elements)
                .window(GlobalWindows.create()).trigger(PurgingTrigger.of(CountTrigger.of(2))).reduce(SUM).sink(sink));
        // the default trigger, and the same one given: nothing fires, not even at end of input
        assertSameResults(List.of(), sink -> keyed(StreamPipeline.named("default"), elements)
                .window(GlobalWindows.create()).reduce(SUM).sink(sink));
        assertSameResults(List.of(), sink -> keyed(StreamPipeline.named("never"), elements)
                .window(GlobalWindows.create()).trigger(NeverTrigger.create()).reduce(SUM).sink(sink));
    }

    @Test
    void sessionsWithADynamicGapMergeByEachRecordsGap() throws Exception {
        // gap = 100 ms per unit of value: a's [1000,1100) and [1050,1550) merge, so do [2000,2200) and [2150,2250); b's do not
        assertSameResults(List.of("a,1050,6@1549", "a,2150,3@2249", "b,1000,3@1299", "b,1400,2@1599"),
                sink -> keyed(StreamPipeline.named("dynamic"), "a,1000,1", "b,1000,3", "a,1050,5", "a,2000,2", "b,1400,2", "a,2150,1")
                        .window(EventTimeSessionWindows.withDynamicGap(GAP_BY_VALUE)).reduce(SUM).sink(sink));
    }

    @Test
    void builtInTriggersFireAsOnWeir() throws Exception {
        // fire times 300, 600, 900 and the window's end 999, each at the first marker past it
        assertSameResults(List.of("a,100,1@999", "a,400,3@999", "a,800,6@999", "a,800,6@999"),
                sink -> keyed(StreamPipeline.named("continuous"), "a,100,1", "#,350,0", "a,400,2", "#,700,0", "a,800,3", "#,1500,0")
                        .window(TumblingEventTimeWindows.of(1000)).trigger(ContinuousEventTimeTrigger.of(300)).reduce(SUM).sink(sink));
        // the count of merged sessions is merged: 2 + 1, then the record that merged them makes 4
        assertSameResults(List.of("a,1000,10@1499"), sink -> keyed(StreamPipeline.named("count-session"), "a,100,1", "a,300,2", "a,1000,3",
                "a,700,4").window(EventTimeSessionWindows.withGap(500)).trigger(CountTrigger.of(3)).reduce(SUM).sink(sink));
        // a count trigger does not fire at the window's end: a's fifth record and b's only one stay unfired
        assertSameResults(List.of("a,200,3@999", "a,400,7@999"), sink -> keyed(StreamPipeline.named("purging-tumbling"),
                "a,100,1", "a,200,2", "a,300,3", "a,400,4", "a,500,5", "b,1300,3").window(TumblingEventTimeWindows.of(1000))
                .trigger(PurgingTrigger.of(CountTrigger.of(2))).reduce(SUM).sink(sink));
    }

    @Test
    void aUserTriggerRunsOnFlinksTimersAndMerges() throws Exception {
        assertSameResults(List.of("a,200,7@999", "a,300,2@999", "b,1400,8@1999"), sink -> keyed(StreamPipeline.named("user"),
                "a,100,1", "a,200,6", "a,300,2", "#,1200,0", "b,1300,3", "b,1400,5")
                .window(TumblingEventTimeWindows.of(1000)).trigger(new WindowFunctions.FireOnBigValue()).reduce(SUM).sink(sink));
        assertSameResults(List.of("a,500,9@799", "a,1100,3@1399"), sink -> keyed(StreamPipeline.named("user-session"),
                "a,100,1", "a,250,2", "a,500,6", "#,1000,0", "a,1100,3")
                .window(EventTimeSessionWindows.withGap(300)).trigger(new WindowFunctions.FireOnBigValue()).reduce(SUM).sink(sink));
        assertSameResults(List.of("a,200,7@999", "a,300,2@999"), sink -> keyed(StreamPipeline.named("purging-user"),
                "a,100,1", "a,200,6", "a,300,2")
                .window(TumblingEventTimeWindows.of(1000)).trigger(PurgingTrigger.of(new WindowFunctions.FireOnBigValue())).reduce(SUM)
                .sink(sink));
    }

    @Test
    void aUserTriggerKeepsItsCountInFlinksStateAndMergesIt() throws Exception {
        assertSameResults(List.of("a,200,3@999", "a,300,6@999", "b,400,4@999"), sink -> keyed(StreamPipeline.named("stateful"),
                "a,100,1", "a,200,2", "a,300,3", "b,400,4")
                .window(TumblingEventTimeWindows.of(1000)).trigger(new WindowFunctions.EverySecondRecord()).reduce(SUM).sink(sink));
        // [100,400) and [350,650) merge with a count of 1 + 1; [800,1100) and [1000,1300) likewise; each fires again at its end
        assertSameResults(List.of("a,350,4@649", "a,350,4@649", "a,1000,6@1299", "a,1000,6@1299"), sink -> keyed(
                StreamPipeline.named("stateful-session"), "a,100,1", "a,1000,2", "a,350,3", "a,800,4")
                .window(EventTimeSessionWindows.withGap(300)).trigger(new WindowFunctions.EverySecondRecord()).reduce(SUM).sink(sink));
    }

    @Test
    void evictorsRemoveTheSameElements() throws Exception {
        final String[] elements = {"a,100,1", "a,200,2", "a,300,3", "a,50,4"};
        assertSameResults(List.of("a [0,1000) [3 4] " + END + "@999"), sink -> keyed(StreamPipeline.named("count-evictor"), elements)
                .window(TumblingEventTimeWindows.of(1000)).evictor(CountEvictor.of(2)).process(new WindowFunctions.Describe<>(false)).sink(sink));
        // the newest is 300: 150 and earlier go
        assertSameResults(List.of("a [0,1000) [2 3] " + END + "@999"), sink -> keyed(StreamPipeline.named("time-evictor"), elements)
                .window(TumblingEventTimeWindows.of(1000)).evictor(TimeEvictor.of(150)).process(new WindowFunctions.Describe<>(false)).sink(sink));
        // after each firing only the last element stays for the next one
        assertSameResults(List.of("a global [1 2] wm=" + Long.MIN_VALUE + MAX, "a global [2 3 4] wm=" + Long.MIN_VALUE + MAX),
                sink -> keyed(StreamPipeline.named("evict-after"), "a,100,1", "a,200,2", "a,300,3", "a,400,4").window(GlobalWindows.create())
                        .trigger(CountTrigger.of(2)).evictor(CountEvictor.of(1, true)).process(new WindowFunctions.Describe<>(false)).sink(sink));
        assertSameResults(List.of("a,300,6@999"), sink -> keyed(StreamPipeline.named("user-evictor"), "a,100,1", "a,200,2", "a,300,4", "a,400,5")
                .window(TumblingEventTimeWindows.of(1000)).evictor(new WindowFunctions.DropOddValues()).reduce(SUM).sink(sink));
    }

    @Test
    void processWindowFunctionsSeeTheWindowTheWatermarkAndOutputToSideOutputs() throws Exception {
        final String[] elements = {"a,100,1", "a,200,7", "b,300,5", "#,1100,0", "a,1200,2"};
        assertSameResults(List.of("a [0,1000) [1 7] wm=1100@999", "a [1000,2000) [2] " + END + "@1999", "b [0,1000) [5] wm=1100@999",
                "side:a:7@999", "side:b:5@999"), sink -> keyed(StreamPipeline.named("process"), elements)
                        .window(TumblingEventTimeWindows.of(1000)).process(new WindowFunctions.Describe<>(false))
                        .sideOutput(BIG, (value, timestamp) -> sink.accept("side:" + value, timestamp)).sink(sink));
        assertSameResults(List.of("a [0,1000) count=2 sum=8 wm=1100@999", "a [1000,2000) count=1 sum=2 " + END + "@1999",
                "b [0,1000) count=1 sum=5 wm=1100@999"), sink -> keyed(StreamPipeline.named("aggregate-process"), elements)
                        .window(TumblingEventTimeWindows.of(1000)).aggregate(new PipelineFunctions.CountAndSum(), new WindowFunctions.DescribeResult<>())
                        .sink(sink));
    }

    @Test
    void processWindowFunctionsKeepWindowAndGlobalStateInFlinksState() throws Exception {
        // the late record within the lateness fires [0,1000) a second time
        assertSameResults(List.of("a [0,1000) firing=1 total=1 wm=1100@999", "a [0,1000) firing=2 total=2 wm=1100@999",
                "a [1000,2000) firing=1 total=3 " + END + "@1999", "b [1000,2000) firing=1 total=1 " + END + "@1999"),
                sink -> keyed(StreamPipeline.named("state"), "a,100,1", "#,1100,0", "a,200,2", "a,1200,3", "b,1300,4")
                        .window(TumblingEventTimeWindows.of(1000)).allowedLateness(1000).process(new WindowFunctions.CountFirings<>()).sink(sink));
    }

    @Test
    void lateRecordsGoToTheSideOutputOfTheirTag() throws Exception {
        final String[] elements = {"a,100,1", "#,1500,0", "a,200,2", "a,1600,3", "b,900,4"};
        assertSameResults(List.of("a,100,1@999", "a,1600,3@1999", "side:a,200,2@200", "side:b,900,4@900"),
                sink -> keyed(StreamPipeline.named("late"), elements).window(TumblingEventTimeWindows.of(1000)).sideOutputLateData(LATE)
                        .reduce(SUM).sideOutput(LATE, (value, timestamp) -> sink.accept("side:" + value, timestamp)).sink(sink));
        // within the lateness the window fires again instead
        assertSameResults(List.of("a,100,1@999", "a,200,3@999", "a,1600,3@1999", "b,900,4@999"),
                sink -> keyed(StreamPipeline.named("lateness"), elements).window(TumblingEventTimeWindows.of(1000)).allowedLateness(600)
                        .sideOutputLateData(LATE).reduce(SUM).sideOutput(LATE, (value, timestamp) -> sink.accept("side:" + value, timestamp))
                        .sink(sink));
    }

    @Test
    void aContinuousTriggerOnMergingSessionsFiresAsOnWeir() throws Exception {
        // gap 500, interval 300: [100,600) fires at 300 (sum 1); a,400 merges it into [100,900), whose fire time stays 599
        // (min(600, 599)) and fires at the marker 700; a,800 merges [100,1300), its fire time 899 (min(599 + 300, 899)), then
        // 1199 and the end 1299 fire at the marker 1500
        assertSameResults(List.of("a,100,1@599", "a,400,3@899", "a,800,6@1299", "a,800,6@1299", "a,800,6@1299"),
                sink -> keyed(StreamPipeline.named("continuous-session"), "a,100,1", "#,350,0", "a,400,2", "#,700,0", "a,800,3", "#,1500,0")
                        .window(EventTimeSessionWindows.withGap(500)).trigger(ContinuousEventTimeTrigger.of(300)).reduce(SUM).sink(sink));
    }

    /**
     * At end of input b's session [0,100) passes 99 fire times of 1 ms, and both engines fire each; a's [0,200000) passes
     * 199999, more than Weir fires for one watermark: Weir fires it once, so on Flink the job stops at that window, naming it.
     */
    @Test
    void aSessionWhoseWatermarkStepPassesMoreThanWeirsCapStopsTheFlinkJobThere() {
        final Function<Sink<Object>, StreamPipeline> pipeline = sink -> keyed(StreamPipeline.named("beyond-cap"), "b,0,1", "a,0,2000")
                .window(EventTimeSessionWindows.withDynamicGap(GAP_BY_VALUE)).trigger(ContinuousEventTimeTrigger.of(1)).reduce(SUM).sink(sink);
        final List<String> onWeir = onWeir(pipeline);
        assertEquals(100, onWeir.size(), onWeir::toString);
        assertEquals(List.of("a,0,2000@199999"), onWeir.stream().filter(result -> result.startsWith("a,")).toList());
        assertEquals(99, onWeir.stream().filter(result -> result.equals("b,0,1@99")).count(), onWeir::toString);
        final Exception failed = assertThrows(Exception.class, () -> SortedResults.onFlink(pipeline, target));
        Throwable cause = failed;
        while (cause.getCause() != null) {
            cause = cause.getCause();
        }
        assertEquals("the window [0,200000) of ContinuousEventTimeTrigger(1): the watermark MAX passes 199999 of its fire times at once,"
                + " more than the 100000 Weir fires for one watermark: Weir fires the window once, Flink once per period, so the job stops"
                + " here on Flink", cause.getMessage());
    }

    @Test
    void aDynamicGapThatWouldTakeASessionPastTheRangeFailsTheJob() {
        final long nearTheEnd = Long.MAX_VALUE - 150;
        final StreamPipeline pipeline = StreamPipeline.named("range");
        // a gap of 100 stays within the range, a gap of 200 does not
        pipeline.from("records", CollectionSource.of(List.of("a,1000,1", "a," + nearTheEnd + ",1", "b," + nearTheEnd + ",2")),
                WatermarkStrategy.<String>forPunctuation(MARKER).withTimestampAssigner(TIMESTAMP), 1).keyBy(KEY)
                .window(EventTimeSessionWindows.withDynamicGap(GAP_BY_VALUE)).reduce(SUM).sink((value, timestamp) -> { });
        final Exception failed = assertThrows(Exception.class, () -> FlinkRunner.execute(pipeline, target));
        assertEquals("step 2 (window): a record at event time " + nearTheEnd + " takes Flink's session" + SATURATES, rootMessage(failed));
    }

    @Test
    void theRangeCheckFailsAJobWhoseEventTimesAreKnownOnlyAtRunTime() throws Exception {
        // what the translation does for a window whose source it could not read beforehand
        final long nearTheEnd = Long.MAX_VALUE - 5;
        final WindowStep window = new WindowStep(1, TumblingEventTimeWindows.of(10), null, null, 0, null, WindowFunctionKind.REDUCE, SUM,
                null, null);
        assertTrue(WindowTranslation.guarded(window, null));
        final StreamExecutionEnvironment environment = target.environment();
        try {
            environment.fromData(List.<Object>of(0L, 15L, nearTheEnd), TypeInformation.of(Object.class))
                    .assignTimestampsAndWatermarks(org.apache.flink.api.common.eventtime.WatermarkStrategy.forMonotonousTimestamps()
                            .withTimestampAssigner((SerializableTimestampAssigner<Object>) (value, carried) -> (Long) value))
                    .process(WindowTranslation.guard(2, window), TypeInformation.of(Object.class))
                    .sinkTo(new DiscardingSink<>());
            final Exception failed = assertThrows(Exception.class, () -> environment.execute("range"));
            assertEquals("step 2 (window): a record at event time " + nearTheEnd + " takes Flink's tumbling" + SATURATES, rootMessage(failed));
        } finally {
            environment.close();
        }
    }

    private static String rootMessage(final Exception failed) {
        Throwable cause = failed;
        while (!(cause instanceof IllegalArgumentException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause.getMessage();
    }

    private static void assertSameResults(final List<String> expected, final Function<Sink<Object>, StreamPipeline> pipeline)
            throws Exception {
        final List<String> sorted = SortedResults.sorted(expected);
        assertEquals(sorted, onWeir(pipeline), "on Weir");
        assertEquals(sorted, SortedResults.onFlink(pipeline, target), "on Flink");
    }

    private static List<String> onWeir(final Function<Sink<Object>, StreamPipeline> pipeline) {
        return SortedResults.onWeir(pipeline);
    }
}
