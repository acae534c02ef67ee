package dev.weir.tools.replay;

import dev.weir.clock.NanoClock;
import dev.weir.clock.SystemNanoClock;
import dev.weir.codec.capture.CaptureFile;
import dev.weir.codec.capture.CaptureFileException;
import dev.weir.codec.capture.DatagramFilter;
import dev.weir.codec.input.BadInputException;
import dev.weir.jobs.file.JobFileParser;
import dev.weir.pipelines.replay.CaptureProtocol;
import dev.weir.pipelines.replay.CaptureProtocols;
import dev.weir.jobs.replay.JobFileReplay;
import dev.weir.pipelines.replay.OutputFormat;
import dev.weir.pipelines.replay.ReplayJob;
import dev.weir.pipelines.replay.ReplayJobs;
import dev.weir.pipelines.replay.ReplayOptions;
import dev.weir.pipelines.replay.ReplayPace;
import dev.weir.pipelines.replay.ReplayProgress;
import dev.weir.pipelines.replay.ReplayRun;
import dev.weir.pipelines.replay.ReplaySummary;
import dev.weir.pipelines.telemetry.AlertThresholds;
import dev.weir.pipelines.telemetry.StatsdAlertsJob;
import dev.weir.runtime.PipelineExecutionException;
import dev.weir.engines.command.DurationConverter;
import dev.weir.tools.cli.InputFiles;
import dev.weir.tools.cli.Interruption;
import dev.weir.tools.cli.LineLimitOption;
import dev.weir.tools.cli.ProgressDisplay;
import dev.weir.tools.cli.ProgressLine;
import dev.weir.tools.cli.ResultWriter;
import dev.weir.tools.cli.StateOptions;
import dev.weir.tools.cli.StderrTerminal;
import dev.weir.tools.cli.WeirVersion;
import dev.weir.tools.engine.EngineOption;
import dev.weir.engines.ExecutionEngine;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * {@code weir replay --pipeline NAME CAPTURE...}: replays packet captures through a reference pipeline and prints
 * its rows; warnings and, at the end, a summary go to stderr, and on a terminal a progress line while it runs
 * (docs/replay.md).
 */
@Command(
        name = "replay",
        mixinStandardHelpOptions = true,
        versionProvider = WeirVersion.class,
        abbreviateSynopsis = true,
        description = {
            "Replays pcap and pcapng captures through a pipeline or a job file.",
            "It reads captures of any size, plain or gzipped, and NASDAQ's files of length-prefixed ITCH messages."
                    + " Decodes the UDP datagrams (ITCH 5.0 over MoldUDP64, StatsD) and prints the pipeline's rows. By default the replay"
                    + " runs as fast as it can on a virtual clock that follows the capture, and two replays print the same bytes"
                    + " (see docs/replay.md)."
        })
public final class ReplayCommand implements Callable<Integer> {
    /** How often the progress line is rewritten: a few times a second. */
    private static final long PROGRESS_EVERY_MILLIS = 250;
    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0..*", arity = "1..*", paramLabel = "CAPTURE", description = "Capture files, replayed one after the other.")
    private List<Path> captures;

    @CommandLine.ArgGroup(exclusive = true, multiplicity = "1")
    private Pipeline what;

    /** What runs over the decoded events: a reference pipeline or a job file. */
    static final class Pipeline {
        @Option(names = "--pipeline", paramLabel = "NAME", required = true,
                description = "The pipeline: ohlcv, vwap, statsd-percentiles, statsd-counters, silent-hosts, tca or statsd-alerts.")
        private String name;

        @Option(names = "--job", paramLabel = "JOB.yaml", required = true,
                description = "Run a job file's window over the decoded events instead (with --decoder); prints FIRE and LATE lines.")
        private Path jobFile;
    }

    @Option(names = "--decoder", paramLabel = "DECODER",
            description = "With --job: the payloads' decoder, itch or statsd (weir inspect names a capture's).")
    private String decoder;

    @Option(names = "--thresholds", paramLabel = "FILE",
            description = "With --pipeline statsd-alerts: the CSV file of its p99 thresholds.")
    private Path thresholds;

    @Option(names = "--format", paramLabel = "FORMAT",
            description = "csv (default: a header line, then one line per row), jsonl (one JSON object per row) or lines.")
    private String format;

    @Option(names = "--output", paramLabel = "FILE", description = "Write the rows to FILE instead of stdout.")
    private Path output;

    @Option(names = "--port", paramLabel = "PORT", description = "Replay only datagrams to this destination port.")
    private Integer port;

