package dev.weir.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.checkpoint.CheckpointDirectory;
import dev.weir.checkpoint.CheckpointException;
import dev.weir.checkpoint.Manifest;
import dev.weir.clock.VirtualClock;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.runtime.sink.Sink;
import dev.weir.runtime.threaded.RunningPipeline;
import dev.weir.source.FileSource;
import dev.weir.source.LineParser;
import dev.weir.source.PacedSource;
import dev.weir.source.Source;
import dev.weir.testing.Await;
import dev.weir.testing.CountSum;
import dev.weir.testing.Scheduler;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.ProcessWindowFunction;
import dev.weir.window.TimeWindow;
import dev.weir.window.TumblingEventTimeWindows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A file-source pipeline (keyBy, 1 s tumbling count+sum) is stopped after a checkpoint completed
 * mid-input and a new pipeline restores from it, at the same or another parallelism: the last
 * result per key and window equals an uninterrupted run's, nothing is lost, and only results
 * the first run emitted after the checkpoint are emitted again. Processing time is a virtual
 * clock that the parser moves at chosen lines, so the checkpoint falls where the test says. On the
 * deterministic scheduler the files are read at a fixed rate on its virtual clock and the
 * checkpoint interval runs on it: a restored run continues exactly where the checkpoint was taken.
 */
final class CheckpointRecoveryTest {
    private static final int LINES = 3000;
    private static final int KEYS = 7;
    private static final long INTERVAL_MILLIS = 1000;
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    /** A trade: line {@code i} has timestamp {@code 10 i} and value {@code i}. */
    record Trade(String key, long timestamp, long value) {
        static Trade parse(final CharSequence line) {
            final String[] fields = line.toString().split(",");
            return new Trade(fields[0], Long.parseLong(fields[1]), Long.parseLong(fields[2]));
        }
    }

    /** One result and whether its sink instance had passed the first checkpoint's barrier. */
    record Result(String window, String text, boolean afterCheckpoint) {
    }

    /** Collects results from every sink instance, noting which came after that instance passed the barrier of checkpoint 1. */
    static final class ResultSink implements Sink<String> {
        final List<Result> results = Collections.synchronizedList(new ArrayList<>());
        volatile long lastWatermark = Long.MIN_VALUE;

        @Override
        public void accept(final String value, final long timestamp) {
            throw new AssertionError("each instance has a sink of its own");
        }

        /** Per instance, not per thread: on the deterministic scheduler every instance runs on one thread. */
        @Override
        public Sink<String> instance(final int instance, final int parallelism) {
            return new Sink<>() {
                private boolean afterCheckpoint;

                @Override
                public void accept(final String value, final long timestamp) {
                    results.add(new Result(value.substring(0, value.lastIndexOf(' ', value.lastIndexOf(' ') - 1)), value, afterCheckpoint));
                }

                @Override
                public void watermark(final long watermark) {
                    lastWatermark = watermark;
                }

                @Override
                public void checkpoint(final long checkpointId) {
                    afterCheckpoint = true;
                }
            };
        }
    }

    /**
     * Moves the clock and stops the first run: once every file is read past line 1000 the clock
     * reaches the checkpoint interval (a watermark, then checkpoint 1 follow the batch); each
     * file waits at line 1500 until the checkpoint completed; at line 1600 the pipeline stops.
     */
    static final class InterruptingParser implements LineParser<Trade> {
        private final VirtualClock clock;
        private final int files;
        private final boolean emitAfterCheckpoint;
        private final ResultSink sink;
        private final AtomicReference<RunningPipeline> running = new AtomicReference<>();
        private final CountDownLatch allAtCheckpoint;
        private final Set<String> passed = ConcurrentHashMap.newKeySet();

        InterruptingParser(final VirtualClock clock, final int files, final boolean emitAfterCheckpoint, final ResultSink sink) {
            this.clock = clock;
            this.files = files;
            this.emitAfterCheckpoint = emitAfterCheckpoint;
            this.sink = sink;
            this.allAtCheckpoint = new CountDownLatch(files);
        }

