package dev.weir.flink.translation;

import static dev.weir.flink.PipelineFunctions.KEY;
import static dev.weir.flink.PipelineFunctions.SUM;
import static dev.weir.flink.PipelineFunctions.TIMESTAMP;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.StreamPipeline;
import dev.weir.flink.FlinkRunner;
import dev.weir.flink.FlinkTarget;
import dev.weir.flink.PipelineFunctions;
import dev.weir.flink.RecordingSink;
import dev.weir.flink.SharedMiniCluster;
import dev.weir.flink.SortedResults;
import dev.weir.operator.OutputTag;
import dev.weir.runtime.chain.SideOutputs;
import dev.weir.runtime.sink.Sink;
import dev.weir.source.CollectionSource;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Serializable;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Results reach the caller's sinks through Flink's collect mechanism from any target: the shared
 * MiniCluster reached through its REST endpoint as a remote cluster (with jars shipped), several
 * sinks at once, a failing sink; and a pipeline's checkpointing as Flink's own, exactly once
 * across a restart.
 */
class FlinkResultsTest {
    private static final List<String> TRADES = List.of("a,10,1", "b,15,2", "a,20,2", "a,120,3", "b,130,4", "a,250,5");
    private static final List<String> SUMS = List.of("a,120,3@199", "a,20,3@99", "a,250,5@299", "b,130,4@199", "b,15,2@99");
    /** The failures {@link #FAIL_ONCE} has caused in this JVM (the shared MiniCluster runs here). */
    private static final AtomicInteger FAILURES = new AtomicInteger();
    /** Fails the task the first time it sees the record at 120, after earlier records reached the sink. */
    private static final java.util.function.Function<String, String> FAIL_ONCE = (java.util.function.Function<String, String> & Serializable)
            line -> {
                if (line.startsWith("a,120,") && FAILURES.compareAndSet(0, 1)) {
                    throw new IllegalStateException("the first attempt fails here");
                }
                return line;
            };

    private static URI rest;

    @BeforeAll
    static void shareTheCluster() throws Exception {
        rest = SharedMiniCluster.rest();
    }

    private static StreamPipeline sums(final StreamPipeline pipeline, final Sink<Object> sink) {
        return pipeline.from("trades", CollectionSource.of(TRADES), WatermarkStrategy.<String>noWatermarks().withTimestampAssigner(TIMESTAMP), 1)
                .keyBy(KEY)
                .window(TumblingEventTimeWindows.of(100))
                .reduce(SUM)
                .sink(sink);
    }

    @Test
    void aRemoteTargetSubmitsThroughRestWithItsJarsAndTheResultsComeBack() throws Exception {
        for (final int parallelism : new int[] {1, 2}) {
            final Path jar = emptyJar(Files.createTempDirectory("weir-jobjar"));
            final FlinkTarget remote = FlinkTarget.remote(rest.getHost(), rest.getPort(), parallelism, jar);
            assertEquals(parallelism, remote.parallelism());
            assertEquals(SUMS, SortedResults.onFlink(sink -> sums(StreamPipeline.named("remote"), sink), remote));
        }
        assertEquals(SUMS, SortedResults.onFlink(sink -> sums(StreamPipeline.named("no jars"), sink),
                FlinkTarget.remote(rest.getHost(), rest.getPort(), 2)));
    }

    @Test
    void aRemoteTargetRefusesAMissingJarAndAPortOutOfRange() {
        assertEquals("no such jar file: missing.jar", assertThrows(IllegalArgumentException.class,
                () -> FlinkTarget.remote("localhost", 8081, 1, Path.of("missing.jar"))).getMessage());
        for (final int port : new int[] {0, -1, 65_536}) {
            assertEquals("a REST port is in 1..65535: " + port, assertThrows(IllegalArgumentException.class,
                    () -> FlinkTarget.remote("localhost", port, 1)).getMessage());
        }
        assertEquals("parallelism must be positive: 0", assertThrows(IllegalArgumentException.class,
                () -> FlinkTarget.remote("localhost", 8081, 0)).getMessage());
    }