    @Option(names = "--address", paramLabel = "ADDRESS", description = "Replay only datagrams to this destination address (IPv4 or IPv6).")
    private String address;

    @Option(names = "--out-of-orderness", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "How late an event may come: watermark = the highest event time - DURATION - 1 ms (default 1s; weir inspect"
                    + " suggests one).")
    private Duration outOfOrderness;

    @Option(names = "--pace", paramLabel = "PACE",
            description = "realtime or xN, N from 0.001 to 1000000 such as x10 or x0.5: replay on the system clock with the"
                    + " capture's gaps between packets, scaled."
                    + " Default: as fast as possible on a virtual clock.")
    private String pace;

    @Option(names = "--skip-bad", description = "Count and warn about faults in the captures (a corrupt header, a bad payload) and go on.")
    private boolean skipBad;

    @Option(names = "--progress", negatable = true,
            description = "Show (or with --no-progress, never show) the progress line on stderr; by default only on a terminal.")
    private Boolean progress;

    @Option(names = "--debug", description = "Print stack traces of failures.")
    private boolean debug;

    @Mixin
    private StateOptions state;

    @Mixin
    private LineLimitOption lineLimit;

    @Mixin
    private EngineOption engine;

    private final NanoClock clock = SystemNanoClock.INSTANCE;

    @Override
    public Integer call() throws Exception {
        engine.check();
        if (!engine.isWeir()) {
            engine.refuse("--job", "--pace", "--port", "--address", "--skip-bad", "--progress", "--state", "--state-dir",
                    "--state-max-entries", "--state-initial-entries");
        }
        final ReplayJob<?> job = job();
        final OutputFormat outputFormat = outputFormat();
        final ReplayOptions options = options();
        checkCaptures();
        if (!engine.isWeir()) {
            return replayOn(engine.engine(), job, options, outputFormat);
        }
        final boolean flushEachLine = !options.pace().isVirtual();
        try (ResultWriter out = ResultWriter.open(output, flushEachLine)) {
            final Object lock = new Object();
            final ProgressDisplay display = StderrTerminal.showProgress(progress, StderrTerminal.isTerminal())
                    ? new ProgressDisplay(System.err, "weir replay", "events") : null;
            final ReplayRun<?> run = new ReplayRun<>(job, options, out::line, line -> warn(line, display, lock), clock);
            final long started = clock.nanos();
            final ReplaySummary summary;
            final boolean ended;
            try (Interruption interruption = Interruption.register("weir replay", out, display == null ? null : () -> {
                synchronized (lock) {
                    display.clear();
                }
            }, () -> interrupted(run.progress(), clock.nanos() - started))) {
                try {
                    summary = executeShowingProgress(run, outputFormat, display, lock, job.outOfOrdernessMillis(options));
                } catch (final PipelineExecutionException e) {
                    throw e.getCause() instanceof BadInputException ? (BadInputException) e.getCause() : e;
                } finally {
                    out.checkWritten();
                }
                ended = interruption.ended();
            }
            if (ended) {
                for (final String line : summary.lines()) {
                    System.err.println(line);
                }
            }
        }
        return 0;
    }

    /** The pipeline on another engine: the same lines, and that engine's summary on stderr. */
    private int replayOn(final ExecutionEngine other, final ReplayJob<?> job, final ReplayOptions options, final OutputFormat outputFormat)
            throws Exception {
        try (ResultWriter out = ResultWriter.open(output, false)) {
            try {
                final String summary = other.replay(job, options.files(), options.outOfOrdernessMillis(), outputFormat, out::line);
                System.err.println("weir replay: " + summary);
            } finally {
                out.checkWritten();
            }
        }
        return 0;
    }

    /** The summary of a replay stopped by a signal: what it got through, from the progress counters. */
    private static String interrupted(final ReplayProgress progress, final long elapsedNanos) {
        return String.format(Locale.ROOT, "%d packets, %d events, %s of %s read, %.2f s", progress.packets(), progress.events(),
                ProgressLine.bytes(progress.bytesRead()), ProgressLine.bytes(progress.totalBytes()), elapsedNanos / 1e9);
    }