        @Override
        public Trade parse(final CharSequence line) throws Exception {
            final Trade trade = Trade.parse(line);
            final long file = trade.value() % files;
            if (trade.value() >= 1000 && passed.add("checkpoint " + file)) {
                if (passed.stream().filter(mark -> mark.startsWith("checkpoint")).count() == files) {
                    clock.advanceTo(INTERVAL_MILLIS);
                }
                allAtCheckpoint.countDown();
                assertTrue(allAtCheckpoint.await(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS), "every file reached line 1000");
            }
            if (trade.value() >= 1500 && passed.add("completed " + file)) {
                Await.until("checkpoint 1 completed", () -> running.get() != null && running.get().completedCheckpointId() >= 1, TIMEOUT);
                if (emitAfterCheckpoint) {
                    clock.advanceTo(INTERVAL_MILLIS + 200); // the next periodic watermark: results after the checkpoint
                }
            }
            if (trade.value() >= 1600 && passed.add("stop " + file)) {
                if (emitAfterCheckpoint) {
                    Await.until("results after the checkpoint", () -> sink.lastWatermark >= 15_000, TIMEOUT);
                }
                running.get().control().stop();
            }
            return trade;
        }
    }

    private List<Path> writeFiles(final int files) throws Exception {
        final List<StringBuilder> contents = new ArrayList<>();
        for (int f = 0; f < files; f++) {
            contents.add(new StringBuilder());
        }
        for (int i = 0; i < LINES; i++) {
            contents.get(i % files).append('k').append(i % KEYS).append(',').append(i * 10L).append(',').append(i).append('\n');
        }
        final List<Path> paths = new ArrayList<>();
        for (int f = 0; f < files; f++) {
            final Path path = dir.resolve("trades-" + f + ".csv");
            Files.writeString(path, contents.get(f));
            paths.add(path);
        }
        return paths;
    }

    private static StreamPipeline pipeline(final List<Path> files, final LineParser<Trade> parser, final int sources, final int keyed,
            final VirtualClock clock, final ResultSink sink) {
        return pipeline(FileSource.of(files, parser).withBatchSize(50), sources, keyed, clock, sink);
    }

    private static StreamPipeline pipeline(final Source<Trade> trades, final int sources, final int keyed, final VirtualClock clock,
            final ResultSink sink) {
        return pipeline(trades, sources, keyed, clock, sink, StagePlacement.HOP);
    }

    private static StreamPipeline pipeline(final Source<Trade> trades, final int sources, final int keyed, final VirtualClock clock,
            final ResultSink sink, final StagePlacement placement) {
        final StreamPipeline pipeline = StreamPipeline.named("recovery").clock(clock).placement(placement);
        pipeline.from("trades", trades,
                        WatermarkStrategy.<Trade>forMonotonousTimestamps().withTimestampAssigner((trade, ts) -> trade.timestamp()), sources)
                .keyBy(Trade::key)
                .parallelism(keyed)
                .window(TumblingEventTimeWindows.of(1000))
                .aggregate(CountSum.<Trade>of(Trade::value), (ProcessWindowFunction<CountSum, String, String, TimeWindow>) (key, context, totals, out) -> {
                    final CountSum total = totals.iterator().next();
                    out.collect(key + " " + context.window().start() + " " + total.count + " " + total.sum);
                })
                .sink(sink);
        return pipeline;
    }

    private static List<Result> runToEnd(final StreamPipeline pipeline, final ResultSink sink) throws Exception {
        try (RunningPipeline running = pipeline.start()) {
            assertTrue(running.awaitTermination(TIMEOUT), "the pipeline ended");
        }
        return new ArrayList<>(sink.results);
    }

    private List<Result> interruptedRun(final List<Path> files, final int sources, final int keyed, final boolean emitAfterCheckpoint)
            throws Exception {
        final VirtualClock clock = new VirtualClock(0);
        final ResultSink sink = new ResultSink();
        final InterruptingParser parser = new InterruptingParser(clock, files.size(), emitAfterCheckpoint, sink);
        final StreamPipeline pipeline = pipeline(files, parser, sources, keyed, clock, sink)
                .checkpointing(dir.resolve("checkpoints"), Duration.ofMillis(INTERVAL_MILLIS));
        try (RunningPipeline running = pipeline.start()) {
            parser.running.set(running);
            assertTrue(running.awaitTermination(TIMEOUT), "the pipeline stopped");
            assertEquals(1, running.completedCheckpointId());
        }
        assertTrue(Files.isRegularFile(dir.resolve("checkpoints/chk-1").resolve(Manifest.FILE_NAME)));
        return new ArrayList<>(sink.results);
    }