    @Test
    void severalSinksEachGetTheirCallsInOrder() throws Exception {
        final List<String> main = Collections.synchronizedList(new ArrayList<>());
        final List<String> side = Collections.synchronizedList(new ArrayList<>());
        final SideOutputs.SideOutputSink<Object> sideSink = new SideOutputs.SideOutputSink<>() {
            @Override
            public void accept(final Object value, final long timestamp) {
                side.add(value + "@" + timestamp);
            }
        };
        final StreamPipeline pipeline = StreamPipeline.named("two sinks")
                .from("trades", CollectionSource.of(TRADES), WatermarkStrategy.<String>noWatermarks().withTimestampAssigner(TIMESTAMP), 1)
                .keyBy(KEY)
                .window(TumblingEventTimeWindows.of(100))
                .reduce(SUM)
                .sideOutput(new OutputTag<>("unused"), sideSink)
                .sink(new RecordingSink(main));
        FlinkRunner.execute(pipeline, FlinkTarget.remote(rest.getHost(), rest.getPort(), 2));
        // no translated operator emits to the tag: the side sink's collect sink ends empty, alongside the main one
        assertEquals(List.of(), side);
        assertEquals(List.of("finish", "close", "allFinished"), main.subList(main.size() - 3, main.size()));
        assertEquals(SUMS, SortedResults.sorted(main.subList(0, main.size() - 3)));
    }

    @Test
    void aSinkThatThrowsFailsTheRunWithItsOwnException() {
        final Sink<Object> failing = (value, timestamp) -> {
            throw new IllegalStateException("the sink is full");
        };
        final IllegalStateException failed = assertThrows(IllegalStateException.class,
                () -> FlinkRunner.execute(sums(StreamPipeline.named("failing sink"), failing), FlinkTarget.remote(rest.getHost(), rest.getPort(), 1)));
        assertEquals("the sink is full", failed.getMessage());
    }

    @Test
    void checkpointingRunsWithFlinksCheckpointsInTheDirectoryAndTheSameResults(@TempDir final Path checkpoints) throws Exception {
        assertEquals(SUMS, SortedResults.onFlink(sink -> sums(StreamPipeline.named("checkpointed")
                .checkpointing(checkpoints, Duration.ofMillis(100)), sink), SharedMiniCluster.parallelismTwo()));
        // Flink's file-system checkpoint storage: one directory per job, named by the job's id, with its shared and task-owned parts
        try (Stream<Path> jobs = Files.list(checkpoints)) {
            final List<Path> dirs = jobs.toList();
            assertEquals(1, dirs.size(), dirs.toString());
            assertTrue(dirs.get(0).getFileName().toString().matches("[0-9a-f]{32}"), dirs.toString());
            assertTrue(Files.isDirectory(dirs.get(0).resolve("shared")), dirs.toString());
            assertTrue(Files.isDirectory(dirs.get(0).resolve("taskowned")), dirs.toString());
        }
    }

    @Test
    void aCheckpointedJobThatRestartsHandsEachResultOverOnce(@TempDir final Path checkpoints) throws Exception {
        FAILURES.set(0);
        final Function<Sink<Object>, StreamPipeline> pipeline = sink -> StreamPipeline.named("restarted")
                .checkpointing(checkpoints, Duration.ofMillis(50))
                .from("trades", CollectionSource.of(TRADES), WatermarkStrategy.<String>noWatermarks().withTimestampAssigner(TIMESTAMP), 1)
                .map(FAIL_ONCE)
                .sink(sink);
        final List<String> results = SortedResults.onFlink(pipeline, SharedMiniCluster.parallelismTwo());
        assertEquals(1, FAILURES.get());
        assertEquals(List.of("a,10,1@10", "a,120,3@120", "a,20,2@20", "a,250,5@250", "b,130,4@130", "b,15,2@15"), results);
    }

    @Test
    void restoringFromAWeirCheckpointIsRefusedWithTheReason() {
        final FlinkTranslationException refused = assertThrows(FlinkTranslationException.class, () -> FlinkRunner.execute(
                sums(StreamPipeline.named("p").restoreFrom(Path.of("weir-checkpoints")), (value, timestamp) -> { }), FlinkTarget.local(1)));
        assertEquals("pipeline 'p': restoreFrom(weir-checkpoints): a Weir checkpoint holds Weir's own state, timer and read-position files,"
                + " which Flink cannot read; a Flink job resumes from Flink's checkpoints or savepoints", refused.getMessage());
    }

    private static Path emptyJar(final Path directory) throws IOException {
        final Path jar = directory.resolve("job.jar");
        final Manifest manifest = new Manifest();
        manifest.getMainAttributes().putValue("Manifest-Version", "1.0");
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, manifest)) {
            out.flush();
        }
        return jar;
    }
}
