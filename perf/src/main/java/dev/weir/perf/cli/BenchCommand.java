package dev.weir.perf.cli;

import dev.weir.api.StagePlacement;
import dev.weir.clock.SystemNanoClock;
import dev.weir.engines.command.CommandExitCodes;
import dev.weir.perf.bench.BenchReport;
import dev.weir.perf.bench.BenchRun;
import dev.weir.perf.bench.BenchSettings;
import dev.weir.perf.bench.NamedPipeline;
import dev.weir.perf.bench.NamedPipelines;
import dev.weir.perf.bench.PipelineRefusedException;
import dev.weir.perf.bench.StateChoice;
import dev.weir.perf.bench.WeirSystem;
import dev.weir.state.KeyGroups;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * {@code weir bench PIPELINE [OPTIONS]}: benchmarks a named pipeline on Weir beside its single-thread ceiling (and the
 * systems of each engine given with {@code --compare}), prints a table per rate and the ratios, and writes the result
 * files into {@code --out} (docs/performance.md, "weir bench"). Progress goes to stderr, one line per run. A bad option
 * value is one line, {@code weir bench: OPTION: what is wrong}, and exit code 2, before anything runs. A system that
 * measured no latency at a rate gets a note under the table and the run goes on; the exit code is 0 if anything measured
 * latency, 1 if nothing did. The perf module contributes it to the command line ({@link BenchContribution}), which gives
 * it the version line of {@code weir --version}.
 */
@Command(
        name = "bench",
        mixinStandardHelpOptions = true,
        abbreviateSynopsis = true,
        description = {
            "Benchmarks a named pipeline on Weir beside a single-thread ceiling.",
            "With --compare, other engines run the same pipeline in the same rounds.",
            "Each round runs every system at every rate: latency from each event's intended send time (window results from the"
                    + " event whose watermark fired them), throughput, bytes allocated per event and collections. Prints a table"
                    + " per rate and the ratios of Weir to the other systems, and writes HdrHistogram files, a JSON summary and"
                    + " plots into the --out directory (see docs/performance.md)."
        })