    private static Map<String, String> lastPerWindow(final List<Result> results) {
        final Map<String, String> last = new TreeMap<>();
        for (final Result result : results) {
            last.put(result.window(), result.text());
        }
        return last;
    }

    private static Set<String> windows(final List<Result> results) {
        final Set<String> windows = new HashSet<>();
        for (final Result result : results) {
            windows.add(result.window());
        }
        return windows;
    }

    private void assertRecovered(final List<Result> uninterrupted, final List<Result> first, final List<Result> restored,
            final boolean expectDuplicates) {
        assertEquals(uninterrupted.size(), lastPerWindow(uninterrupted).size(), "one result per key and window without failure");
        final List<Result> all = new ArrayList<>(first);
        all.addAll(restored);
        assertEquals(lastPerWindow(uninterrupted), lastPerWindow(all), "last result per key and window");
        final Set<String> again = windows(restored);
        final Map<String, String> duplicates = new LinkedHashMap<>();
        for (final Result result : first) {
            if (again.contains(result.window())) {
                assertTrue(result.afterCheckpoint(), "emitted before the checkpoint, yet emitted again: " + result.text());
                duplicates.put(result.window(), result.text());
            }
        }
        assertFalse(first.stream().noneMatch(result -> !result.afterCheckpoint()), "some results came before the checkpoint");
        assertEquals(expectDuplicates, !duplicates.isEmpty(), "results after the checkpoint emitted again: " + duplicates);
    }

    @Test
    void aRestoredPipelineEndsWithTheResultsOfAnUninterruptedRun() throws Exception {
        final List<Path> files = writeFiles(1);
        final ResultSink reference = new ResultSink();
        final List<Result> uninterrupted = runToEnd(pipeline(files, Trade::parse, 1, 1, new VirtualClock(0), reference), reference);

        final List<Result> first = interruptedRun(files, 1, 1, true);

        final VirtualClock clock = new VirtualClock(0);
        final ResultSink sink = new ResultSink();
        final AtomicReference<RunningPipeline> running = new AtomicReference<>();
        final Set<String> passed = ConcurrentHashMap.newKeySet();
        final LineParser<Trade> parser = line -> {
            final Trade trade = Trade.parse(line);
            if (trade.value() >= 2000 && passed.add("checkpoint")) {
                clock.advanceTo(INTERVAL_MILLIS);
            }
            if (trade.value() >= 2100 && passed.add("completed")) {
                Await.until("checkpoint 2 completed", () -> running.get() != null && running.get().completedCheckpointId() == 2, TIMEOUT);
            }
            return trade;
        };
        final StreamPipeline restoring = pipeline(files, parser, 1, 1, clock, sink)
                .restoreFrom(dir.resolve("checkpoints"))
                .checkpointing(dir.resolve("checkpoints"), Duration.ofMillis(INTERVAL_MILLIS));
        try (RunningPipeline restored = restoring.start()) {
            running.set(restored);
            assertEquals(1, restored.completedCheckpointId(), "restored from checkpoint 1");
            assertTrue(restored.awaitTermination(TIMEOUT), "the restored pipeline ended");
        }

        assertRecovered(uninterrupted, first, sink.results, true);
        assertTrue(sink.results.stream().noneMatch(result -> result.window().endsWith(" 0")), "the restored run resumed mid-input");
        // ids continue after the restored checkpoint, and the last two complete checkpoints are kept
        assertTrue(Files.isRegularFile(dir.resolve("checkpoints/chk-2").resolve(Manifest.FILE_NAME)));
        assertTrue(Files.isRegularFile(dir.resolve("checkpoints/chk-1").resolve(Manifest.FILE_NAME)));
    }

