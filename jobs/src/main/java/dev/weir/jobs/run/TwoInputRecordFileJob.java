package dev.weir.jobs.run;

import dev.weir.api.DataStream;
import dev.weir.api.StreamPipeline;
import dev.weir.checkpoint.CheckpointDirectory;
import dev.weir.jobs.file.InputSpec;
import dev.weir.jobs.file.JobSpec;
import dev.weir.jobs.scenario.EmissionAfterEveryRecord;
import dev.weir.jobs.scenario.ScenarioInput;
import dev.weir.jobs.scenario.ScenarioLines;
import dev.weir.jobs.scenario.ScenarioOperators;
import dev.weir.pipelines.record.ScenarioRecord;
import dev.weir.jobs.scenario.TwoInputGraph;
import dev.weir.runtime.sink.Sink;
import dev.weir.source.FileSource;
import dev.weir.source.PacedSource;
import dev.weir.source.Source;
import dev.weir.clock.SystemClock;
import dev.weir.clock.SystemNanoClock;
import dev.weir.time.WatermarkStrategy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * A two-input job file's join over two sets of record files ({@code key,ts,value} lines; {@code weir run --job JOB
 * --left FILES --right FILES}), on the threaded runtime and the system clock: a file source per input
 * ({@code left}, {@code right}) with one split per file over the input's channels and the input's watermark
 * strategy, into the job's join (docs/scenarios.md, "Two inputs"), and a sink that hands each JOIN and LATE line
 * to the output. Checkpoints, their marks and restores work as for one input ({@link RecordFileJob}): the marks are
 * exact, and a restore resumes both inputs' files at their recorded positions.
 */
public final class TwoInputRecordFileJob {
    /** The left input's source stage in the pipeline's metrics. */
    static final String LEFT_STAGE = "left-0";
    /** The right input's source stage in the pipeline's metrics. */
    static final String RIGHT_STAGE = "right-1";
    private static final Pattern WATERMARK = Pattern.compile(" wm=\\S+$");

    private TwoInputRecordFileJob() {
    }

    /**
     * Builds and starts the pipeline.
     *
     * @param job a two-input job with a join
     * @param leftFiles the left input's record files, one split each
     * @param rightFiles the right input's record files, one split each
     * @param options the state backend, pace and checkpointing
     * @param format {@link RunFormat#LINES} (JOIN lines without the watermark at pairing, which depends on timing) or
     *     {@link RunFormat#FIRE} (the full lines of {@code weir scenario})
     * @param lines receives the output lines; calls are serialized
     * @return the running job
     * @throws IllegalArgumentException if the job has one input or no join, or for another format
     * @throws dev.weir.checkpoint.CheckpointException if the restore directory holds no complete checkpoint
     */
    public static RecordFileRun start(final JobSpec job, final List<Path> leftFiles, final List<Path> rightFiles, final RunOptions options,
            final RunFormat format, final RunOutput lines) {
        if (!job.isTwoInput() || job.join() == null) {
            throw new IllegalArgumentException("'weir run --left/--right' needs a two-input job with a join section");
        }
        if (format != RunFormat.LINES && format != RunFormat.FIRE) {
            throw new IllegalArgumentException("a two-input job prints JOIN lines: --format lines or fire, not " + format.optionName());
        }
        final CheckpointMarkedLines output = new CheckpointMarkedLines(lines, new RunLinePrinter(format)::checkpoint);
        final StreamPipeline pipeline = StreamPipeline.named("run").clock(SystemClock.INSTANCE).stateBackend(options.stateBackend());
        if (options.checkpointDir() != null) {
            pipeline.checkpointing(options.checkpointDir(), options.checkpointInterval());
        }
        if (options.restoreDir() != null) {
            pipeline.restoreFrom(options.restoreDir());
        }
        final List<Path> files = new ArrayList<>(leftFiles);
        files.addAll(rightFiles);
        final ReadProgress reading = ReadProgress.of(files, job.left().channels() + job.right().channels());
        final DataStream<ScenarioRecord> left = pipeline.from("left", source(job, leftFiles, options, reading, 0), strategy(job.left()),
                job.left().channels());
        final DataStream<ScenarioRecord> right = pipeline.from("right", source(job, rightFiles, options, reading, job.left().channels()),
                strategy(job.right()), job.right().channels());
        final Function<String, String> text = format == RunFormat.FIRE ? line -> line : line -> WATERMARK.matcher(line).replaceFirst("");
        TwoInputGraph.lines(job, left, right, new Lines<>(output, record -> ScenarioLines.late(ScenarioInput.LEFT, record), true),
                new Lines<>(output, record -> ScenarioLines.late(ScenarioInput.RIGHT, record), true))
                .sink(new Lines<>(output, text, false));
        final long restoredId = options.restoreDir() == null ? 0
                : new CheckpointDirectory(options.restoreDir()).latestComplete().checkpointId();
        long checkpointIdBefore = restoredId;
        if (options.checkpointDir() != null) {
            for (final long id : new CheckpointDirectory(options.checkpointDir()).checkpointIds()) {
                checkpointIdBefore = Math.max(checkpointIdBefore, id);
            }
        }
        return new RecordFileRun(pipeline.start(), reading, options.checkpointDir() != null, checkpointIdBefore, restoredId,
                List.of(LEFT_STAGE, RIGHT_STAGE), TwoInputGraph.operatorName(job));
    }