public final class BenchCommand implements Callable<Integer> {
    /** The largest {@code --ring-size}: 2^20 slots, some 400 MB of heap for a run at parallelism 1. */
    static final int MAX_RING_SIZE = 1 << 20;
    /** The most events all of Weir's rings may hold at once ({@link WeirSystem#eventsInFlight}): each is a pooled event. */
    static final long MAX_EVENTS_IN_FLIGHT = 1L << 24;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "PIPELINE", description = "The named pipeline: pass-through, tumbling, sliding, session, ohlcv, union or"
            + " interval-join"
            + " (those this build has; see docs/performance.md).")
    private String pipelineName;

    @Option(names = "--rates", paramLabel = "RATES", defaultValue = "100k,1M,max",
            description = "Comma-separated rates in events per second, k and M suffixes allowed, max for flat out (default: 100k, 1M and max).")
    private String rates;

    @Option(names = "--rounds", paramLabel = "N", defaultValue = "3", description = "Rounds; each runs every system at every rate (default: 3).")
    private String rounds;

    @Option(names = "--warmup", paramLabel = "N", defaultValue = "200k",
            description = "Events sent before measuring, in every run (default: 200k).")
    private String warmUp;

    @Option(names = "--events", paramLabel = "N", defaultValue = "1M", description = "Events measured in every run (default: 1M).")
    private String events;

    @Option(names = "--keys", paramLabel = "N", defaultValue = "10k", description = "Distinct keys in the input (default: 10k).")
    private String keys;

    @Option(names = "--event-time-pace", paramLabel = "N", defaultValue = "100k",
            description = "Events per second of event time: how fast the input's event time advances, whatever the rate (default: 100k).")
    private String pace;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Where the result files go; created if missing, files of the same names replaced (default: bench-results/PIPELINE).")
    private Path out;

    @Option(names = "--compare", paramLabel = "ENGINE",
            description = "Also run the pipeline on this engine; repeatable. The weir launcher puts the flink engine on the class path for"
                    + " --compare flink only.")
    private List<String> compare = List.of();

    @Option(names = "--idle", paramLabel = "STRATEGY", defaultValue = "busy-spin",
            description = "How Weir's task threads wait: busy-spin (default), yield, backoff or blocking.")
    private String idle;

    @Option(names = "--ring-size", paramLabel = "N", defaultValue = "16384",
            description = "Slots of each of Weir's rings, a power of two from 2 to 1048576 (default: 16384).")
    private String ringSize;

    @Option(names = "--batch", negatable = true, defaultValue = "false",
            description = "Publish in batches (publishBatched, a flush every --batch-size records) rather than one record per hand-off"
                    + " (--no-batch, the default).")
    private boolean batched;

    @Option(names = "--batch-size", paramLabel = "N", defaultValue = "64", description = "Records per flush with --batch (default: 64).")
    private String batchSize;

    @Option(names = "--state", paramLabel = "BACKEND", defaultValue = "heap",
            description = "Where Weir keeps keyed state: heap (default) or chronicle (off-heap, docs/state.md).")
    private String state;

    @Option(names = "--watermark-interval", paramLabel = "DURATION", defaultValue = "200ms",
            description = "Periodic watermark interval, such as 200ms (the default) or 1s; 0ms emits a watermark after every record.")
    private String watermarkInterval;

    @Option(names = "--cpus", paramLabel = "IDS", description = "Pin Weir's task threads to these CPUs, in order, such as 1 or 2,3 (default: no pinning).")
    private String cpus;

    @Option(names = "--parallelism", paramLabel = "N", defaultValue = "1", description = "Instances of the keyed stage, at most 128, the key groups (default: 1).")
    private String parallelism;

    @Option(names = "--placement", paramLabel = "PLACEMENTS", defaultValue = "hop",
            description = "Where Weir runs the keyed stage, comma-separated, one Weir system each (weir-hop, weir-inline): hop, on a"
                    + " thread of its own behind a ring (the default), or inline, on the publishing thread (parallelism 1; docs/runtime.md,"
                    + " \"Stage placement\").")
    private String placement;

    @Option(names = "--out-of-orderness", paramLabel = "DURATION", defaultValue = "50ms",
            description = "union and interval-join: how far out of order each input is, and its watermarks' bound, such as 50ms (the"
                    + " default), at most 10s; no event is late.")
    private String outOfOrderness;

    @Option(names = "--match-rate", paramLabel = "FRACTION", defaultValue = "0.8",
            description = "interval-join: the fraction of executions generated for an order placed 0 to 100 ms before, 0 to 1"
                    + " (default: 0.8); the others carry an id no order has.")
    private String matchRate;

    @Option(names = "--debug", description = "Print stack traces of failures.")
    private boolean debug;

    @Override
    public Integer call() throws Exception {
        final PrintWriter err = spec.commandLine().getErr();
        final NamedPipeline<?> pipeline;
        final BenchRun<?> run;
        try {
            pipeline = NamedPipelines.find(pipelineName).orElseThrow(() -> new BenchOptionException("PIPELINE",
                    "no pipeline named '" + pipelineName + "' (named pipelines: " + NamedPipelines.names() + ")"));
            final BenchSettings settings = settings();
            if (!pipeline.inlineable() && settings.placements().contains(StagePlacement.INLINE)) {
                throw new BenchOptionException("--placement", pipeline.name() + " reads two streams into its keyed stage, which runs"
                        + " behind rings only; use hop");
            }
            run = run(pipeline, settings, compare);
        } catch (final BenchOptionException e) {
            err.println(e.line());
            err.flush();
            return CommandExitCodes.BAD_INPUT;
        }
        final Path directory = out != null ? out : Path.of("bench-results", pipeline.name());
        try {
            prepare(directory);
        } catch (final BenchOptionException e) {
            err.println(e.line());
            err.flush();
            return CommandExitCodes.BAD_INPUT;
        }
        err.println("weir bench: " + pipeline.name() + ": " + String.join(", ", run.systemNames()) + "; results into " + directory);
        err.flush();
        final BenchReport report = run.run(SystemNanoClock.INSTANCE, directory, line -> {
            err.println("weir bench: " + line);
            err.flush();
        });
        final PrintWriter stdout = spec.commandLine().getOut();
        stdout.print(report.text());
        stdout.flush();
        if (!report.measuredAny()) {
            // the files are written all the same: throughput and allocation were measured
            err.println("weir bench: no system measured any latency at any rate; see the notes above");
            err.flush();
            return CommandExitCodes.FAILED;
        }
        return CommandExitCodes.OK;
    }

    /** Makes the result directory before anything runs, so a bad --out costs no benchmark. */
    private static void prepare(final Path directory) {
        if (Files.exists(directory) && !Files.isDirectory(directory)) {
            throw new BenchOptionException("--out", directory + " is a file, not a directory");
        }
        try {
            Files.createDirectories(directory);
        } catch (final IOException e) {
            throw new BenchOptionException("--out", "cannot create the directory " + directory + ": " + reason(e));
        }
    }

    /** @return why a directory could not be made, without the exception's class: the system's reason, or what is in the way */
    private static String reason(final IOException e) {
        if (e instanceof FileAlreadyExistsException) {
            return "a file is in the way: " + ((FileAlreadyExistsException) e).getFile();
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied: " + ((AccessDeniedException) e).getFile();
        }
        return e instanceof FileSystemException && ((FileSystemException) e).getReason() != null ? ((FileSystemException) e).getReason()
                : String.valueOf(e.getMessage());
    }

    private static <E> BenchRun<E> run(final NamedPipeline<E> pipeline, final BenchSettings settings, final List<String> engines) {
        try {
            return new BenchRun<>(pipeline, settings, engines);
        } catch (final IllegalArgumentException | PipelineRefusedException e) {
            throw new BenchOptionException("--compare", e.getMessage());
        }
    }

    private BenchSettings settings() {
        BenchSettings settings = BenchSettings.defaults();
        final long[] rateValues = BenchValues.rates(rates);
        settings = settings.withRates(rateValues);
        settings = settings.withRounds(BenchValues.intCount("--rounds", rounds, 1));
        settings = settings.withWarmUpEvents(BenchValues.count("--warmup", warmUp, 0));
        settings = settings.withMeasuredEvents(BenchValues.count("--events", events, 1));
        settings = settings.withKeys(BenchValues.intCount("--keys", keys, 1));
        settings = settings.withEventsPerSecondOfEventTime(BenchValues.count("--event-time-pace", pace, 1));
        settings = settings.withIdleStrategy(BenchValues.idle(idle));
        final int ring = BenchValues.intCount("--ring-size", ringSize, 2, MAX_RING_SIZE, "");
        if (Integer.bitCount(ring) != 1) {
            throw new BenchOptionException("--ring-size", "must be a power of two (e.g. 1024, 16384), got " + ringSize);
        }
        settings = settings.withRingSize(ring).withBatched(batched).withBatchSize(BenchValues.intCount("--batch-size", batchSize, 1));
        try {
            settings = settings.withState(StateChoice.of(state));
        } catch (final IllegalArgumentException e) {
            throw new BenchOptionException("--state", "'" + state + "' is not a state backend (heap or chronicle)");
        }
        settings = settings.withWatermarkIntervalMillis(BenchValues.millis("--watermark-interval", watermarkInterval));
        if (cpus != null) {
            settings = settings.withCpus(BenchValues.cpus(cpus));
        }
        settings = settings.withParallelism(BenchValues.intCount("--parallelism", parallelism, 1, KeyGroups.DEFAULT_MAX_PARALLELISM,
                ": the key groups, Flink's maxParallelism"));
        if (WeirSystem.eventsInFlight(settings) > MAX_EVENTS_IN_FLIGHT) {
            throw new BenchOptionException("--ring-size", ring + " slots in each of the " + (2 * settings.parallelism() + 1)
                    + " rings of --parallelism " + settings.parallelism() + " hold more than " + MAX_EVENTS_IN_FLIGHT
                    + " events in all; give a smaller ring");
        }
        final long bound = BenchValues.millis("--out-of-orderness", outOfOrderness);
        if (bound > BenchSettings.MAX_OUT_OF_ORDERNESS_MILLIS) {
            throw new BenchOptionException("--out-of-orderness", "must be at most " + BenchSettings.MAX_OUT_OF_ORDERNESS_MILLIS / 1_000
                    + "s, got " + outOfOrderness);
        }
        settings = settings.withOutOfOrdernessMillis(bound).withMatchRate(BenchValues.fraction("--match-rate", matchRate));
        final StagePlacement[] placements = BenchValues.placements(placement);
        if (settings.parallelism() > 1 && Arrays.asList(placements).contains(StagePlacement.INLINE)) {
            throw new BenchOptionException("--placement", "inline runs the keyed stage on the publishing thread, so it needs --parallelism 1,"
                    + " got " + parallelism);
        }
        return settings.withPlacements(placements);
    }
}