    /**
     * @param files the input files; each source instance reads at least one
     * @param before the keyed stage's parallelism when the checkpoint is taken
     * @param after its parallelism when restoring
     * @param emitAfterCheckpoint whether the first run emits results after the checkpoint (with one source instance only)
     */
    private void assertRescaled(final int files, final int before, final int after, final boolean emitAfterCheckpoint) throws Exception {
        final List<Path> paths = writeFiles(files);
        final ResultSink reference = new ResultSink();
        final List<Result> uninterrupted = runToEnd(pipeline(paths, Trade::parse, Math.min(files, after), after, new VirtualClock(0),
                reference), reference);
        final List<Result> first = interruptedRun(paths, Math.min(files, before), before, emitAfterCheckpoint);
        // a later checkpoint that never completed is ignored
        Files.writeString(Files.createDirectories(dir.resolve("checkpoints/chk-5")).resolve("trades-0-0.pos"), "half written");

        final ResultSink sink = new ResultSink();
        final List<Result> restored = runToEnd(pipeline(paths, Trade::parse, Math.min(files, after), after, new VirtualClock(0), sink)
                .restoreFrom(dir.resolve("checkpoints")), sink);

        assertRecovered(uninterrupted, first, restored, emitAfterCheckpoint);
    }

    @Test
    void twoInstancesRestoreIntoOne() throws Exception {
        assertRescaled(2, 2, 1, false);
    }

    @Test
    void oneInstanceRestoresIntoThree() throws Exception {
        assertRescaled(1, 1, 3, true);
    }

    @Test
    void restoringFromADirectoryWithoutACheckpointIsAClearError() throws Exception {
        final Path empty = Files.createDirectories(dir.resolve("empty"));
        final ResultSink sink = new ResultSink();
        final StreamPipeline pipeline = pipeline(writeFiles(1), Trade::parse, 1, 1, new VirtualClock(0), sink).restoreFrom(empty);
        final CheckpointException error = assertThrows(CheckpointException.class, pipeline::start);
        assertEquals("cannot restore: checkpoint directory " + empty + " holds no complete checkpoint"
                + " (a complete one is a chk-<id> directory with a MANIFEST)", error.getMessage());
    }

    @Test
    void checkpointingFromTheStartIntoADirectoryWithEarlierCheckpointsIsRefused() throws Exception {
        final List<Path> files = writeFiles(1);
        interruptedRun(files, 1, 1, true);
        final Path checkpoints = dir.resolve("checkpoints");
        final Path unfinished = Files.createDirectories(dir.resolve("unfinished").resolve("chk-4"));
        for (final Path root : List.of(checkpoints, unfinished.getParent())) {
            final String latest = root.equals(checkpoints) ? "chk-1" : "chk-4";
            final ResultSink sink = new ResultSink();
            final StreamPipeline fromTheStart = pipeline(files, Trade::parse, 1, 1, new VirtualClock(0), sink)
                    .checkpointing(root, Duration.ofMillis(INTERVAL_MILLIS));
            final IllegalStateException error = assertThrows(IllegalStateException.class, fromTheStart::start);
            assertEquals("pipeline 'recovery': checkpoint directory " + root + " holds checkpoints of an earlier run (latest: "
                    + root.resolve(latest) + "); resume from them with restoreFrom, or delete them first"
                    + " (CheckpointDirectory.deleteAll())", error.getMessage());
            assertTrue(sink.results.isEmpty(), "nothing ran");
        }
        // the earlier checkpoint is untouched, and a run that resumes from it is allowed
        assertTrue(Files.isRegularFile(checkpoints.resolve("chk-1").resolve(Manifest.FILE_NAME)));
        final ResultSink sink = new ResultSink();
        runToEnd(pipeline(files, Trade::parse, 1, 1, new VirtualClock(0), sink).restoreFrom(checkpoints)
                .checkpointing(checkpoints, Duration.ofMillis(INTERVAL_MILLIS)), sink);
        assertFalse(sink.results.isEmpty(), "the resumed run printed its results");
        // after deleting them, a run from the start is allowed too
        new CheckpointDirectory(unfinished.getParent()).deleteAll();
        final ResultSink fresh = new ResultSink();
        runToEnd(pipeline(files, Trade::parse, 1, 1, new VirtualClock(0), fresh)
                .checkpointing(unfinished.getParent(), Duration.ofMillis(INTERVAL_MILLIS)), fresh);
        assertFalse(fresh.results.isEmpty(), "the run from the start printed its results");
    }

