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
import dev.weir.flink.FlinkTarget;
import dev.weir.flink.PipelineFunctions;
import dev.weir.flink.SharedMiniCluster;
import dev.weir.flink.SortedResults;
import dev.weir.runtime.sink.Sink;
import dev.weir.source.FileSource;
import dev.weir.source.LineParser;
import dev.weir.time.WatermarkAlignment;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Weir {@code FileSource} on Flink gives the results Weir gives: files assigned to readers as
 * Weir assigns them to instances, read interleaved a batch at a time, one watermark generator per
 * file, a finished file released, idleness and alignment as Flink's own; bad lines fail with
 * Weir's message.
 */
public class FlinkFileSourceTest {
    /** {@code key,timestamp,value}; anything else is refused, naming the field. */
    public static final LineParser<String> LINE = (LineParser<String> & Serializable) line -> {
        final String[] fields = line.toString().split(",", -1);
        if (fields.length != 3) {
            throw new IllegalArgumentException("expected key,ts,value: " + fields.length + " fields");
        }
        try {
            Long.parseLong(fields[1]);
        } catch (final NumberFormatException notANumber) {
            throw new IllegalArgumentException("field 'ts': '" + fields[1] + "' is not a 64-bit integer");
        }
        return line.toString();
    };

    private static final long HOUR = 3_600_000;
    /**
     * The strategy as is, and with idleness and alignment that cannot act on these inputs: no file waits for input, so none
     * turns idle; every watermark is within an hour of every other, so no split runs ahead of its group by the drift. The
     * results cannot depend on timing, and must be the same.
     */
    private static final List<UnaryOperator<WatermarkStrategy<String>>> QUIET_OPTIONS = List.of(
            strategy -> strategy,
            strategy -> strategy.withIdleness(HOUR),
            strategy -> strategy.withWatermarkAlignment("files", HOUR),
            strategy -> strategy.withIdleness(HOUR).withWatermarkAlignment(WatermarkAlignment.of("files", HOUR).withUpdateInterval(10)));

    @TempDir
    Path dir;

    private static FlinkTarget target(final int parallelism) throws Exception {
        return SharedMiniCluster.withParallelism(parallelism);
    }

