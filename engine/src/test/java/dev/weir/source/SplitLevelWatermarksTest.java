package dev.weir.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.api.StreamPipeline;
import dev.weir.clock.VirtualClock;
import dev.weir.operator.OutputTag;
import dev.weir.runtime.PipelineControl;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.state.HeapStateBackend;
import dev.weir.testing.Lines;
import dev.weir.testing.Scheduler;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.agrona.concurrent.AgentTerminationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/semantics.md §1, split-level watermarks, through a source task driven by hand on a virtual
 * clock: a reader of several splits runs one generator per split and the source emits the
 * minimum, so a lagging split holds the source back instead of its records becoming late; a
 * split that ends, or goes idle, stops holding it back; the source emits MAX when its reader ends.
 * The same through a whole pipeline on the deterministic scheduler, the files paced on its clock.
 */
class SplitLevelWatermarksTest {
    @TempDir
    Path dir;

    private final VirtualClock clock = new VirtualClock(0);

    private static long timestampAfterComma(final String line) {
        return Long.parseLong(line.substring(line.indexOf(',') + 1));
    }

    private void runUntil(final SourceTask<?> task, final long endMillis) throws Exception {
        for (long t = clock.millis(); t <= endMillis; t += 100) {
            clock.advanceTo(t);
            task.doWork();
        }
    }

    @Test
    void aLaggingFileHoldsTheSourceBackUntilItEnds() throws Exception {
        final Path fast = Files.writeString(dir.resolve("fast.csv"), "a,1000\na,2000\na,3000\na,4000\na,5000\na,6000\na,7000\na,8000\n");
        final Path lagging = Files.writeString(dir.resolve("lagging.csv"), "b,100\nb,200\nb,300\n");
        final WatermarkStrategy<String> strategy = WatermarkStrategy.<String>forMonotonousTimestamps()
                .withTimestampAssigner((line, ts) -> timestampAfterComma(line));
        final RecordingChainEnd out = new RecordingChainEnd(clock, true);
        final SourceTask<String> task = SourceTasks.task(FileSource.of(List.of(fast, lagging), CharSequence::toString).withBatchSize(1)
                .createReader(0, 1), SourceTasks.emitter(out, strategy, clock));

        runUntil(task, 1200);

        assertEquals(List.of(
                "0 R a,1000@1000",
                "100 R b,100@100",
                "200 R a,2000@2000", "200 WM 99", // the fast file's 1999 is held back by the lagging one
                "300 R b,200@200", // on time, not late
                "400 R a,3000@3000", "400 WM 199",
                "500 R b,300@300",
                "600 R a,4000@4000", "600 WM 299",
                // 700: the lagging file ends; from the next periodic emission on it no longer counts
                "800 R a,5000@5000", "800 WM 4999",
                "900 R a,6000@6000",
                "1000 R a,7000@7000", "1000 WM 6999",
                "1100 R a,8000@8000",
                // 1200: the fast file ends too (no split left to combine) and the reader ends: MAX
                "1200 WM MAX", "1200 END"), out.events());
        assertEquals(true, task.emitter().isEnded());
    }

    @Test
    void anIdleSplitStopsHoldingTheSourceBack() throws Exception {
        final WatermarkStrategy<String> strategy = WatermarkStrategy.<String>forMonotonousTimestamps().withIdleness(300);
        final RecordingChainEnd out = new RecordingChainEnd(clock, false);
        final SourceReader<String> reader = new SourceReader<>() {
            private long k;

            @Override
            public ReadStatus read(final SourceOutput<String> output) {
                final SplitOutput<String> busy = output.split(0);
                final SplitOutput<String> quiet = output.split(1);
                k++;
                busy.emit("busy" + k, 1000 * k);
                if (k == 1) {
                    quiet.emit("quiet", 10);
                }
                return ReadStatus.MORE;
            }
        };
        final SourceTask<String> task = SourceTasks.task(reader, SourceTasks.emitter(out, strategy, clock));

        runUntil(task, 1000);

        // the quiet split's last record came at 0: its inactivity starts at the check at 400 and
        // exceeds 300 ms at 800, when it goes idle and the busy split's 8999 is the minimum
        assertEquals(List.of("200 WM 9", "800 WM 8999", "1000 WM 10999"), out.events());
    }

    @Test
    void aRegisteredSplitThatNeverEmitsHoldsTheSourceAtMin() throws Exception {
        final RecordingChainEnd out = new RecordingChainEnd(clock, false);
        final SourceReader<String> reader = output -> {
            output.split(1);
            output.split(0).emit("x", 5000);
            return ReadStatus.MORE;
        };
        final SourceTask<String> task = SourceTasks.task(reader, SourceTasks.emitter(out, WatermarkStrategy.forMonotonousTimestamps(), clock));
        runUntil(task, 1000);
        assertEquals(List.of(), out.events());
    }