    /** @return the files read at 1000 lines a second per instance on {@code clock}: the input lasts 3 s of processing time */
    private static Source<Trade> pacedFiles(final List<Path> files, final VirtualClock clock) {
        return PacedSource.of(FileSource.of(files, Trade::parse).withBatchSize(50), 1000, Scheduler.nanos(clock));
    }

    private static List<String> texts(final List<Result> results) {
        final List<String> texts = new ArrayList<>();
        for (final Result result : results) {
            texts.add(result.text());
        }
        return texts;
    }

    @Test
    void onTheDeterministicSchedulerARestoredRunContinuesExactlyWhereItsCheckpointWasTaken() throws Exception {
        assertContinuesWhereCheckpointed(2, StagePlacement.HOP, StagePlacement.HOP);
    }

    /**
     * A keyed stage run inline, on its source's thread, takes the same checkpoints as one behind a
     * ring (its own state file, its own acknowledgement): a checkpoint taken in either placement
     * restores into either, and the run continues exactly where it was taken.
     */
    @ParameterizedTest(name = "checkpoint taken {0}, restored {1}")
    @CsvSource({"INLINE, INLINE", "INLINE, HOP", "HOP, INLINE"})
    void anInlineStageCheckpointsAndRestoresAsOneBehindARing(final StagePlacement taken, final StagePlacement restoredIn) throws Exception {
        assertContinuesWhereCheckpointed(1, taken, restoredIn);
    }

    /**
     * @param files the input files: as many source instances and keyed instances
     * @param taken the keyed stage's placement in the reference run and the run that takes the checkpoint
     * @param restoredIn its placement in the run that restores
     */
    private void assertContinuesWhereCheckpointed(final int files, final StagePlacement taken, final StagePlacement restoredIn)
            throws Exception {
        final List<Path> paths = writeFiles(files);
        final VirtualClock referenceClock = new VirtualClock(0);
        final ResultSink reference = new ResultSink();
        try (DeterministicPipeline running = pipeline(pacedFiles(paths, referenceClock), files, files, referenceClock, reference, taken)
                .startDeterministic(referenceClock)) {
            running.runToEnd();
        }
        final List<String> uninterrupted = texts(reference.results);

        final VirtualClock clock = new VirtualClock(0);
        final ResultSink sink = new ResultSink();
        try (DeterministicPipeline running = pipeline(pacedFiles(paths, clock), files, files, clock, sink, taken)
                .checkpointing(dir.resolve("checkpoints"), Duration.ofMillis(INTERVAL_MILLIS))
                .startDeterministic(clock)) {
            running.advanceTo(1_500);
            assertEquals(1, running.completedCheckpointId(), "checkpoint 1 at 1000 ms of processing time");
        } // stopped mid-input
        final List<Result> first = new ArrayList<>(sink.results);

        final VirtualClock restoredClock = new VirtualClock(0);
        final ResultSink restoredSink = new ResultSink();
        try (DeterministicPipeline restored = pipeline(pacedFiles(paths, restoredClock), files, files, restoredClock, restoredSink,
                restoredIn)
                .restoreFrom(dir.resolve("checkpoints"))
                // the rest of the input takes 500 ms (2 files) or 2 s (1 file): one more checkpoint
                .checkpointing(dir.resolve("checkpoints"), Duration.ofMillis(files == 2 ? 300 : 1500))
                .startDeterministic(restoredClock)) {
            assertEquals(1, restored.completedCheckpointId(), "restored from checkpoint 1");
            restored.runToEnd();
            assertEquals(2, restored.completedCheckpointId(), "ids continue after the restored one");
        }

        assertRecovered(reference.results, first, restoredSink.results, true);
        // what came before the checkpoint and what the restored run printed are the uninterrupted
        // run's results, each once (in another order: the restored run reads on its own schedule)
        final List<String> resumed = new ArrayList<>();
        for (final Result result : first) {
            if (!result.afterCheckpoint()) {
                resumed.add(result.text());
            }
        }
        resumed.addAll(texts(restoredSink.results));
        Collections.sort(resumed);
        Collections.sort(uninterrupted);
        assertEquals(uninterrupted, resumed);
        assertEquals(210, uninterrupted.size()); // 7 keys, 30 windows
    }
}