    private static Source<ScenarioRecord> source(final JobSpec job, final List<Path> files, final RunOptions options, final ReadProgress reading,
            final int firstInstance) {
        Source<ScenarioRecord> source = reading.follow(FileSource.of(files, new RecordLineParser(job))
                .withMaxLineBytes(options.maxLineBytes()).withBatchSize(RecordFileJob.batchSize(options.maxRecordsPerSecond())), firstInstance);
        if (options.maxRecordsPerSecond() > 0) {
            source = PacedSource.of(source, options.maxRecordsPerSecond(), SystemNanoClock.INSTANCE);
        }
        return source;
    }

    private static WatermarkStrategy<ScenarioRecord> strategy(final InputSpec input) {
        final WatermarkStrategy<ScenarioRecord> strategy = ScenarioOperators.watermarkStrategy(input.watermarks())
                .withTimestampAssigner((record, timestamp) -> record.timestamp());
        if (input.watermarks().intervalMillis() > 0) {
            return strategy;
        }
        return WatermarkStrategy.<ScenarioRecord>forGenerator(
                        () -> new EmissionAfterEveryRecord<>(strategy.createGenerator(SystemClock.INSTANCE)))
                .withTimestampAssigner((record, timestamp) -> record.timestamp())
                .withPeriodicInterval(0);
    }

    /**
     * The JOIN lines (or one side's LATE lines) of each join instance, into its side of the output, before or after its
     * barriers. A side output's sink hears from the instances of every stage, but only the join's send it records and
     * only the join's results tell of barriers and ends, so a side output takes its instance's side at its first line.
     */
    private static final class Lines<T> implements Sink<T> {
        private final CheckpointMarkedLines output;
        private final Function<? super T, String> text;
        private final boolean sideOutput;
        private final int index;
        private CheckpointMarkedLines.Instance instance;

        Lines(final CheckpointMarkedLines output, final Function<? super T, String> text, final boolean sideOutput) {
            this(output, text, sideOutput, -1);
        }

        private Lines(final CheckpointMarkedLines output, final Function<? super T, String> text, final boolean sideOutput, final int index) {
            this.output = output;
            this.text = text;
            this.sideOutput = sideOutput;
            this.index = index;
            this.instance = index < 0 || sideOutput ? null : output.instance(index);
        }

        @Override
        public Sink<T> instance(final int instanceIndex, final int parallelism) {
            return new Lines<>(output, text, sideOutput, instanceIndex);
        }

        @Override
        public void accept(final T value, final long timestamp) {
            if (index < 0) {
                synchronized (this) {
                    output.direct(text.apply(value));
                }
                return;
            }
            if (instance == null) {
                instance = output.instance(index);
            }
            instance.line(text.apply(value));
        }

        @Override
        public void checkpoint(final long checkpointId) {
            if (!sideOutput && instance != null) {
                instance.barrier(checkpointId);
            }
        }

        @Override
        public void checkpointCommitting(final long checkpointId) {
            if (!sideOutput) {
                output.committing(checkpointId);
            }
        }

        @Override
        public void checkpointCompleted(final long checkpointId) {
            if (!sideOutput) {
                output.completed(checkpointId);
            }
        }

        @Override
        public void checkpointAbandoned(final long checkpointId) {
            if (!sideOutput) {
                output.abandoned(checkpointId);
            }
        }

        @Override
        public void finish() {
            if (!sideOutput && instance != null) {
                instance.end();
            }
        }

        @Override
        public void close() {
            if (!sideOutput && instance != null) {
                instance.end();
            }
        }
    }
}
