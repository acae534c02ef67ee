package dev.weir.flink.translation;

import static dev.weir.flink.PipelineFunctions.KEY;
import static dev.weir.flink.PipelineFunctions.MARKER;
import static dev.weir.flink.PipelineFunctions.NOT_MARKER;
import static dev.weir.flink.PipelineFunctions.SUM;
import static dev.weir.flink.PipelineFunctions.TIMESTAMP;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.DataStream;
import dev.weir.api.StreamPipeline;
import dev.weir.flink.FlinkRunner;
import dev.weir.flink.FlinkTarget;
import dev.weir.flink.PipelineFunctions;
import dev.weir.flink.SharedMiniCluster;
import dev.weir.flink.SortedResults;
import dev.weir.flink.source.FlinkFileSourceTest;
import dev.weir.flink.source.FlinkGeneratorSourceTest;
import dev.weir.flink.source.SourcePipelines;
import dev.weir.flink.source.WeirRuns;
import dev.weir.flink.window.WindowRangeGuard;
import dev.weir.runtime.sink.Sink;
import dev.weir.source.CollectionSource;
import dev.weir.source.FileSource;
import dev.weir.source.GeneratorSource;
import dev.weir.source.Source;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.graph.StreamNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Windows after a source whose records are known only while the job reads them (a
 * {@code FileSource}, a {@code GeneratorSource}, and a mid-stream strategy after one) get the
 * run-time range check ({@link WindowRangeGuard}): a record whose window Flink's arithmetic would
 * wrap fails the job with the translation's own refusal, once the results before it are out; safe
 * event times give Weir's results. A collection's records are checked at translation instead.
 */
class FlinkRunTimeRangeTest {
    /** Its tumbling window of a second would end past Long.MAX_VALUE. */
    private static final long FAR = Long.MAX_VALUE - 1;
    private static final String FAR_LINE = "z," + FAR + ",4";
    private static final String[] LINES = {"a,100,1", "b,300,2", "#,1500,0", "a,1200,8", "#,2500,0", FAR_LINE, "a,2600,16"};
    /** What the sink receives before the far record: the two windows the markers closed. */
    private static final List<String> EARLIER = List.of("a,100,1@999", "a,1200,8@1999", "b,300,2@999");
    private static final String REFUSAL = " (window): a record at event time " + FAR + " takes Flink's tumbling window arithmetic"
            + " (window bounds, a bound plus allowedLateness, continuous-trigger fire times) past the 64-bit range: Weir saturates at"
            + " Long.MIN_VALUE and Long.MAX_VALUE, Flink wraps around; not run on Flink";
    private static final String GUARD = "window range check";
    private static final WatermarkStrategy<String> PUNCTUATED = WatermarkStrategy.<String>forPunctuation(MARKER).withTimestampAssigner(TIMESTAMP);
    /** No mid-stream strategy: the source's is {@link #PUNCTUATED}; with one, the source has none. */
    private static final UnaryOperator<DataStream<String>> STAMPED_AT_THE_SOURCE = lines -> lines;

    private static FlinkTarget target;

    @TempDir
    Path dir;

    @BeforeAll
    static void shareTheCluster() throws Exception {
        target = SharedMiniCluster.withParallelism(1);
    }

    @Test
    void aFileRecordWhoseWindowWouldWrapFailsTheJobWithTheTranslationsRefusalAfterTheEarlierResults() throws Exception {
        final Path file = Files.writeString(dir.resolve("far.csv"), String.join("\n", LINES) + "\n", StandardCharsets.UTF_8);
        final String refusedAtTranslation = assertThrows(FlinkTranslationException.class, () -> FlinkRunner.execute(
                sums(CollectionSource.of(List.of(LINES)), STAMPED_AT_THE_SOURCE, "collection").apply((value, timestamp) -> { }),
                target)).getMessage();
        assertEquals("step 4" + REFUSAL, refusedAtTranslation);

        final Function<Sink<Object>, StreamPipeline> fromFile = sums(FileSource.of(file, FlinkFileSourceTest.LINE), STAMPED_AT_THE_SOURCE, "file");
        assertEquals(List.of(false, true), guards(fromFile));
        assertFailsAfter(fromFile, "file", refusedAtTranslation);
    }