    private ReplayJob<?> job() {
        if (what.jobFile == null) {
            if (decoder != null) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--decoder goes with --job; a pipeline has its own decoder");
            }
            if (StatsdAlertsJob.NAME.equals(what.name)) {
                if (thresholds == null) {
                    throw new CommandLine.ParameterException(spec.commandLine(), "--pipeline statsd-alerts needs --thresholds FILE"
                            + " (host,metric,p99_threshold)");
                }
                return new StatsdAlertsJob(AlertThresholds.read(thresholds));
            }
            if (thresholds != null) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--thresholds goes with --pipeline statsd-alerts");
            }
            try {
                return ReplayJobs.named(what.name);
            } catch (final IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--pipeline: " + e.getMessage());
            }
        }
        if (thresholds != null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--thresholds goes with --pipeline statsd-alerts");
        }
        if (decoder == null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--job needs --decoder " + CaptureProtocols.names("or") + " (weir inspect names a capture's)");
        }
        if (format != null || outOfOrderness != null) {
            throw new CommandLine.ParameterException(spec.commandLine(), (format != null ? "--format" : "--out-of-orderness")
                    + " goes with --pipeline; a job file prints FIRE and LATE lines and has its own watermarks");
        }
        final CaptureProtocol<?> records;
        try {
            records = CaptureProtocols.named(decoder);
        } catch (final IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--decoder: " + e.getMessage());
        }
        return new JobFileReplay<>(what.jobFile.toString(), JobFileParser.parseOneInput(what.jobFile, lineLimit.maxLineBytes(), "weir replay"), records);
    }

    private OutputFormat outputFormat() {
        if (format == null) {
            return OutputFormat.CSV;
        }
        try {
            return OutputFormat.named(format);
        } catch (final IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--format: " + e.getMessage());
        }
    }

    private ReplayOptions options() {
        if (output != null && output.toString().isEmpty()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--output needs a file name, got an empty one");
        }
        DatagramFilter filter = DatagramFilter.any();
        if (port != null) {
            if (port < 0 || port > 65535) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--port must be within 0..65535, got " + port);
            }
            filter = filter.destinationPort(port);
        }
        if (address != null) {
            filter = filter.destinationAddress(literalAddress(address));
        }
        ReplayOptions options = ReplayOptions.of(captures).withFilter(filter).withSkipBad(skipBad).withStateBackend(state.backend());
        if (outOfOrderness != null) {
            options = options.withOutOfOrderness(outOfOrderness.toMillis());
        }
        if (pace != null) {
            try {
                options = options.withPace(ReplayPace.parse(pace));
            } catch (final IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
            }
        }
        return options;
    }

    /** An address given as digits only: a host name would need a name lookup, which a replay must not depend on. */
    private InetAddress literalAddress(final String text) {
        if (IPV4.matcher(text).matches() || text.indexOf(':') >= 0) {
            try {
                return InetAddress.getByName(text);
            } catch (final UnknownHostException e) {
                // fall through to the message below
            }
        }
        throw new CommandLine.ParameterException(spec.commandLine(),
                "--address must be an IPv4 or IPv6 address in digits (e.g. 233.54.12.111 or ff02::1), got '" + text + "'");
    }

    private void checkCaptures() {
        for (final Path file : captures) {
            CaptureFile.requireReadable(file);
        }
        InputFiles.refuseRepeated(captures, "capture", "replayed twice", CaptureFileException::new);
        new InputFiles().file(what.jobFile, "the job file").files(captures, "the capture").refuseAsOutput("--output", output);
    }

    /** Runs the replay on this thread while a daemon thread rewrites the progress line, if there is one. */
    private static ReplaySummary executeShowingProgress(final ReplayRun<?> run, final OutputFormat format, final ProgressDisplay display,
            final Object lock, final long outOfOrdernessMillis) throws InterruptedException {
        if (display == null) {
            return run.execute(format);
        }
        final CountDownLatch done = new CountDownLatch(1);
        final NanoClock clock = SystemNanoClock.INSTANCE;
        final long started = clock.nanos();
        final Thread shower = new Thread(() -> {
            final ReplayProgress progress = run.progress();
            try {
                while (!done.await(PROGRESS_EVERY_MILLIS, TimeUnit.MILLISECONDS)) {
                    final long max = progress.maxEventTimeMillis();
                    final long watermark = max == Long.MIN_VALUE ? Long.MIN_VALUE : max - outOfOrdernessMillis - 1;
                    synchronized (lock) {
                        display.show(progress.bytesRead(), progress.totalBytes(), progress.events(), watermark, clock.nanos() - started);
                    }
                }
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "weir-replay-progress");
        shower.setDaemon(true);
        shower.start();
        try {
            return run.execute(format);
        } finally {
            done.countDown();
            shower.join();
            synchronized (lock) {
                display.clear();
            }
        }
    }

    private static void warn(final String line, final ProgressDisplay display, final Object lock) {
        synchronized (lock) {
            if (display != null) {
                display.clear();
            }
            System.err.println("weir: warning: " + line);
        }
    }
}
