package dev.weir.tools.run;

import dev.weir.checkpoint.CheckpointDirectory;
import dev.weir.checkpoint.CheckpointException;
import dev.weir.metrics.PipelineMetrics;
import dev.weir.metrics.TaskMetrics;
import dev.weir.pipelines.job.JobFileParser;
import dev.weir.pipelines.job.JobSpec;
import dev.weir.pipelines.run.RecordFieldException;
import dev.weir.pipelines.run.RecordFileException;
import dev.weir.pipelines.run.RecordFileJob;
import dev.weir.pipelines.run.RestoreDirectoryException;
import dev.weir.pipelines.run.RunOptions;
import dev.weir.runtime.PipelineExecutionException;
import dev.weir.runtime.RunningPipeline;
import dev.weir.source.SourceFileChangedException;
import dev.weir.source.SourceParseException;
import dev.weir.tools.DurationConverter;
import dev.weir.tools.StateOptions;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code weir run JOB.yaml RECORDS.csv...}: runs a job file's window over record files on the
 * threaded runtime in real time and prints the FIRE and LATE lines.
 */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        description = {
            "Runs a job file's window over record files (lines key,ts,value; one split per file) on the",
            "threaded runtime and the system clock, and prints FIRE and LATE lines (see docs/run.md).",
            "Progress goes to stderr every few seconds."
        })
public final class RunCommand implements Callable<Integer> {
    private static final Duration PROGRESS_EVERY = Duration.ofSeconds(5);
    private static final String CANNOT_RESTORE = "cannot restore: ";

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "JOB.yaml", description = "the job file (it needs a window section)")
    private Path jobFile;

    @Parameters(index = "1..*", arity = "1..*", paramLabel = "RECORDS.csv", description = "record files, one split each")
    private List<Path> recordFiles;

    @Option(names = "--output", paramLabel = "FILE", description = "write the lines to FILE instead of stdout (flushed line by line)")
    private Path output;

    @Option(names = "--debug", description = "print stack traces of failures")
    private boolean debug;

    @Mixin
    private StateOptions state;

    @Option(names = "--checkpoint-dir", paramLabel = "DIR",
            description = "take checkpoints into DIR (state, timers, read positions; docs/checkpoints.md)")
    private Path checkpointDir;

    @Option(names = "--checkpoint-interval", paramLabel = "DURATION", defaultValue = "10s", converter = DurationConverter.class,
            description = "how often the sources start a checkpoint, e.g. 500ms, 10s (default), 1m")
    private Duration checkpointInterval;

    @Option(names = "--restore", paramLabel = "DIR",
            description = "resume from the latest complete checkpoint in DIR (the files are read from their recorded positions)")
    private Path restoreDir;

    @Option(names = "--max-rate", paramLabel = "RECORDS_PER_SECOND", defaultValue = "0",
            description = "read at most this many records a second per source instance (default 0: as fast as possible)")
    private long maxRate;

    @Override
    public Integer call() throws Exception {
        final JobSpec job = JobFileParser.parse(jobFile);
        for (final Path file : recordFiles) {
            if (!Files.isReadable(file)) {
                throw new RecordFileException(file.toString(), 0, null,
                        Files.exists(file) ? "cannot read the record file" : "no such record file");
            }
        }
        try (PrintWriter out = writer()) {
            run(job, options(), out);
        }
        return 0;
    }

    private RunOptions options() {
        if (maxRate < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--max-rate must not be negative: " + maxRate);
        }
        RunOptions options = RunOptions.defaults().withStateBackend(state.backend()).withMaxRecordsPerSecond(maxRate);
        if (checkpointDir != null) {
            options = options.withCheckpoints(checkpointDir, checkpointInterval);
        }
        if (restoreDir != null) {
            options = options.withRestoreFrom(restoreDir);
        }
        return options;
    }

    private void run(final JobSpec job, final RunOptions options, final PrintWriter out) throws InterruptedException {
        final boolean flushEachLine = output != null;
        try (RunningPipeline running = start(job, options, line -> {
            out.println(line);
            if (flushEachLine) {
                out.flush();
            }
        })) {
            if (options.restoreDir() != null) {
                // the pipeline restored the latest complete checkpoint; nothing writes there meanwhile
                System.err.println("weir: run: resumed from checkpoint "
                        + new CheckpointDirectory(options.restoreDir()).latestComplete().checkpointId() + " in " + options.restoreDir());
            }
            final long startedNanos = System.nanoTime();
            while (!running.awaitTermination(PROGRESS_EVERY)) {
                System.err.println("weir: run: " + progress(running.metrics(), System.nanoTime() - startedNanos));
            }
        } catch (final PipelineExecutionException e) {
            final RecordFileException bad = badRecord(e.getCause());
            throw bad != null ? bad : e;
        } finally {
            out.flush();
            if (out.checkError()) {
                throw new UncheckedIOException(new IOException("cannot write to " + (output != null ? output : "standard output")));
            }
        }
    }

    private RunningPipeline start(final JobSpec job, final RunOptions options, final Consumer<String> lines) {
        try {
            return RecordFileJob.start(job, recordFiles, options, lines);
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

    private static String progress(final PipelineMetrics metrics, final long elapsedNanos) {
        long records = 0;
        for (final TaskMetrics source : metrics.stage("records-0")) {
            records += source.recordsOut();
        }
        return String.format("%,d records read in %.1f s", records, elapsedNanos / 1e9);
    }

    private static RecordFileException badRecord(final Throwable failure) {
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

    private PrintWriter writer() throws IOException {
        if (output == null) {
            return new PrintWriter(new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), 1 << 16));
        }
        try {
            return new PrintWriter(Files.newBufferedWriter(output, StandardCharsets.UTF_8));
        } catch (final NoSuchFileException e) {
            throw new RecordFileException(output.toString(), 0, null, "cannot create the output file: no such directory");
        }
    }
}
