package dev.weir.flink.scenario;

import dev.weir.flink.FlinkTarget;
import dev.weir.flink.source.FlinkFileSource;
import dev.weir.flink.translation.FlinkCheckpointing;
import dev.weir.jobs.file.JobSpec;
import dev.weir.jobs.file.WatermarkSpec;
import dev.weir.jobs.run.RecordFieldException;
import dev.weir.jobs.run.RecordFileException;
import dev.weir.pipelines.record.ScenarioRecord;
import dev.weir.source.FileSource;
import dev.weir.source.SourceFileException;
import dev.weir.source.SourceParseException;
import dev.weir.engines.EngineRunOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import org.apache.flink.api.common.eventtime.SerializableTimestampAssigner;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.CloseableIterator;
import org.apache.flink.util.ExceptionUtils;
import org.apache.flink.util.OutputTag;

/**
 * {@code weir run --engine flink}: a job file's window over record files as a Flink job
 * (docs/flink.md, "Running on Flink from the command line"). Weir's {@code FileSource} of the
 * files with {@code weir run}'s record parser as a Flink source ({@link FlinkFileSource}, one
 * split per file, {@code channels} readers), the job's watermarks per split, {@code keyBy(key)},
 * the job's window ({@link JobWindow}) at the run's parallelism, and the {@code FIRE} and
 * {@code LATE} lines back through Flink's collect mechanism, exactly once with checkpoints on.
 * A key's lines keep the order the window operator emitted them in ({@link SequencedLine}).
 * Stateless.
 */
public final class FlinkRecordRun {
    private static final String JOB_NAME = "weir run";
    private static final TypeInformation<SequencedLine> LINE = TypeInformation.of(SequencedLine.class);
    private static final Comparator<SequencedLine> EMITTED = Comparator.comparingInt(SequencedLine::subtask)
            .thenComparingInt(SequencedLine::attempt).thenComparingLong(SequencedLine::sequence);

    private FlinkRecordRun() {
    }

    /**
     * Refuses what a record-file run on Flink does not translate, before anything runs.
     *
     * @param job the parsed job file; it has a window
     * @param jobFile its name, for messages
     * @throws ScenarioRefusedException naming the section and the reason
     */
    public static void check(final JobSpec job, final String jobFile) {
        FlinkScenario.checkTrigger(job.window(), jobFile);
    }

    /**
     * Runs the job to the end of the files and hands the lines over once the job has finished,
     * each window subtask's lines in the order its operator emitted them.
     *
     * @param job the parsed job file; it has a window and passed {@link #check}
     * @param jobFile the job file, whose text the tasks parse again
     * @param files the record files
     * @param options where and how to run
     * @param jars the jars shipped to a cluster
     * @param lines receives the {@code FIRE} and {@code LATE} lines
     * @return the records dropped as late
     * @throws RecordFileException if a record is bad (the lines received before the failure are handed over first)
     * @throws FlinkJobFailedException if the Flink job fails otherwise
     */
    public static long run(final JobSpec job, final Path jobFile, final List<Path> files, final EngineRunOptions options, final Path[] jars,
            final Consumer<String> lines) throws Exception {
        final int parallelism = options.parallelism() > 0 ? options.parallelism() : job.parallelism();
        final FlinkTarget target = options.address() == null ? FlinkTarget.local(parallelism) : FlinkTarget.remote(
                options.address().substring(0, options.address().lastIndexOf(':')),
                Integer.parseInt(options.address().substring(options.address().lastIndexOf(':') + 1)), parallelism, jars);
        final StreamExecutionEnvironment env = target.environment();
        if (options.checkpointDir() != null) {
            FlinkCheckpointing.enable(env, options.checkpointDir(), options.checkpointInterval());
        }
        final ShippedRecordParser parser = new ShippedRecordParser(jobFile.toString(), Files.readString(jobFile, StandardCharsets.UTF_8));
        final DataStream<ScenarioRecord> records = env.fromSource(
                FlinkFileSource.of(FileSource.of(files, parser).withMaxLineBytes(options.maxLineBytes())), watermarks(job.watermarks(), env),
                "records", TypeInformation.of(ScenarioRecord.class)).setParallelism(job.channels());
        final OutputTag<ScenarioRecord> late = new OutputTag<>("late", TypeInformation.of(ScenarioRecord.class));
        final SingleOutputStreamOperator<String> fires = JobWindow.fires(records.keyBy(ScenarioRecord::key, Types.STRING), job.window(), late);
        final String runId = UUID.randomUUID().toString();
        // chained to the window operator, in its task: one counter per subtask orders both outputs
        final DataStream<SequencedLine> fireLines = fires.map(SequenceLines.fires(runId), LINE).setParallelism(parallelism);
        final DataStream<SequencedLine> lateLines = fires.getSideOutput(late)
                .map(SequenceLines.late(runId, job.window().sideOutputLateData()), LINE).setParallelism(parallelism);
        final List<SequencedLine> received = new ArrayList<>();
        try (CloseableIterator<SequencedLine> collected = fireLines.union(lateLines).collectAsync()) {
            final JobClient client = submit(env, options.address());
            try {
                collected.forEachRemaining(received::add);
            } catch (final RuntimeException fetchFailed) {
                // the job failed: its own exception, below, says why
            }
            try {
                client.getJobExecutionResult().get();
            } catch (final ExecutionException failed) {
                hand(received, lines);
                throw failureOf(failed.getCause());
            }
        } finally {
            env.close();
        }
        return hand(received, lines);
    }

