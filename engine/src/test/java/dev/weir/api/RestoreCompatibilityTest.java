package dev.weir.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.checkpoint.CheckpointException;
import dev.weir.clock.VirtualClock;
import dev.weir.runtime.threaded.RunningPipeline;
import dev.weir.source.Publisher;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.CountTrigger;
import dev.weir.window.EventTimeSessionWindows;
import dev.weir.window.GlobalWindows;
import dev.weir.window.ProcessWindowFunction;
import dev.weir.window.SlidingEventTimeWindows;
import dev.weir.window.TumblingEventTimeWindows;
import dev.weir.window.Window;
import dev.weir.window.WindowAssigner;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A checkpoint restores only into a pipeline of the same job: another window assigner (sliding,
 * session, global), another trigger or allowed lateness, or another maxParallelism is refused
 * before any task starts, with the difference named, and so is a checkpoint without the window's
 * state or the source's positions; another parallelism is fine (rescaling).
 */
final class RestoreCompatibilityTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    private String checkpointDir;

    /** A named window function, the same in every pipeline of this test. */
    static final class Count<W extends Window> implements ProcessWindowFunction<Long, Long, Long, W> {
        @Override
        public void process(final Long key, final Context<W> context, final Iterable<Long> elements,
                final dev.weir.operator.Collector<Long> out) {
            long count = 0;
            for (final Long ignored : elements) {
                count++;
            }
            out.collect(count);
        }
    }

    private static <W extends Window> StreamPipeline pipeline(final StreamPipeline pipeline, final Publisher<Long> numbers,
            final int parallelism, final WindowAssigner<Object, W> assigner, final UnaryOperator<WindowedStream<Long, Long, W>> shape) {
        shape.apply(pipeline.from(numbers, WatermarkStrategy.<Long>forMonotonousTimestamps().withTimestampAssigner((value, ts) -> value))
                        .keyBy(value -> value % 5)
                        .parallelism(parallelism)
                        .window(assigner))
                .process(new Count<>())
                .sink((value, timestamp) -> { });
        return pipeline;
    }

    /** Takes checkpoint 1 of a 1 s tumbling window at parallelism 2, with some state in it. */
    @BeforeEach
    void takeACheckpoint() throws Exception {
        final VirtualClock clock = new VirtualClock(0);
        final StreamPipeline first = StreamPipeline.named("jobs").clock(clock).checkpointing(dir, Duration.ofMillis(100));
        final Publisher<Long> numbers = first.publisher("numbers");
        pipeline(first, numbers, 2, TumblingEventTimeWindows.of(1000), UnaryOperator.identity());
        try (RunningPipeline running = first.start()) {
            for (long i = 0; i < 2500; i += 7) {
                numbers.publish(i);
            }
            clock.advanceTo(100);
            numbers.tick();
            assertTrue(running.awaitCheckpoint(1, TIMEOUT), "checkpoint 1 completes");
        }
        checkpointDir = "cannot restore checkpoint 1 in " + dir.resolve("chk-1") + ": ";
    }

    private <W extends Window> String refusal(final int maxParallelism, final WindowAssigner<Object, W> assigner,
            final UnaryOperator<WindowedStream<Long, Long, W>> shape) {
        final StreamPipeline restored = StreamPipeline.named("jobs").maxParallelism(maxParallelism).restoreFrom(dir);
        pipeline(restored, restored.publisher("numbers"), 2, assigner, shape);
        return assertThrows(CheckpointException.class, restored::start).getMessage();
    }

    @Test
    void theSameJobRestoresAtAnotherParallelism() throws Exception {
        final StreamPipeline restored = StreamPipeline.named("jobs").restoreFrom(dir);
        final Publisher<Long> numbers = restored.publisher("numbers");
        pipeline(restored, numbers, 3, TumblingEventTimeWindows.of(1000), UnaryOperator.identity());
        try (RunningPipeline running = restored.start()) {
            numbers.end();
            assertTrue(running.awaitTermination(TIMEOUT), "the restored pipeline ends");
        }
    }

    @Test
    void anotherWindowAssignerIsRefusedNamingBoth() {
        final List<String> refusals = List.of(
                refusal(128, SlidingEventTimeWindows.of(2000, 1000), UnaryOperator.identity()),
                refusal(128, EventTimeSessionWindows.withGap(500), UnaryOperator.identity()),
                refusal(128, GlobalWindows.create(), stream -> stream.trigger(CountTrigger.of(3))),
                refusal(128, TumblingEventTimeWindows.of(5000), UnaryOperator.identity()));
        final String was = "operator keyed-1.window: window assigner: checkpoint has TumblingEventTimeWindows(1000, 0), job has ";
        assertEquals(List.of(checkpointDir + was + "SlidingEventTimeWindows(2000, 1000, 0)", checkpointDir + was + "EventTimeSessionWindows(500)",
                checkpointDir + was + "GlobalWindows()", checkpointDir + was + "TumblingEventTimeWindows(5000, 0)"), refusals);
    }

    @Test
    void anotherTriggerOrLatenessIsRefusedNamingBoth() {
        assertEquals(checkpointDir + "operator keyed-1.window: trigger: checkpoint has EventTimeTrigger(), job has CountTrigger(4)",
                refusal(128, TumblingEventTimeWindows.of(1000), stream -> stream.trigger(CountTrigger.of(4))));
        assertEquals(checkpointDir + "operator keyed-1.window: allowed lateness: checkpoint has 0 ms, job has 250 ms",
                refusal(128, TumblingEventTimeWindows.of(1000), stream -> stream.allowedLateness(250)));
    }

    @Test
    void anotherMaxParallelismIsRefused() {
        assertEquals("cannot restore checkpoint " + dir.resolve("chk-1") + ": it has 128 key groups, pipeline 'jobs' has maxParallelism 64",
                refusal(64, TumblingEventTimeWindows.of(1000), UnaryOperator.identity()));
    }

    /** Rewrites checkpoint 1's manifest as another job's would be, with a valid checksum. */
    private void rewriteManifest(final UnaryOperator<String> edit) throws Exception {
        final Path manifest = dir.resolve("chk-1").resolve("MANIFEST");
        final String body = edit.apply(Files.readString(manifest).replaceAll("crc32c .*\n$", ""));
        final CRC32C crc = new CRC32C();
        crc.update(body.getBytes(StandardCharsets.UTF_8));
        Files.writeString(manifest, body + String.format("crc32c %08x%n", (int) crc.getValue()));
    }

    @Test
    void aCheckpointWithoutTheWindowsStateIsRefused() throws Exception {
        // a job without a checkpointed operator writes neither job lines nor state files: the window would restore empty
        rewriteManifest(body -> body.replaceAll("job .*\n", "").replaceAll("(?s)operator keyed-1.window .*end\n", "end\n"));
        assertEquals(checkpointDir + "operator keyed-1.window: the checkpoint does not describe it (its job had operators [])",
                refusal(128, TumblingEventTimeWindows.of(1000), UnaryOperator.identity()));
    }

    @Test
    void aCheckpointWithoutTheSourcesPositionsIsRefused() throws Exception {
        // without positions the source would read from its start again and print every result twice
        rewriteManifest(body -> body.replaceAll("source numbers-0 1\nfile numbers-0-0.pos .*\n", ""));
        assertEquals("cannot restore checkpoint " + dir.resolve("chk-1") + ": it holds no positions of source 'numbers-0', which pipeline"
                + " 'jobs' reads", refusal(128, TumblingEventTimeWindows.of(1000), UnaryOperator.identity()));
    }
}
