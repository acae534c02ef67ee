package dev.weir.flink.source;

import static dev.weir.flink.PipelineFunctions.KEY;
import static dev.weir.flink.PipelineFunctions.MARKER;
import static dev.weir.flink.PipelineFunctions.NOT_MARKER;
import static dev.weir.flink.PipelineFunctions.SUM;
import static dev.weir.flink.PipelineFunctions.TIMESTAMP;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.StreamPipeline;
import dev.weir.flink.FlinkRunner;
import dev.weir.flink.FlinkTarget;
import dev.weir.flink.PipelineFunctions;
import dev.weir.flink.SavepointRestart;
import dev.weir.flink.SharedMiniCluster;
import dev.weir.flink.SortedResults;
import dev.weir.flink.translation.FlinkTranslationException;
import dev.weir.runtime.threaded.RunningPipeline;
import dev.weir.runtime.sink.Sink;
import dev.weir.source.GeneratorSource;
import dev.weir.source.RecordGenerator;
import dev.weir.clock.NanoClock;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.io.Serializable;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bounded Weir {@code GeneratorSource} on Flink: one split per Weir instance, each emitting
 * that instance's records in sequence order, so the results are Weir's; the next sequence number
 * is checkpointed.
 */
public class FlinkGeneratorSourceTest {
    /** Every 25th record a marker 500 ms behind the records' clock; the others scattered 1.5 s either side of it. */
    public static final RecordGenerator<String> SCATTERED = (RecordGenerator<String> & Serializable) (sequence, dueNanos) -> sequence % 25 == 24
            ? "#," + (sequence * 40 - 500) + ",0"
            : "k" + sequence % 3 + "," + (sequence * 7919 % 3000 - 1500 + sequence * 40) + "," + sequence;
    /** As fast as Weir's generator goes: every record is due at once. */
    private static final long RATE = GeneratorSource.MAX_RECORDS_PER_SECOND;

    @TempDir
    Path dir;

    private static FlinkTarget target(final int parallelism) throws Exception {
        return SharedMiniCluster.withParallelism(parallelism);
    }

    @Test
    void oneInstanceGivesWeirsResultsLateRecordsIncluded() throws Exception {
        final Function<Sink<Object>, StreamPipeline> pipeline = SourcePipelines.tumblingSums(GeneratorSource.bounded(600, RATE, SCATTERED).withBatchSize(7),
                WatermarkStrategy.<String>forPunctuation(MARKER).withTimestampAssigner(TIMESTAMP), 1);
        final List<String> weir = onWeir(pipeline);
        assertEquals(weir, SortedResults.onFlink(pipeline, target(1)));
        assertEquals(weir, SortedResults.onFlink(pipeline, target(2)));
        // some records were late: the sums fall short of the sum of every value but the markers'
        final long all = LongStream.range(0, 600).filter(n -> n % 25 != 24).sum();
        final long fired = sumOf(weir);
        assertTrue(fired < all && fired > all / 2, fired + " of " + all);
    }

    @Test
    void twoInstancesShareTheSequenceAsOnWeir() throws Exception {
        // no watermark before the end: nothing is late, whatever the pace of the two instances
        final Function<Sink<Object>, StreamPipeline> pipeline = SourcePipelines.tumblingSums(GeneratorSource.bounded(601, RATE, SCATTERED).withBatchSize(5),
                WatermarkStrategy.<String>forMonotonousTimestamps().withPeriodicInterval(0).withTimestampAssigner(TIMESTAMP), 2);
        final List<String> weir = onWeir(pipeline);
        assertEquals(LongStream.range(0, 601).filter(n -> n % 25 != 24).sum(), sumOf(weir));
        assertEquals(weir, SortedResults.onFlink(pipeline, target(2)));
    }

