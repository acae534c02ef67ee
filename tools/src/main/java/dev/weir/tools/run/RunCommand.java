package dev.weir.tools.run;

import dev.weir.checkpoint.CheckpointException;
import dev.weir.clock.NanoClock;
import dev.weir.clock.SystemNanoClock;
import dev.weir.metrics.PipelineMetrics;
import dev.weir.jobs.file.JobFileException;
import dev.weir.jobs.file.JobFileParser;
import dev.weir.jobs.file.JobSpec;
import dev.weir.jobs.run.CheckpointDirectoryLock;
import dev.weir.jobs.run.EarlierCheckpoints;
import dev.weir.jobs.run.RecordFieldException;
import dev.weir.jobs.run.RecordFileException;
import dev.weir.jobs.run.RecordFileJob;
import dev.weir.jobs.run.RecordFileRun;
import dev.weir.jobs.run.RestoreDirectoryException;
import dev.weir.jobs.run.RunFormat;
import dev.weir.jobs.run.RunLinePrinter;
import dev.weir.jobs.run.RunOptions;
import dev.weir.jobs.run.RunOutput;
import dev.weir.jobs.run.RunSummary;
import dev.weir.jobs.run.TwoInputRecordFileJob;
import dev.weir.runtime.PipelineExecutionException;
import dev.weir.source.SourceFileChangedException;
import dev.weir.source.SourceFileException;
import dev.weir.source.SourceParseException;
import dev.weir.engines.command.DurationConverter;
import dev.weir.tools.cli.InputFiles;
import dev.weir.tools.cli.Interruption;
import dev.weir.tools.cli.LineLimitOption;
import dev.weir.tools.cli.ProgressDisplay;
import dev.weir.tools.cli.ResultWriter;
import dev.weir.tools.cli.StateOptions;
import dev.weir.tools.cli.StderrTerminal;
import dev.weir.tools.cli.WeirVersion;
import dev.weir.tools.engine.EngineOption;
import dev.weir.engines.EngineRunOptions;
import dev.weir.engines.ExecutionEngine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * {@code weir run JOB.yaml RECORDS.csv...}: runs a job file's window over record files on the
 * threaded runtime in real time and prints the FIRE and LATE lines (in the {@code --format} chosen), then
 * {@code # lateDropped=N}; {@code weir run --job JOB.yaml --left FILES --right FILES} runs a two-input job's join
 * over each input's record files and prints its JOIN and LATE lines;
 * a summary goes to stderr, and on a terminal a progress line while it runs (docs/run.md). With
 * {@code --engine flink} the job runs on Apache Flink instead (docs/flink.md).
 */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        versionProvider = WeirVersion.class,
        customSynopsis = {"weir run [OPTIONS] JOB.yaml RECORDS.csv...",
            "   or: weir run [OPTIONS] --job JOB.yaml --left FILE... --right FILE..."},
        description = {
            "Runs a job file's window over record files in real time.",
            "Reads record files (lines key,ts,value; one split per file) on the threaded runtime and the system clock,"
                    + " and prints FIRE and LATE lines and, last, the count of late records dropped (see docs/run.md).",
            "A two-input job (an inputs section) joins the record files of each input, given with --left and --right,"
                    + " and prints JOIN and LATE lines.",
            "At the end a summary goes to stderr; while the run goes on, a progress line too when stderr is a terminal.",
            "With --engine flink the job runs on Apache Flink, locally or on a cluster (--flink-address; docs/flink.md)."
        })
public final class RunCommand implements Callable<Integer> {
    /** How often the progress line is rewritten: a few times a second. */
    private static final Duration PROGRESS_EVERY = Duration.ofMillis(250);
    private static final String CANNOT_RESTORE = "cannot restore: ";
    /** The engine {@code --flink-address} and {@code --parallelism} are for. */
    private static final String CLUSTER_ENGINE = "flink";

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(arity = "0..*", paramLabel = "JOB.yaml RECORDS.csv",
            description = "The job file (unless --job gives it; a one-input job needs a window section), then its record files,"
                    + " one split each.")
    private List<Path> arguments = new ArrayList<>();

    @Option(names = "--job", paramLabel = "JOB.yaml", description = "The job file; the arguments are then all record files.")
    private Path jobOption;