    private Path file(final String name, final String... lines) throws Exception {
        return Files.writeString(dir.resolve(name), String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
    }

    private static Function<Sink<Object>, StreamPipeline> tumbling(final FileSource<String> files, final int parallelism,
            final UnaryOperator<WatermarkStrategy<String>> options) {
        return SourcePipelines.tumblingSums(files,
                options.apply(WatermarkStrategy.<String>forPunctuation(MARKER).withTimestampAssigner(TIMESTAMP)), parallelism);
    }

    @Test
    void twoFilesOfOneReaderHoldEachOtherBackUntilTheShorterEnds() throws Exception {
        // two lines per read: a0 a1 | b0 b1 | a2 a3 | b2 (end of b) | a4 a5 | a6 (end of a)
        final Path a = file("a.csv", "a,1000,1", "#,3000,0", "a,1100,2", "a,1200,4", "#,5000,0", "a,2500,8", "a,5500,16");
        final Path b = file("b.csv", "b,500,32", "#,1500,0", "b,1400,64");
        // 1100 and 1200 come after a's marker 3000 but b holds the watermark at 1500: not late, as Flink and Weir keep one
        // generator per file. Once b has ended it is released, the watermark follows a alone to 5000, and 2500 is late
        final List<String> expected = List.of("a,1200,7@1999", "a,5500,16@5999", "b,1400,64@1999", "b,500,32@999");
        for (final UnaryOperator<WatermarkStrategy<String>> options : QUIET_OPTIONS) {
            final Function<Sink<Object>, StreamPipeline> pipeline = tumbling(FileSource.of(List.of(a, b), LINE).withBatchSize(2), 1, options);
            assertEquals(expected, WeirRuns.sorted(pipeline));
            assertEquals(expected, SortedResults.onFlink(pipeline, target(1)));
            assertEquals(expected, SortedResults.onFlink(pipeline, target(2)));
        }
    }

    @Test
    void filesAreAssignedToReadersAsWeirAssignsThemToInstances() throws Exception {
        // reader 0 reads a and c interleaved, reader 1 reads b; within each reader no record is late by its own watermark,
        // so none is late whatever the two readers' pace
        final Path a = file("a.csv", "a,1000,1", "#,2600,0", "a,1500,2", "#,4000,0", "a,3100,4");
        final Path b = file("b.csv", "b,200,8", "#,900,0", "b,1999,16", "b,3000,32");
        final Path c = file("c.csv", "c,1800,64", "c,1700,128", "#,2100,0", "c,2050,256", "a,2200,512");
        final List<String> expected = List.of("a,1500,3@1999", "a,2200,512@2999", "a,3100,4@3999", "b,1999,16@1999", "b,200,8@999",
                "b,3000,32@3999", "c,1800,192@1999", "c,2050,256@2999");
        for (final UnaryOperator<WatermarkStrategy<String>> options : QUIET_OPTIONS) {
            final Function<Sink<Object>, StreamPipeline> pipeline = tumbling(FileSource.of(List.of(a, b, c), LINE).withBatchSize(2), 2,
                    options);
            assertEquals(expected, WeirRuns.sorted(pipeline));
            assertEquals(expected, SortedResults.onFlink(pipeline, target(2)));
        }
    }

    @Test
    void badLinesFailTheJobWithWeirsMessageAfterTheEarlierRecords() throws Exception {
        final Path badField = file("field.csv", "a,1,1", "a,2,2", "a,x,3");
        final Path badCount = file("count.csv", "a,1,1", "a,2");
        final Path notUtf8 = dir.resolve("bytes.csv");
        Files.write(notUtf8, new byte[] {'a', ',', '1', ',', '1', '\n', 'a', ',', (byte) 0xC3, '\n'});
        final Path tooLong = file("long.csv", "a,1,1", "a,2,123456789012345678901234567890");
        assertFailsAsOnWeir(FileSource.of(badField, LINE), badField + ":3: field 'ts': 'x' is not a 64-bit integer");
        assertFailsAsOnWeir(FileSource.of(badCount, LINE), badCount + ":2: expected key,ts,value: 2 fields");
        assertFailsAsOnWeir(FileSource.of(notUtf8, LINE), notUtf8 + ":2: byte offset 8: not UTF-8");
        assertFailsAsOnWeir(FileSource.of(tooLong, LINE).withMaxLineBytes(20), tooLong + ":2: longer than the limit of 20 bytes");
        assertFailsAsOnWeir(FileSource.of(dir.resolve("missing.csv"), LINE), dir.resolve("missing.csv") + ": no such source file");
    }

    private static void assertFailsAsOnWeir(final FileSource<String> files, final String message) {
        final Function<Sink<Object>, StreamPipeline> pipeline = sink -> StreamPipeline.named("bad")
                .from("lines", files, WatermarkStrategy.<String>noWatermarks(), 1)
                .sink(sink);
        final Exception onWeir = assertThrows(Exception.class, () -> WeirRuns.sorted(pipeline));
        assertTrue(WeirRuns.messages(onWeir).contains(message), () -> "Weir: " + WeirRuns.messages(onWeir));
        final Exception onFlink = assertThrows(Exception.class, () -> SortedResults.onFlink(pipeline, target(1)));
        assertTrue(WeirRuns.messages(onFlink).contains(message), () -> "Flink: " + WeirRuns.messages(onFlink));
    }

    @Test
    void splitsAndPendingListsSurviveTheirSerializers() throws Exception {
        final FileSplitSerializer serializer = new FileSplitSerializer();
        final List<FileSplit> splits = List.of(new FileSplit(0, "a.csv", 0, 0), new FileSplit(7, "/data/ü b.csv", 1L << 40, 123_456_789_012L),
                new FileSplit(Integer.MAX_VALUE, "", Long.MAX_VALUE, Long.MAX_VALUE));
        for (final FileSplit split : splits) {
            final FileSplit back = serializer.deserialize(serializer.getVersion(), serializer.serialize(split));
            assertEquals(split, back);
            assertEquals(split.splitId(), back.splitId());
        }
        final SplitListSerializer<FileSplit> pending = new SplitListSerializer<>(serializer);
        for (final List<FileSplit> list : List.of(List.<FileSplit>of(), splits.subList(1, 2), splits)) {
            assertEquals(list, pending.deserialize(pending.getVersion(), pending.serialize(list)));
        }
        final Exception other = assertThrows(Exception.class, () -> serializer.deserialize(2, serializer.serialize(splits.get(0))));
        assertEquals("file split version 2 is not 1", other.getMessage());
    }
}
