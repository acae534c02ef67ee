package dev.weir.jobs.run;

import dev.weir.api.DataStream;
import dev.weir.api.KeyedStream;
import dev.weir.api.StreamPipeline;
import dev.weir.checkpoint.CheckpointDirectory;
import dev.weir.jobs.file.JobSpec;
import dev.weir.jobs.scenario.EmissionAfterEveryRecord;
import dev.weir.jobs.scenario.ScenarioOperators;
import dev.weir.pipelines.record.ScenarioRecord;
import dev.weir.jobs.scenario.WindowResult;
import dev.weir.jobs.scenario.WindowResultFunction;
import dev.weir.runtime.chain.SideOutputs;
import dev.weir.runtime.sink.Sink;
import dev.weir.source.FileSource;
import dev.weir.source.PacedSource;
import dev.weir.source.Source;
import dev.weir.clock.SystemClock;
import dev.weir.clock.SystemNanoClock;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.WindowOperator;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * A job file's window over record files ({@code key,ts,value} lines), on the threaded runtime
 * and the system clock: a file source with one split per file ({@code channels} source
 * instances), the job's watermark strategy per split, keyBy, the window operator at the job's
 * parallelism, and a sink that hands each FIRE and LATE line to a consumer (called from the
 * window tasks, one call at a time), in the chosen {@link RunFormat}. With checkpoints on, a {@code # checkpoint N} line marks
 * each checkpoint in the output once it is durable, exactly between the lines it covers and those
 * it does not, at any parallelism ({@link CheckpointMarkedLines}); with a restore directory, the run resumes from the latest
 * complete checkpoint there (docs/checkpoints.md). The returned {@link RecordFileRun} tells how
 * far the files were read and, at the end, what the run did.
 */
public final class RecordFileJob {
    /** Starts the output line that marks a durable checkpoint: every line above it is covered by the checkpoint, none below it. */
    public static final String CHECKPOINT_MARK = "# checkpoint ";
    /** The source stage's name in the pipeline's metrics. */
    static final String SOURCE_STAGE = "records-0";
    /** The window operator's name in the pipeline's metrics. */
    static final String WINDOW = WindowOperator.DEFAULT_NAME;

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
        return start(job, files, options, RunFormat.FIRE, lines::accept);
    }

    /**
     * Builds and starts the pipeline, telling the output when the lines a checkpoint covers must be durable.
     *
     * @param job the job; it must have a window section
     * @param files the record files, one split each
     * @param options the state backend and checkpointing
     * @param format how the results, marks and lines are printed
     * @param lines receives the output lines; calls are serialized
     * @return the running job
     * @throws dev.weir.checkpoint.CheckpointException if the restore directory holds no complete checkpoint
     */
    public static RecordFileRun start(final JobSpec job, final List<Path> files, final RunOptions options, final RunFormat format,
            final RunOutput lines) {
        if (job.window() == null) {
            throw new IllegalArgumentException("the job has no window section: 'weir run' needs one");
        }
        final CheckpointMarkedLines output = new CheckpointMarkedLines(lines, new RunLinePrinter(format)::checkpoint);
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
        Source<ScenarioRecord> source = reading.follow(FileSource.of(files, new RecordLineParser(job))
                .withMaxLineBytes(options.maxLineBytes()).withBatchSize(batchSize(options.maxRecordsPerSecond())));
        if (options.maxRecordsPerSecond() > 0) {
            source = PacedSource.of(source, options.maxRecordsPerSecond(), SystemNanoClock.INSTANCE);
        }
        final KeyedStream<ScenarioRecord, String> keyed = pipeline
                .from("records", source, strategy(job), job.channels())
                .keyBy(ScenarioRecord::key)
                .parallelism(job.parallelism());
        final DataStream<WindowResult> results = keyed.transform(WINDOW,
                ScenarioOperators.windowOperator(job.window(), WindowResultFunction.results(format.needsTimestamps())));
        results.sideOutput(ScenarioOperators.LATE, new LateLines(output, format)).sink(new MarkedSink(output, format));
        // read before the start: once the pipeline runs, its own checkpoints may land in the restore directory
        final long restoredId = options.restoreDir() == null ? 0
                : new CheckpointDirectory(options.restoreDir()).latestComplete().checkpointId();
        final long checkpointIdBefore = lastCheckpointId(options, restoredId);
        return new RecordFileRun(pipeline.start(), reading, options.checkpointDir() != null, checkpointIdBefore, restoredId);
    }

    /**
     * Lines one read takes from a file. A paced run is held back a whole read at a time, so a
     * read is at most a tenth of a second's records: otherwise a small file (or a low rate) would
     * come in one 256-line burst and the rate would be kept only on average over far more than a
     * second.
     *
     * @param maxRecordsPerSecond the pace, 0 for none
     * @return the batch size, 1 to {@link FileSource#DEFAULT_BATCH_SIZE}
     */
    static int batchSize(final long maxRecordsPerSecond) {
        if (maxRecordsPerSecond <= 0) {
            return FileSource.DEFAULT_BATCH_SIZE;
        }
        return (int) Math.max(1, Math.min(FileSource.DEFAULT_BATCH_SIZE, maxRecordsPerSecond / 10));
    }

    /** The id the run's first checkpoint follows: the restored one, or the highest already in the checkpoint directory. */
    private static long lastCheckpointId(final RunOptions options, final long restoredId) {
        long last = restoredId;
        if (options.checkpointDir() != null) {
            for (final long id : new CheckpointDirectory(options.checkpointDir()).checkpointIds()) {
                last = Math.max(last, id);
            }
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

    /** The FIRE lines and barriers of each window instance, into its side of the output. */
    private static final class MarkedSink implements Sink<WindowResult> {
        private final CheckpointMarkedLines output;
        private final RunFormat format;
        private final CheckpointMarkedLines.Instance instance;
        private final RunLinePrinter printer;

        MarkedSink(final CheckpointMarkedLines output, final RunFormat format) {
            this(output, format, null);
        }

        private MarkedSink(final CheckpointMarkedLines output, final RunFormat format, final CheckpointMarkedLines.Instance instance) {
            this.output = output;
            this.format = format;
            this.instance = instance;
            this.printer = new RunLinePrinter(format);
        }

        @Override
        public Sink<WindowResult> instance(final int index, final int parallelism) {
            return new MarkedSink(output, format, output.instance(index));
        }

        @Override
        public void accept(final WindowResult result, final long timestamp) {
            if (instance == null) {
                synchronized (this) {
                    output.direct(printer.fire(result));
                }
            } else {
                instance.line(printer.fire(result));
            }
        }

        @Override
        public void checkpoint(final long checkpointId) {
            if (instance != null) {
                instance.barrier(checkpointId);
            }
        }

        @Override
        public void checkpointCommitting(final long checkpointId) {
            output.committing(checkpointId);
        }

        @Override
        public void checkpointCompleted(final long checkpointId) {
            output.completed(checkpointId);
        }

        @Override
        public void checkpointAbandoned(final long checkpointId) {
            output.abandoned(checkpointId);
        }

        @Override
        public void finish() {
            if (instance != null) {
                instance.end();
            }
        }

        @Override
        public void close() {
            // after a failure or stop no checkpoint completes: lines held for one go out, below the last mark
            if (instance != null) {
                instance.end();
            }
        }
    }

    /** The LATE lines of each window instance, into its side of the output (before or after its barrier, like its FIRE lines). */
    private static final class LateLines implements SideOutputs.SideOutputSink<ScenarioRecord> {
        private final CheckpointMarkedLines output;
        private final RunFormat format;
        private final CheckpointMarkedLines.Instance instance;
        private final RunLinePrinter printer;

        LateLines(final CheckpointMarkedLines output, final RunFormat format) {
            this(output, format, null);
        }

        private LateLines(final CheckpointMarkedLines output, final RunFormat format, final CheckpointMarkedLines.Instance instance) {
            this.output = output;
            this.format = format;
            this.instance = instance;
            this.printer = new RunLinePrinter(format);
        }

        @Override
        public SideOutputs.SideOutputSink<ScenarioRecord> instance(final int index, final int parallelism) {
            return new LateLines(output, format, output.instance(index));
        }

        @Override
        public void accept(final ScenarioRecord record, final long timestamp) {
            if (instance == null) {
                synchronized (this) {
                    output.direct(printer.late(record));
                }
            } else {
                instance.line(printer.late(record));
            }
        }
    }
}