    /** Submits the job; a cluster that cannot be reached or refuses the job is a failed job, with Flink's reason. */
    private static JobClient submit(final StreamExecutionEnvironment env, final String address) {
        try {
            return env.executeAsync(JOB_NAME);
        } catch (final Exception refused) {
            throw new FlinkJobFailedException(address == null ? "cannot start the job on a local Flink MiniCluster"
                    : "cannot submit the job to the Flink cluster at " + address, refused);
        }
    }

    /** Hands the lines over in emission order per subtask; @return the records dropped as late among them. */
    private static long hand(final List<SequencedLine> received, final Consumer<String> lines) {
        received.sort(EMITTED);
        long dropped = 0;
        for (final SequencedLine line : received) {
            if (line.line() == null) {
                dropped++;
            } else {
                lines.accept(line.line());
            }
        }
        received.clear();
        return dropped;
    }

    /**
     * The job file's watermarks for records that carry their event time: Flink's periodic generators
     * with an interval, and Flink's idleness of a split (on the wall clock, as {@code weir run}'s).
     */
    private static WatermarkStrategy<ScenarioRecord> watermarks(final WatermarkSpec spec, final StreamExecutionEnvironment env) {
        final WatermarkStrategy<ScenarioRecord> strategy = generators(spec, env);
        return spec.idlenessMillis() > 0 ? strategy.withIdleness(Duration.ofMillis(spec.idlenessMillis())) : strategy;
    }

    private static WatermarkStrategy<ScenarioRecord> generators(final WatermarkSpec spec, final StreamExecutionEnvironment env) {
        final SerializableTimestampAssigner<ScenarioRecord> eventTime = (record, previous) -> record.timestamp();
        env.getConfig().setAutoWatermarkInterval(spec.intervalMillis());
        if (spec.intervalMillis() == 0) {
            return JobWindow.watermarks(spec).withTimestampAssigner(eventTime);
        }
        switch (spec.kind()) {
            case BOUNDED_OUT_OF_ORDERNESS:
                return WatermarkStrategy.<ScenarioRecord>forBoundedOutOfOrderness(Duration.ofMillis(spec.maxOutOfOrdernessMillis()))
                        .withTimestampAssigner(eventTime);
            case MONOTONOUS:
                return WatermarkStrategy.<ScenarioRecord>forMonotonousTimestamps().withTimestampAssigner(eventTime);
            default:
                return JobWindow.watermarks(spec).withTimestampAssigner(eventTime);
        }
    }

    /** A bad record as {@code weir run} reports it; any other failure as the Flink job's. */
    private static Exception failureOf(final Throwable failure) {
        final SourceParseException parse = ExceptionUtils.findThrowable(failure, SourceParseException.class).orElse(null);
        if (parse != null) {
            final Throwable cause = parse.getCause();
            if (cause instanceof RecordFieldException) {
                final RecordFieldException field = (RecordFieldException) cause;
                return new RecordFileException(parse.file().toString(), (int) parse.line(), field.field(), field.reason());
            }
            return new RecordFileException(parse.file().toString(), (int) parse.line(), null,
                    cause != null && cause.getMessage() != null ? cause.getMessage() : parse.getMessage());
        }
        final SourceFileException file = ExceptionUtils.findThrowable(failure, SourceFileException.class).orElse(null);
        if (file != null) {
            return new RecordFileException(file.file().toString(), 0, null, file.reason());
        }
        return new FlinkJobFailedException(failure);
    }
}