    @Option(names = "--left", arity = "1..*", paramLabel = "FILE",
            description = "A two-input job's left record files, one split each (with --right; docs/run.md, \"Two inputs\").")
    private List<Path> leftFiles;

    @Option(names = "--right", arity = "1..*", paramLabel = "FILE", description = "A two-input job's right record files, one split each.")
    private List<Path> rightFiles;

    private Path jobFile;

    private List<Path> recordFiles;

    @Option(names = "--output", paramLabel = "FILE", description = "Write the lines to FILE instead of stdout (flushed line by line).")
    private Path output;

    @Option(names = "--debug", description = "Print stack traces of failures.")
    private boolean debug;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "lines",
            description = "lines (default: FIRE key=K window=[s,e) count=N sum=S), csv, jsonl, or fire (the full lines of"
                    + " weir scenario, with every element's timestamp and the watermark).")
    private String format;

    @Mixin
    private StateOptions state;

    @Option(names = "--checkpoint-dir", paramLabel = "DIR",
            description = "Take checkpoints into DIR (state, timers, read positions; docs/checkpoints.md; with --engine flink,"
                    + " Flink's checkpoints).")
    private Path checkpointDir;

    @Option(names = "--checkpoint-interval", paramLabel = "DURATION", defaultValue = "10s", converter = DurationConverter.class,
            description = "How often the sources start a checkpoint, e.g. 500ms, 10s (default), 1m.")
    private Duration checkpointInterval;

    @Option(names = "--restore", paramLabel = "DIR",
            description = "Resume from the latest complete checkpoint in DIR (the files are read from their recorded positions).")
    private Path restoreDir;

    @Option(names = "--max-rate", paramLabel = "RECORDS_PER_SECOND", defaultValue = "0",
            description = "Read at most this many records a second per source instance (default 0: as fast as possible).")
    private long maxRate;

    @Option(names = "--fresh",
            description = "Start over in a --checkpoint-dir that holds an earlier run's checkpoints: delete them first.")
    private boolean fresh;

    @Option(names = "--progress", negatable = true,
            description = "Show (or with --no-progress, never show) the progress line on stderr; by default only on a terminal.")
    private Boolean progress;

    /** Measures the run's elapsed time for the progress line and the summary. */
    private final NanoClock clock = SystemNanoClock.INSTANCE;

    @Mixin
    private LineLimitOption lineLimit;

    @Mixin
    private EngineOption engine;

    @Option(names = "--flink-address", paramLabel = "HOST:PORT",
            description = "--engine flink only: submit to the Flink session cluster whose REST endpoint is HOST:PORT"
                    + " (default: a local Flink MiniCluster in this JVM).")
    private String flinkAddress;

    @Option(names = "--parallelism", paramLabel = "N",
            description = "--engine flink only: the window's parallelism on Flink (default: the job file's).")
    private Integer parallelism;

    @Override
    public Integer call() throws Exception {
        engine.check();
        if (engine.isWeir()) {
            engine.refuseOnWeir(CLUSTER_ENGINE, "--flink-address", "--parallelism");
        } else {
            engine.refuse("--state", "--state-dir", "--state-max-entries", "--state-initial-entries", "--restore", "--fresh",
                    "--max-rate", "--progress");
            checkEngineOptions();
        }
        checkOptions();
        splitArguments();
        final RunFormat runFormat = runFormat();
        final ExecutionEngine other = engine.isWeir() ? null : engine.engine();
        if (other != null && (leftFiles != null || rightFiles != null)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--left and --right: weir run --engine " + engine.name()
                    + " runs one-input jobs only");
        }
        final JobSpec job = other != null ? JobFileParser.parseOneInput(jobFile, lineLimit.maxLineBytes(), "weir run --engine " + engine.name())
                : JobFileParser.parse(jobFile, lineLimit.maxLineBytes());
        if (job.isTwoInput()) {
            return runTwoInputs(job, runFormat);
        }
        if (leftFiles != null || rightFiles != null) {
            throw new CommandLine.ParameterException(spec.commandLine(), (leftFiles != null ? "--left" : "--right") + ": " + jobFile
                    + " is a one-input job (no 'inputs' section): give its record files as arguments, without --left and --right");
        }
        if (recordFiles.isEmpty()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "Missing required parameter: 'RECORDS.csv'");
        }
        if (job.window() == null) {
            throw new JobFileException(jobFile.toString(), 0, "window", "is required by 'weir run' (it prints window results;"
                    + " 'weir scenario' runs a job without a window)");
        }
        checkRecordFiles();
        InputFiles.refuseRepeated(recordFiles, "record file", "read twice", (file, message) -> new RecordFileException(file, 0, null, message));
        new InputFiles().file(jobFile, "the job file").files(recordFiles, "the record file")
                .directory(checkpointDir, "--checkpoint-dir " + checkpointDir).directory(restoreDir, "--restore " + restoreDir)
                .refuseAsOutput("--output", output);
        try (ResultWriter out = writer()) {
            final RunLinePrinter printer = new RunLinePrinter(runFormat);
            if (printer.header() != null) {
                out.headerBeforeFirstLine(printer.header());
            }
            if (other != null) {
                runOn(other, job, out, runFormat, printer);
            } else {
                run(job, options(), out, runFormat, printer);
            }
        }
        return 0;
    }

    /** The job file is --job's or the first argument; the other arguments are record files. */
    private void splitArguments() {
        if (jobOption != null) {
            jobFile = jobOption;
            recordFiles = arguments;
            return;
        }
        if (arguments.isEmpty()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "Missing required parameter: 'JOB.yaml' (or --job JOB.yaml)");
        }
        jobFile = arguments.get(0);
        recordFiles = arguments.subList(1, arguments.size());
    }

    /** A two-input job: its left and right record files, the rest as for one input. */
    private int runTwoInputs(final JobSpec job, final RunFormat runFormat) throws Exception {
        if (!recordFiles.isEmpty() || leftFiles == null || rightFiles == null) {
            throw new CommandLine.ParameterException(spec.commandLine(), jobFile + " is a two-input job: give the record files of each"
                    + " input with --left FILE... and --right FILE..." + (recordFiles.isEmpty() ? "" : ", not as arguments ("
                    + recordFiles.get(0) + ")"));
        }
        if (job.join() == null) {
            throw new JobFileException(jobFile.toString(), job.inputsLine(), "join", "is required by 'weir run' for a two-input job (it"
                    + " prints the joined pairs; 'weir scenario' runs a two-input job without a join)");
        }
        if (runFormat != RunFormat.LINES && runFormat != RunFormat.FIRE) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--format " + runFormat.optionName()
                    + ": a two-input job prints JOIN lines, in the format lines (default) or fire");
        }
        final List<Path> all = new ArrayList<>(leftFiles);
        all.addAll(rightFiles);
        checkRecordFiles(all);
        InputFiles.refuseRepeated(all, "record file", "read twice", (file, message) -> new RecordFileException(file, 0, null, message));
        new InputFiles().file(jobFile, "the job file").files(all, "the record file")
                .directory(checkpointDir, "--checkpoint-dir " + checkpointDir).directory(restoreDir, "--restore " + restoreDir)
                .refuseAsOutput("--output", output);
        try (ResultWriter out = writer()) {
            final RunLinePrinter printer = new RunLinePrinter(runFormat);
            run(job, options(), out, runFormat, printer);
        }
        return 0;
    }

    private void checkEngineOptions() {
        if (parallelism != null && parallelism < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--parallelism must be positive, got " + parallelism);
        }
        if (flinkAddress != null && !flinkAddress.matches("[^:\\s]+:[0-9]{1,5}")) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--flink-address must be HOST:PORT, got '" + flinkAddress + "'");
        }
    }

    /** The job on another engine: the same lines, and a summary of what that engine's output tells exactly. */
    private void runOn(final ExecutionEngine other, final JobSpec job, final ResultWriter out, final RunFormat runFormat,
            final RunLinePrinter printer) throws Exception {
        final long startedNanos = clock.nanos();
        final long[] counts = new long[2];
        try (Interruption interruption = Interruption.register("weir run", out, null, () -> String.format(Locale.ROOT,
                "engine %s, %d late to side output, %d windows fired, %.2f s", other.name(), counts[1], counts[0],
                (clock.nanos() - startedNanos) / 1e9))) {
            final long lateDropped = other.run(job, jobFile, recordFiles, new EngineRunOptions(flinkAddress,
                    parallelism == null ? 0 : parallelism, checkpointDir, checkpointInterval, lineLimit.maxLineBytes()), line -> {
                        final boolean fire = FireLineText.isFire(line);
                        counts[fire ? 0 : 1]++;
                        out.line(runFormat == RunFormat.FIRE ? line
                                : fire ? printer.fire(FireLineText.fire(line)) : printer.late(FireLineText.late(line)));
                    });
            out.line(printer.lateDropped(lateDropped));
            out.checkWritten();
            // records read, checkpoints and the rate are Flink's metrics, which the collected output does not carry
            if (interruption.ended()) {
                System.err.println(String.format(Locale.ROOT, "weir run: engine %s, %d late dropped, %d late to side output,"
                        + " %d windows fired,"
                        + " %.2f s", other.name(), lateDropped, counts[1], counts[0], (clock.nanos() - startedNanos) / 1e9));
            }
        } finally {
            out.checkWritten();
        }
    }

    /** Options that are wrong on their own or together: usage errors, before any file is opened. */
    private void checkOptions() {
        if (output != null && output.toString().isEmpty()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--output needs a file name, got an empty one");
        }
        if (maxRate < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--max-rate must not be negative: " + maxRate);
        }
        final boolean intervalGiven = spec.commandLine().getParseResult().hasMatchedOption("--checkpoint-interval");
        if (intervalGiven && checkpointDir == null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--checkpoint-interval needs --checkpoint-dir");
        }
        if (checkpointInterval.isZero()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--checkpoint-interval must be positive, got 0");
        }
        refuseFile("--checkpoint-dir", checkpointDir);
        refuseFile("--restore", restoreDir);
        lineLimit.maxLineBytes();
        checkFreshStart();
    }

    private void refuseFile(final String option, final Path directory) {
        if (directory != null && Files.exists(directory) && !Files.isDirectory(directory)) {
            throw new CommandLine.ParameterException(spec.commandLine(), option + " " + directory + " is a file, not a directory");
        }
    }

    private void checkRecordFiles() {
        checkRecordFiles(recordFiles);
    }

    private static void checkRecordFiles(final List<Path> files) {
        for (final Path file : files) {
            if (Files.isDirectory(file)) {
                throw new RecordFileException(file.toString(), 0, null, "is a directory, not a record file");
            }
            if (!Files.isReadable(file)) {
                throw new RecordFileException(file.toString(), 0, null,
                        Files.exists(file) ? "cannot read the record file" : "no such record file");
            }
        }
    }

    private RunOptions options() {
        RunOptions options = RunOptions.defaults().withStateBackend(state.backend()).withMaxRecordsPerSecond(maxRate)
                .withMaxLineBytes(lineLimit.maxLineBytes());
        if (checkpointDir != null) {
            options = options.withCheckpoints(checkpointDir, checkpointInterval);
        }
        if (restoreDir != null) {
            options = options.withRestoreFrom(restoreDir);
        }
        return options;
    }

    /** {@code --fresh} deletes an earlier run's checkpoints: only for a run that checkpoints, and not where it resumes from. */
    private void checkFreshStart() {
        if (fresh && restoreDir != null && (checkpointDir == null || EarlierCheckpoints.sameDirectory(checkpointDir, restoreDir))) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--fresh and --restore exclude each other: --restore resumes from the checkpoints, --fresh deletes them");
        }
        if (fresh && checkpointDir == null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--fresh needs --checkpoint-dir");
        }
    }

    private RunFormat runFormat() {
        try {
            return RunFormat.named(format);
        } catch (final IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--format: " + e.getMessage());
        }
    }

    private void run(final JobSpec job, final RunOptions options, final ResultWriter out, final RunFormat runFormat,
            final RunLinePrinter printer) throws InterruptedException {
        try (CheckpointDirectoryLock checkpointing = options.checkpointDir() == null ? null
                : CheckpointDirectoryLock.exclusive(options.checkpointDir(), "--checkpoint-dir");
                CheckpointDirectoryLock restoring = sharedRestoreLock(options)) {
            runLocked(job, options, out, runFormat, printer);
        }
    }

    /** The restore directory, shared with other runs that only read it, unless this run checkpoints there too. */
    private static CheckpointDirectoryLock sharedRestoreLock(final RunOptions options) {
        final Path restore = options.restoreDir();
        if (restore == null || !Files.isDirectory(restore)
                || options.checkpointDir() != null && EarlierCheckpoints.sameDirectory(options.checkpointDir(), restore)) {
            return null;
        }
        return CheckpointDirectoryLock.shared(restore);
    }

    private void runLocked(final JobSpec job, final RunOptions options, final ResultWriter out, final RunFormat runFormat,
            final RunLinePrinter printer) throws InterruptedException {
        final long startedNanos = clock.nanos();
        final ProgressDisplay display = StderrTerminal.showProgress(progress, StderrTerminal.isTerminal())
                ? new ProgressDisplay(System.err, "weir run", "records") : null;
        try (RecordFileRun running = start(job, options, runFormat, new RunOutput() {
            @Override
            public void line(final String line) {
                out.line(line);
            }

            @Override
            public void flush() {
                out.flush();
            }

            @Override
            public void preCommit() {
                out.sync();
            }
        }); Interruption interruption = Interruption.register("weir run", out, display == null ? null : display::clear,
                () -> running.summary(clock.nanos() - startedNanos).counts())) {
            if (options.restoreDir() != null) {
                System.err.println("weir: run: resumed from checkpoint " + running.restoredCheckpointId() + " in " + options.restoreDir());
            }
            awaitEnd(running, startedNanos, display);
            final RunSummary summary = running.summary(clock.nanos() - startedNanos);
            out.line(printer.lateDropped(summary.lateDropped()));
            // a run whose lines did not all get written failed: no summary that says otherwise
            out.checkWritten();
            if (interruption.ended()) {
                System.err.println(summary.line());
            }
        } catch (final PipelineExecutionException e) {
            final RecordFileException bad = badRecord(e.getCause());
            throw bad != null ? bad : e;
        } finally {
            out.checkWritten();
        }
    }

    /** Waits for the pipeline to end, rewriting the progress line meanwhile if there is one. */
    private void awaitEnd(final RecordFileRun running, final long startedNanos, final ProgressDisplay display)
            throws InterruptedException {
        try {
            while (!running.pipeline().awaitTermination(PROGRESS_EVERY)) {
                if (display != null) {
                    final PipelineMetrics metrics = running.pipeline().metrics();
                    display.show(running.reading().bytesRead(), running.reading().totalBytes(), running.records(metrics),
                            running.operatorWatermark(metrics), clock.nanos() - startedNanos);
                }
            }
        } finally {
            if (display != null) {
                display.clear();
            }
        }
    }

    private RecordFileRun start(final JobSpec job, final RunOptions options, final RunFormat runFormat, final RunOutput lines) {
        if (options.checkpointDir() != null) {
            EarlierCheckpoints.clearOrRefuse(options.checkpointDir(), fresh, options.restoreDir());
        }
        try {
            return job.isTwoInput() ? TwoInputRecordFileJob.start(job, leftFiles, rightFiles, options, runFormat, lines)
                    : RecordFileJob.start(job, recordFiles, options, runFormat, lines);
        } catch (final SourceFileChangedException e) {
            throw new RecordFileException(e.file().toString(), 0, null, e.reason());
        } catch (final CheckpointException e) {
            if (options.restoreDir() == null) {
                throw e;
            }
            final String message = e.getMessage();
            throw new RestoreDirectoryException(options.restoreDir().toString(),
                    message.startsWith(CANNOT_RESTORE) ? message.substring(CANNOT_RESTORE.length()) : message);
        }
    }

    private static RecordFileException badRecord(final Throwable failure) {
        if (failure instanceof SourceFileException) {
            // unreadable, or shorter than the position a restore resumes at: the input is wrong, not the pipeline
            final SourceFileException file = (SourceFileException) failure;
            return new RecordFileException(file.file().toString(), 0, null, file.reason());
        }
        if (failure instanceof SourceParseException) {
            final SourceParseException parse = (SourceParseException) failure;
            final Throwable cause = parse.getCause();
            if (cause instanceof RecordFieldException) {
                final RecordFieldException field = (RecordFieldException) cause;
                return new RecordFileException(parse.file().toString(), (int) parse.line(), field.field(), field.reason());
            }
            return new RecordFileException(parse.file().toString(), (int) parse.line(), null,
                    cause.getMessage() != null ? cause.getMessage() : cause.toString());
        }
        return null;
    }

    private ResultWriter writer() throws IOException {
        return ResultWriter.open(output);
    }
}