    @Test
    void aMidStreamStrategyAfterAFileSourceIsCheckedAtRunTime() throws Exception {
        final Path far = Files.writeString(dir.resolve("far.csv"), String.join("\n", LINES) + "\n", StandardCharsets.UTF_8);
        final UnaryOperator<DataStream<String>> restamped = lines -> lines.assignTimestampsAndWatermarks(PUNCTUATED);
        final Function<Sink<Object>, StreamPipeline> fromFile = sums(FileSource.of(far, FlinkFileSourceTest.LINE), restamped, "mid-stream");
        // the event times leaving the strategy are not known before the run: the window after it is guarded
        assertNull(MidStreamTimestamps.eventTimes(fromFile.apply((value, timestamp) -> { }).logicalPlan().steps(), 1));
        assertEquals(List.of(false, true), guards(fromFile));
        assertFailsAfter(fromFile, "mid-stream", "step 5" + REFUSAL);

        // the same strategy after a collection: the event times are known and checked at translation, with no guard
        final Function<Sink<Object>, StreamPipeline> fromCollection = sums(CollectionSource.of(List.of(LINES)), restamped, "mid-collection");
        assertArrayEquals(new long[] {100, 300, 1500, 1200, 2500, FAR, 2600},
                MidStreamTimestamps.eventTimes(fromCollection.apply((value, timestamp) -> { }).logicalPlan().steps(), 1));
        assertEquals("step 5" + REFUSAL, assertThrows(FlinkTranslationException.class,
                () -> FlinkRunner.execute(fromCollection.apply((value, timestamp) -> { }), target)).getMessage());

        // safe event times pass the guard unchanged
        final Path safe = Files.writeString(dir.resolve("safe.csv"), String.join("\n", List.of(LINES).subList(0, 5)) + "\n",
                StandardCharsets.UTF_8);
        final Function<Sink<Object>, StreamPipeline> safeFile = sums(FileSource.of(safe, FlinkFileSourceTest.LINE), restamped, "safe");
        final List<String> expected = List.of("a,100,1@999", "a,1200,8@1999", "b,300,2@999");
        assertEquals(expected, WeirRuns.sorted(safeFile));
        assertEquals(expected, SortedResults.onFlink(safeFile, target));
    }

    @Test
    void aGeneratorSourceWithSafeEventTimesRunsUnchangedThroughTheGuard() throws Exception {
        final Function<Sink<Object>, StreamPipeline> pipeline = SourcePipelines.tumblingSums(
                GeneratorSource.bounded(300, GeneratorSource.MAX_RECORDS_PER_SECOND, FlinkGeneratorSourceTest.SCATTERED).withBatchSize(7),
                PUNCTUATED, 1);
        assertEquals(List.of(false, true), guards(pipeline));
        final List<String> weir = WeirRuns.sorted(pipeline);
        assertTrue(weir.size() > 20, () -> "too few windows to compare: " + weir);
        assertEquals(weir, SortedResults.onFlink(pipeline, target));
    }

    /**
     * @return lines {@code key,ts,value} from the source, stamped there or by the mid-stream strategy {@code restamp} adds, the far record held back until the results before it
     *     reached the sink of the run, markers filtered out, summed per key in tumbling windows of a second
     */
    private static Function<Sink<Object>, StreamPipeline> sums(final Source<String> source, final UnaryOperator<DataStream<String>> restamp,
            final String run) {
        return sink -> restamp.apply(StreamPipeline.named(run)
                        .from("lines", source, restamp == STAMPED_AT_THE_SOURCE ? PUNCTUATED : WatermarkStrategy.<String>noWatermarks(), 1))
                .map(new HeldLines(FAR_LINE, run))
                .filter(NOT_MARKER)
                .keyBy(KEY)
                .window(TumblingEventTimeWindows.of(1000))
                .reduce(SUM)
                .sink(sink);
    }

    /** Runs the pipeline on Flink, expecting the earlier results, then the job's failure with {@code message} as its root cause. */
    private static void assertFailsAfter(final Function<Sink<Object>, StreamPipeline> pipeline, final String run, final String message) {
        final CountDownLatch delivered = HeldLines.latch(run, EARLIER.size());
        final List<String> results = Collections.synchronizedList(new ArrayList<>());
        final Exception failed = assertThrows(Exception.class, () -> FlinkRunner.execute(pipeline.apply((value, timestamp) -> {
            results.add(value + "@" + timestamp);
            delivered.countDown();
        }), target));
        final List<String> messages = WeirRuns.messages(failed);
        assertEquals(message, messages.get(messages.size() - 1), () -> "the root cause of " + messages);
        assertEquals(EARLIER, SortedResults.sorted(results));
    }

    /** @return whether the translated job has a range check before its window: for a collection source, then for the pipeline */
    private static List<Boolean> guards(final Function<Sink<Object>, StreamPipeline> pipeline) throws Exception {
        final List<Boolean> guarded = new ArrayList<>();
        for (final StreamPipeline translated : List.of(SourcePipelines.tumblingSums(CollectionSource.of(List.of("a,1,1")), PUNCTUATED, 1)
                .apply((value, timestamp) -> { }),
                pipeline.apply((value, timestamp) -> { }))) {
            final StreamExecutionEnvironment environment = target.environment();
            try {
                final PipelineTranslation translation = new PipelineTranslation(translated.logicalPlan(), environment);
                translation.translate();
                guarded.add(environment.getStreamGraph().getStreamNodes().stream().map(StreamNode::getOperatorName).anyMatch(GUARD::equals));
                translation.sinks().forEach(CollectedSink::close);
            } finally {
                environment.close();
            }
        }
        assertFalse(guarded.isEmpty());
        return guarded;
    }
}