    @Test
    void theNextSequenceNumberIsCheckpointed() throws Exception {
        final int count = 150_000;
        final RecordGenerator<String> numbers = (RecordGenerator<String> & Serializable) (sequence, dueNanos) -> Long.toString(sequence);
        final List<List<String>> runs = SavepointRestart.run(FlinkGeneratorSource.of(GeneratorSource.bounded(count, RATE, numbers), 2), 2,
                dir.resolve("savepoints"));
        final List<String> both = new ArrayList<>(runs.get(0));
        both.addAll(runs.get(1));
        assertEquals(LongStream.range(0, count).mapToObj(Long::toString).sorted().collect(Collectors.toList()), SortedResults.sorted(both));
        assertTrue(runs.get(0).size() < count / 2, "stopped mid-way: " + runs.get(0).size() + " records in the first run");
    }

    @Test
    void splitsSurviveTheirSerializer() throws Exception {
        final GeneratorSplitSerializer serializer = new GeneratorSplitSerializer();
        final List<GeneratorSplit> splits = List.of(new GeneratorSplit(0, 1, 0), new GeneratorSplit(3, 4, 1_000_003),
                new GeneratorSplit(Integer.MAX_VALUE - 1, Integer.MAX_VALUE, Long.MAX_VALUE));
        for (final GeneratorSplit split : splits) {
            assertEquals(split, serializer.deserialize(serializer.getVersion(), serializer.serialize(split)));
        }
        final SplitListSerializer<GeneratorSplit> pending = new SplitListSerializer<>(serializer);
        assertEquals(splits, pending.deserialize(pending.getVersion(), pending.serialize(splits)));
        assertEquals("generator split version 3 is not 1",
                assertThrows(Exception.class, () -> serializer.deserialize(3, serializer.serialize(splits.get(0)))).getMessage());
    }

    @Test
    void whatCannotRunOnFlinkIsRefused() {
        final RecordGenerator<String> local = (sequence, dueNanos) -> "k,0," + sequence;
        final NanoClock localClock = () -> 0L;
        assertRefused("step 0 (source): 'ticks' is an unbounded GeneratorSource, which never ends; a pipeline runs on Flink to the end"
                + " of its input", GeneratorSource.unbounded(RATE, SCATTERED));
        assertRefused("step 0 (source): the record generator cannot be shipped to Flink's tasks: it is not serializable; make it a"
                + " Serializable class, or cast the lambda to an intersection with Serializable, e.g. (Function<A, B> & Serializable)",
                GeneratorSource.bounded(1, RATE, local));
        assertRefused("step 0 (source): the generator's NanoClock cannot be shipped to Flink's tasks: it is not serializable; make it a"
                + " Serializable class, or cast the lambda to an intersection with Serializable, e.g. (Function<A, B> & Serializable)",
                GeneratorSource.bounded(1, RATE, SCATTERED).withNanoClock(localClock));
    }

    private static void assertRefused(final String message, final GeneratorSource<String> source) {
        final StreamPipeline pipeline = StreamPipeline.named("p");
        pipeline.from("ticks", source, WatermarkStrategy.<String>noWatermarks(), 1).sink((value, timestamp) -> { });
        assertEquals(message, assertThrows(FlinkTranslationException.class, () -> FlinkRunner.execute(pipeline, target(1))).getMessage());
    }

    /** @return the sum of the values of the results {@code key,ts,sum@timestamp} */
    private static long sumOf(final List<String> results) {
        return results.stream().mapToLong(line -> Long.parseLong(line.substring(line.lastIndexOf(',') + 1, line.indexOf('@')))).sum();
    }

    /** Weir's threaded runtime: its generator runs on the JVM's clock, as Flink's does. */
    private static List<String> onWeir(final Function<Sink<Object>, StreamPipeline> pipeline) throws InterruptedException {
        final List<String> results = Collections.synchronizedList(new ArrayList<>());
        try (RunningPipeline running = pipeline.apply((value, timestamp) -> results.add(value + "@" + timestamp)).start()) {
            assertTrue(running.awaitTermination(Duration.ofSeconds(30)), "Weir's run did not end");
        }
        return SortedResults.sorted(results);
    }
}
