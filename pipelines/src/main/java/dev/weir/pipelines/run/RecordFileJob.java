package dev.weir.pipelines.run;

import dev.weir.api.DataStream;
import dev.weir.api.KeyedStream;
import dev.weir.api.StreamPipeline;
import dev.weir.checkpoint.CheckpointDirectory;
import dev.weir.pipelines.job.JobSpec;
import dev.weir.pipelines.scenario.EmissionAfterEveryRecord;
import dev.weir.pipelines.scenario.ScenarioLines;
import dev.weir.pipelines.scenario.ScenarioOperators;
import dev.weir.pipelines.scenario.ScenarioRecord;
import dev.weir.runtime.Sink;
import dev.weir.source.FileSource;
import dev.weir.source.PacedSource;
import dev.weir.source.Source;
import dev.weir.time.SystemClock;
import dev.weir.time.SystemNanoClock;
import dev.weir.time.WatermarkStrategy;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * A job file's window over record files ({@code key,ts,value} lines), on the threaded runtime
 * and the system clock: a file source with one split per file ({@code channels} source
 * instances), the job's watermark strategy per split, keyBy, the window operator at the job's
 * parallelism, and a sink that hands each FIRE and LATE line to a consumer (called from the
 * window tasks, one call at a time). With checkpoints on, a {@code # checkpoint N} line marks
 * each checkpoint in the output; with a restore directory, the run resumes from the latest
 * complete checkpoint there (docs/checkpoints.md). The returned {@link RecordFileRun} tells how
 * far the files were read and, at the end, what the run did.
 */
public final class RecordFileJob {
    /** Starts the output line that marks a checkpoint: everything above it is covered by the checkpoint. */
    public static final String CHECKPOINT_MARK = "# checkpoint ";
    /** The source stage's name in the pipeline's metrics. */
    static final String SOURCE_STAGE = "records-0";
    /** The window operator's name in the pipeline's metrics. */
    static final String WINDOW = "window";

    private RecordFileJob() {
    }

    /**
     * Builds and starts the pipeline.
     *
     * @param job the job; it must have a window section
     * @param files the record files, one split each
     * @param options the state backend and checkpointing
     * @param lines receives the output lines; calls are serialized
     * @return the running job
     * @throws dev.weir.checkpoint.CheckpointException if the restore directory holds no complete checkpoint
     */
    public static RecordFileRun start(final JobSpec job, final List<Path> files, final RunOptions options,
            final Consumer<String> lines) {
        if (job.window() == null) {
            throw new IllegalArgumentException("the job has no window section: 'weir run' needs one");
        }
        final OutputLines serialized = new OutputLines(lines);
        final StreamPipeline pipeline = StreamPipeline.named("run")
                .clock(SystemClock.INSTANCE)
                .stateBackend(options.stateBackend());
        if (options.checkpointDir() != null) {
            pipeline.checkpointing(options.checkpointDir(), options.checkpointInterval());
        }
        if (options.restoreDir() != null) {
            pipeline.restoreFrom(options.restoreDir());
        }
        final ReadProgress reading = ReadProgress.of(files, job.channels());
        Source<ScenarioRecord> source = reading.follow(FileSource.of(files, new RecordLineParser(job)).withMaxLineBytes(options.maxLineBytes()));
        if (options.maxRecordsPerSecond() > 0) {
            source = PacedSource.of(source, options.maxRecordsPerSecond(), SystemNanoClock.INSTANCE);
        }
        final KeyedStream<ScenarioRecord, String> keyed = pipeline
                .from("records", source, strategy(job), job.channels())
                .keyBy(ScenarioRecord::key)
                .parallelism(job.parallelism());
        final DataStream<String> results = keyed.transform(WINDOW, ScenarioOperators.windowOperator(job.window()));
        results.sideOutput(ScenarioOperators.LATE, (record, timestamp) -> serialized.accept(ScenarioLines.late(record)))
                .sink(new Sink<String>() {
                    @Override
                    public void accept(final String line, final long timestamp) {
                        serialized.accept(line);
                    }

                    @Override
                    public void checkpoint(final long checkpointId) {
                        serialized.checkpoint(checkpointId);
                    }
                });
        final long checkpointIdBefore = lastCheckpointId(options);
        return new RecordFileRun(pipeline.start(), reading, options.checkpointDir() != null, checkpointIdBefore);
    }

    /** The id the run's first checkpoint follows: the restored one, or the highest already in the checkpoint directory. */
    private static long lastCheckpointId(final RunOptions options) {
        long last = 0;
        if (options.checkpointDir() != null) {
            for (final long id : new CheckpointDirectory(options.checkpointDir()).checkpointIds()) {
                last = Math.max(last, id);
            }
        }
        if (options.restoreDir() != null) {
            last = Math.max(last, new CheckpointDirectory(options.restoreDir()).latestComplete().checkpointId());
        }
        return last;
    }

    private static WatermarkStrategy<ScenarioRecord> strategy(final JobSpec job) {
        final WatermarkStrategy<ScenarioRecord> strategy = ScenarioOperators.watermarkStrategy(job.watermarks())
                .withTimestampAssigner((record, timestamp) -> record.timestamp());
        if (job.watermarks().intervalMillis() > 0) {
            return strategy;
        }
        return WatermarkStrategy.<ScenarioRecord>forGenerator(
                        () -> new EmissionAfterEveryRecord<>(strategy.createGenerator(SystemClock.INSTANCE)))
                .withTimestampAssigner((record, timestamp) -> record.timestamp())
                .withPeriodicInterval(0);
    }

    /**
     * Hands lines on one at a time, whichever window task produced them, and marks checkpoints:
     * {@code # checkpoint N} goes out when the first window instance passes barrier N, so every
     * line above it is covered by checkpoint N and is not printed again after a restore from it.
     */
    private static final class OutputLines implements Consumer<String> {
        private final Consumer<String> lines;
        private long markedCheckpointId;

        OutputLines(final Consumer<String> lines) {
            this.lines = lines;
        }

        @Override
        public synchronized void accept(final String line) {
            lines.accept(line);
        }

        synchronized void checkpoint(final long checkpointId) {
            if (checkpointId > markedCheckpointId) {
                markedCheckpointId = checkpointId;
                lines.accept(CHECKPOINT_MARK + checkpointId);
            }
        }
    }
}
