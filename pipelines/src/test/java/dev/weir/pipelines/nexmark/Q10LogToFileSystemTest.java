package dev.weir.pipelines.nexmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.StreamPipeline;
import dev.weir.clock.VirtualClock;
import dev.weir.nexmark.Bid;
import dev.weir.nexmark.EventKind;
import dev.weir.nexmark.GeneratorConfig;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class Q10LogToFileSystemTest {
    @TempDir
    Path directory;

    @Test
    void everyBidWithItsDayAndMinute() {
        assertEquals(expectedRows(QueryRun.CONFIG), QueryRun.rows(Q10LogToFileSystem::rows));
    }

    @Test
    void everyBidWithItsDayAndMinuteOverOneHundredSeconds() {
        assertEquals(expectedRows(QueryRun.SLOW), QueryRun.rows(QueryRun.SLOW, 1, Q10LogToFileSystem::rows));
    }

    @Test
    void theFilesOfEachMinuteHoldExactlyItsBidsInOrder() throws IOException {
        write(QueryRun.SLOW, 1);
        final Map<String, List<String>> expected = expectedFiles(QueryRun.SLOW);
        assertEquals(List.of("dt=1970-01-01/hm=00:00/part-0.csv", "dt=1970-01-01/hm=00:01/part-0.csv"), new ArrayList<>(expected.keySet()));
        assertEquals(expected, files());
    }

    @Test
    void twoInstancesWriteAPartFileEachAndTogetherEveryBidOnce() throws IOException {
        final GeneratorConfig config = QueryRun.SLOW.withGenerators(2);
        write(config, 2);
        final Map<String, List<String>> expected = new TreeMap<>();
        expectedFiles(config).forEach((file, lines) -> expected.computeIfAbsent(partition(file), p -> new ArrayList<>()).addAll(lines));
        final Map<String, List<String>> written = new TreeMap<>();
        files().forEach((file, lines) -> {
            assertTrue(file.endsWith("/part-0.csv") || file.endsWith("/part-1.csv"), file);
            written.computeIfAbsent(partition(file), p -> new ArrayList<>()).addAll(lines);
        });
        expected.values().forEach(lines -> lines.sort(null));
        written.values().forEach(lines -> lines.sort(null));
        assertEquals(expected, written);
    }

    @Test
    void aRowWhosePartitionIsNoPlainNameIsRefused() {
        final PartitionedFileSink sink = Q10LogToFileSystem.files(directory);
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> sink.accept("1,2,3,x,../up,00:00", 0L));
        assertEquals("row '1,2,3,x,../up,00:00': partition column dt is '../up', not a plain name for a directory", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> sink.accept("00:00", 0L));
    }

    private void write(final GeneratorConfig config, final int parallelism) {
        final StreamPipeline pipeline = StreamPipeline.named("nexmark-q10");
        Q10LogToFileSystem.rows(NexmarkStreams.events(pipeline, config, parallelism)).sink(Q10LogToFileSystem.files(directory));
        try (DeterministicPipeline running = pipeline.startDeterministic(new VirtualClock(0))) {
            running.runToEnd();
        }
    }

    private Map<String, List<String>> files() throws IOException {
        final Map<String, List<String>> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(directory)) {
            for (final Path file : walk.filter(Files::isRegularFile).toList()) {
                files.put(directory.relativize(file).toString().replace('\\', '/'), Files.readAllLines(file, StandardCharsets.UTF_8));
            }
        }
        return files;
    }

    private static String partition(final String file) {
        return file.substring(0, file.lastIndexOf('/'));
    }

    private static List<String> expectedRows(final GeneratorConfig config) {
        final List<String> expected = new ArrayList<>();
        forEachBid(config, (bid, time) -> expected.add(columns(bid) + "," + time.toLocalDate() + "," + minute(time)));
        return expected;
    }

    private static Map<String, List<String>> expectedFiles(final GeneratorConfig config) {
        final Map<String, List<String>> expected = new TreeMap<>();
        forEachBid(config, (bid, time) -> expected.computeIfAbsent("dt=" + time.toLocalDate() + "/hm=" + minute(time) + "/part-0.csv",
                f -> new ArrayList<>()).add(columns(bid)));
        return expected;
    }

    private static String columns(final Bid bid) {
        return bid.auction() + "," + bid.bidder() + "," + bid.price() + "," + QueryRun.timestamp(bid.dateTime()) + "," + QueryRun.text(bid.extra());
    }

    private static String minute(final LocalDateTime time) {
        return String.format("%02d:%02d", time.getHour(), time.getMinute());
    }

    private static void forEachBid(final GeneratorConfig config, final java.util.function.BiConsumer<Bid, LocalDateTime> each) {
        QueryRun.forEachEvent(config, event -> {
            if (event.kind() == EventKind.BID) {
                each.accept(event.bid(), LocalDateTime.ofInstant(Instant.ofEpochMilli(event.bid().dateTime()), ZoneOffset.UTC));
            }
        });
    }
}