    @Test
    void aReaderEmitsDirectlyOrThroughSplitsNeverBoth() throws Exception {
        final SourceEmitter<String> direct = SourceTasks.emitter(new RecordingChainEnd(clock, true),
                WatermarkStrategy.forMonotonousTimestamps(), clock);
        direct.emit("x", 1);
        assertThrows(IllegalStateException.class, () -> direct.split(0));

        final SourceEmitter<String> split = SourceTasks.emitter(new RecordingChainEnd(clock, true),
                WatermarkStrategy.forMonotonousTimestamps(), clock);
        final SplitOutput<String> first = split.split(0);
        assertEquals(first, split.split(0));
        assertThrows(IllegalStateException.class, () -> split.emit("x", 1));
        first.end();
        assertThrows(IllegalStateException.class, () -> first.emit("y", 2));
    }

    @Test
    void aSourceWhoseSplitsAllEndedEmitsMaxAtItsEnd() throws Exception {
        final RecordingChainEnd out = new RecordingChainEnd(clock, false);
        final SourceReader<String> reader = output -> {
            output.split(0).emit("a", 100);
            output.split(1).emit("b", 50);
            output.split(0).end();
            output.split(1).end();
            return ReadStatus.END;
        };
        final SourceTask<String> task = SourceTasks.task(reader, SourceTasks.emitter(out, WatermarkStrategy.forMonotonousTimestamps(), clock));
        task.doWork();
        assertEquals(List.of("0 WM MAX", "0 END"), out.events());
    }

    @Test
    void aMissingFileFailsTheReadNamingIt() {
        final RecordingChainEnd out = new RecordingChainEnd(clock, true);
        final Path missing = dir.resolve("nope.csv");
        final PipelineControl control = new PipelineControl();
        final SourceTask<String> task = SourceTasks.task(FileSource.of(missing, CharSequence::toString).createReader(0, 1),
                SourceTasks.emitter(out, WatermarkStrategy.forMonotonousTimestamps(), clock), control);
        assertThrows(AgentTerminationException.class, task::doWork);
        assertEquals(List.of("0 END"), out.events()); // ended without MAX: downstream drains, no window fires
        assertEquals(missing + ": no such source file", control.failure().getMessage());
        assertEquals(true, control.isDraining());
        assertEquals(false, control.isStopping());
    }

    @Test
    void onTheDeterministicSchedulerALaggingFilesRecordsAreOnTimeInTheirWindows() throws Exception {
        final Path fast = Files.writeString(dir.resolve("fast.csv"), "a,1000\na,2000\na,3000\na,4000\na,5000\na,6000\na,7000\na,8000\n");
        final Path lagging = Files.writeString(dir.resolve("lagging.csv"), "b,100\nb,200\nb,300\n");
        final OutputTag<String> late = new OutputTag<>("late");
        final Lines lines = new Lines();
        final StreamPipeline pipeline = StreamPipeline.named("splits").stateBackend(HeapStateBackend.INSTANCE);
        // one line every 200 ms of processing time, the files in turn: a periodic watermark after each
        pipeline.from("lines", PacedSource.of(FileSource.of(List.of(fast, lagging), CharSequence::toString).withBatchSize(1), 5,
                                Scheduler.nanos(clock)),
                        WatermarkStrategy.<String>forMonotonousTimestamps().withTimestampAssigner((line, ts) -> timestampAfterComma(line)), 1)
                .keyBy(line -> line.substring(0, 1))
                .window(TumblingEventTimeWindows.of(1000))
                .sideOutputLateData(late)
                .<String>process((key, ctx, elements, out) -> {
                    final StringBuilder times = new StringBuilder();
                    for (final String line : elements) {
                        times.append(' ').append(timestampAfterComma(line));
                    }
                    out.collect(key + " " + ctx.window() + times + " at " + clock.millis());
                })
                .sideOutput(late, lines.side("late "))
                .sink(lines);
        try (DeterministicPipeline running = pipeline.startDeterministic(clock)) {
            running.runToEnd();
        }
        // no late line: the lagging file held the watermark back until it ended, and the emission
        // after that (1400) let the fast file's 3999 through
        assertEquals(List.of("b [0,1000) 100 200 300 at 1400", "a [1000,2000) 1000 at 1400", "a [2000,3000) 2000 at 1400",
                "a [3000,4000) 3000 at 1400", "a [4000,5000) 4000 at 1600", "a [5000,6000) 5000 at 1600", "a [6000,7000) 6000 at 1800",
                "a [7000,8000) 7000 at 2000", "a [8000,9000) 8000 at 2200"), lines.lines());
    }
}
