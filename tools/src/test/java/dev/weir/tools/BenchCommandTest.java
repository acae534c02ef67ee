package dev.weir.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code weir bench}: a tiny run prints its table and ratios and writes its files; each bad option value is one line
 * naming the option, exit code 2, and nothing runs.
 */
class BenchCommandTest {
    private static final String[] TINY = {"--rates", "20k,max", "--rounds", "1", "--warmup", "500", "--events", "2k", "--keys", "8", "--event-time-pace", "1k",
        "--idle", "backoff", "--ring-size", "1024", "--watermark-interval", "0ms"};

    private static String[] bench(final String pipeline, final Path out, final String... more) {
        final List<String> args = new ArrayList<>(List.of("bench", pipeline, "--out", out.toString()));
        args.addAll(List.of(TINY));
        args.addAll(List.of(more));
        return args.toArray(new String[0]);
    }

    @Test
    void runsATinyBenchmarkAndPrintsTheTablesAndRatios(@TempDir final Path out) {
        final CommandRun run = CommandRun.of(bench("tumbling", out, "--batch", "--batch-size", "16", "--state", "heap"));
        assertEquals(0, run.exitCode(), run::describe);
        final List<String> lines = run.outLines();
        assertEquals("tumbling at 20,000 events/s, latency in µs:", lines.get(0), run::describe);
        assertTrue(lines.get(1).matches("system +p50 +p90 +p99 +p99\\.9 +p99\\.99 +max +events/s +B/event +GCs +unattributed"), lines.get(1));
        assertTrue(lines.get(3).startsWith("ceiling "), run::describe);
        assertTrue(lines.get(4).startsWith("weir "), run::describe);
        assertTrue(lines.get(5).matches("weir/ceiling: throughput [0-9.]+x, p99 latency [0-9.]+x"), lines.get(5));
        assertEquals("tumbling at max (flat out), latency in µs:", lines.get(7), run::describe);
        assertEquals("results in " + out.toAbsolutePath(), lines.get(lines.size() - 1), run::describe);
        assertEquals(List.of("weir bench: tumbling: ceiling, weir; results into " + out,
                "weir bench: round 1/1, rate 20000/s: ceiling", "weir bench: round 1/1, rate 20000/s: weir",
                "weir bench: round 1/1, rate max: ceiling", "weir bench: round 1/1, rate max: weir"), run.errLines());
        for (final String file : List.of("ceiling-20000.hgrm", "weir-max.hgrm", "summary.json", "latency-max.svg", "throughput.png")) {
            assertTrue(Files.isRegularFile(out.resolve(file)), file);
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "--rates=fast| weir bench: --rates: 'fast' is not a number (e.g. 5000, 100k, 1M)",
        "--rates=100k,,max| weir bench: --rates: '' is not a number (e.g. 5000, 100k, 1M)",
        "--rates=0| weir bench: --rates: must be at least 1, got 0",
        "--rates=1M,1000k| weir bench: --rates: the rate 1000k is given twice",
        "--rates=1.5| weir bench: --rates: '1.5' is not a whole number",
        "--rounds=0| weir bench: --rounds: must be at least 1, got 0",
        "--rounds=3G| weir bench: --rounds: '3G' is not a number (e.g. 5000, 100k, 1M)",
        "--warmup=-1| weir bench: --warmup: '-1' is not a number (e.g. 5000, 100k, 1M)",
        "--events=0| weir bench: --events: must be at least 1, got 0",
        "--keys=3M000| weir bench: --keys: '3M000' is not a number (e.g. 5000, 100k, 1M)",
        "--idle=spin| weir bench: --idle: 'spin' is not an idle strategy (busy-spin, yield, backoff or blocking)",
        "--ring-size=1000| weir bench: --ring-size: must be a power of two (e.g. 1024, 16384), got 1000",
        "--ring-size=1| weir bench: --ring-size: must be at least 2, got 1",
        "--batch-size=0| weir bench: --batch-size: must be at least 1, got 0",
        "--state=rocksdb| weir bench: --state: 'rocksdb' is not a state backend (heap or chronicle)",
        "--watermark-interval=200| weir bench: --watermark-interval: '200' is not a duration (examples: 250ms, 2s, 1m)",
        "--cpus=1,x| weir bench: --cpus: 'x' is not a CPU id (give ids such as 1 or 2,3)",
        "--cpus=1,1| weir bench: --cpus: CPU 1 is given twice; each task thread needs a CPU of its own",
        "--parallelism=0| weir bench: --parallelism: must be at least 1, got 0",
        "--parallelism=3000000000| weir bench: --parallelism: '3000000000' is too large (at most 128: the key groups, Flink's maxParallelism)",
        "--parallelism=1000| weir bench: --parallelism: '1000' is too large (at most 128: the key groups, Flink's maxParallelism)",
        "--events=9223372036854775807| weir bench: --events: '9223372036854775807' is too large (at most 1000000000000)",
        "--warmup=99999999999999999999999| weir bench: --warmup: '99999999999999999999999' is too large (at most 1000000000000)",
        "--rates=100k,9999999999999M| weir bench: --rates: '9999999999999M' is too large (at most 1000000000000)",
        "--event-time-pace=1000001M| weir bench: --event-time-pace: '1000001M' is too large (at most 1000000000000)",
        "--keys=3000000000| weir bench: --keys: '3000000000' is too large (at most 2147483647)",
        "--ring-size=1073741824| weir bench: --ring-size: '1073741824' is too large (at most 1048576)",
        "--event-time-pace=0| weir bench: --event-time-pace: must be at least 1, got 0",
        "--placement=fused| weir bench: --placement: 'fused' is not a placement (hop or inline)",
        "--placement=hop,| weir bench: --placement: '' is not a placement (hop or inline)",
        "--placement=inline,hop,inline| weir bench: --placement: the placement inline is given twice",
        "--out-of-orderness=50| weir bench: --out-of-orderness: '50' is not a duration (examples: 250ms, 2s, 1m)",
        "--out-of-orderness=11s| weir bench: --out-of-orderness: must be at most 10s, got 11s",
        "--match-rate=most| weir bench: --match-rate: 'most' is not a number (e.g. 0.8)",
        "--match-rate=1.5| weir bench: --match-rate: must be within 0 and 1, got 1.5",
        "--match-rate=-0.1| weir bench: --match-rate: must be within 0 and 1, got -0.1",
        "--compare=spark| weir bench: --compare: no engine named 'spark' to compare with; engines on the class path: none"
                + " (./weir puts flink-runner on the class path only for --compare flink)",
    })
    void aBadOptionValueIsOneLineNamingTheOption(final String option, final String message, @TempDir final Path out) {
        final CommandRun run = CommandRun.of("bench", "tumbling", "--out", out.toString(), option);
        assertEquals(2, run.exitCode(), run::describe);
        assertEquals(List.of(message), run.errLines(), run::describe);
        assertEquals("", run.out(), run::describe);
        assertEquals(List.of(), List.of(out.toFile().list()), "nothing ran");
    }

    @Test
    void anOutThatIsAFileOrUnderAFileIsRefusedBeforeAnythingRuns(@TempDir final Path directory) throws Exception {
        final Path file = Files.writeString(directory.resolve("results.txt"), "kept\n");
        final CommandRun onFile = CommandRun.of("bench", "tumbling", "--out", file.toString());
        assertEquals(2, onFile.exitCode(), onFile::describe);
        assertEquals(List.of("weir bench: --out: " + file + " is a file, not a directory"), onFile.errLines(), onFile::describe);
        final CommandRun underFile = CommandRun.of("bench", "tumbling", "--out", file.resolve("sub").toString());
        assertEquals(2, underFile.exitCode(), underFile::describe);
        assertEquals(List.of("weir bench: --out: cannot create the directory " + file.resolve("sub") + ": Not a directory"),
                underFile.errLines(), underFile::describe);
        assertEquals("kept\n", Files.readString(file));
    }

    @Test
    void ringsThatWouldHoldMoreThanSixteenMillionEventsAreRefusedBeforeAnythingRuns(@TempDir final Path out) {
        final CommandRun run = CommandRun.of("bench", "tumbling", "--out", out.toString(), "--ring-size", "1048576", "--parallelism", "8");
        assertEquals(2, run.exitCode(), run::describe);
        assertEquals(List.of("weir bench: --ring-size: 1048576 slots in each of the 17 rings of --parallelism 8 hold more than 16777216"
                + " events in all; give a smaller ring"), run.errLines(), run::describe);
        assertEquals(List.of(), List.of(out.toFile().list()), "nothing ran");
    }

    /** A CPU that cannot be pinned: one warning line of the command line's own, however many rounds build the pipeline anew. */
    @Test
    void aCpuThatCannotBePinnedIsOneWarningLine(@TempDir final Path out) {
        final List<String> args = new ArrayList<>(List.of(bench("tumbling", out, "--cpus", "99")));
        args.set(args.indexOf("--rounds") + 1, "2");
        final CommandRun run = CommandRun.of(args.toArray(new String[0]));
        assertEquals(0, run.exitCode(), run::describe);
        final List<String> warnings = run.errLines().stream().filter(line -> !line.startsWith("weir bench: ")).toList();
        assertEquals(1, warnings.size(), run::describe);
        assertTrue(warnings.get(0).startsWith("weir: warning: pipeline 'bench-tumbling': cannot pin task bench-tumbling-keyed-1-0 to CPU 99: CPU 99"
                + " is not reservable (OpenHFT reserves CPUs "), run::describe);
        assertTrue(warnings.get(0).endsWith(". Tasks that cannot be pinned run unpinned (see TaskMetrics.cpu); on a 2-core machine only"
                + " CPU 1 can be reserved."), run::describe);
    }

    @Test
    void theInlinePlacementNeedsParallelismOne(@TempDir final Path out) {
        final CommandRun run = CommandRun.of("bench", "tumbling", "--out", out.toString(), "--parallelism", "2", "--placement", "hop,inline");
        assertEquals(2, run.exitCode(), run::describe);
        assertEquals(List.of("weir bench: --placement: inline runs the keyed stage on the publishing thread, so it needs --parallelism 1,"
                + " got 2"), run.errLines(), run::describe);
        assertEquals(List.of(), List.of(out.toFile().list()), "nothing ran");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"union", "interval-join"})
    void aPipelineOfTwoInputsRunsItsKeyedStageBehindRingsOnly(final String pipeline, @TempDir final Path out) {
        final CommandRun run = CommandRun.of("bench", pipeline, "--out", out.toString(), "--placement", "hop,inline");
        assertEquals(2, run.exitCode(), run::describe);
        assertEquals(List.of("weir bench: --placement: " + pipeline + " reads two streams into its keyed stage, which runs behind rings"
                + " only; use hop"), run.errLines(), run::describe);
        assertEquals(List.of(), List.of(out.toFile().list()), "nothing ran");
    }

    /** Both two-input pipelines run with their own options and print the ceiling's and Weir's figures and ratio. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"union", "interval-join"})
    void runsTheTwoInputPipelines(final String pipeline, @TempDir final Path out) {
        final CommandRun run = CommandRun.of(bench(pipeline, out, "--out-of-orderness", "20ms", "--match-rate", "0.5"));
        assertEquals(0, run.exitCode(), run::describe);
        final List<String> lines = run.outLines();
        assertEquals(pipeline + " at 20,000 events/s, latency in µs:", lines.get(0), run::describe);
        assertTrue(lines.get(3).startsWith("ceiling "), run::describe);
        assertTrue(lines.get(4).startsWith("weir "), run::describe);
        assertTrue(lines.get(5).matches("weir/ceiling: throughput [0-9.]+x, p99 latency [0-9.]+x"), lines.get(5));
        assertEquals("weir bench: " + pipeline + ": ceiling, weir; results into " + out, run.errLines().get(0), run::describe);
    }

    /** One Weir system per placement, each with its ratio to the ceiling (the ratio printed for the inline placement's target). */
    @Test
    void runsOneWeirSystemPerPlacement(@TempDir final Path out) {
        final CommandRun run = CommandRun.of(bench("tumbling", out, "--placement", "hop,inline"));
        assertEquals(0, run.exitCode(), run::describe);
        assertEquals(List.of("weir bench: tumbling: ceiling, weir-hop, weir-inline; results into " + out,
                "weir bench: round 1/1, rate 20000/s: ceiling", "weir bench: round 1/1, rate 20000/s: weir-hop",
                "weir bench: round 1/1, rate 20000/s: weir-inline", "weir bench: round 1/1, rate max: ceiling",
                "weir bench: round 1/1, rate max: weir-hop", "weir bench: round 1/1, rate max: weir-inline"), run.errLines());
        final List<String> lines = run.outLines();
        assertTrue(lines.stream().anyMatch(line -> line.matches("weir-hop/ceiling: throughput [0-9.]+x, p99 latency [0-9.]+x")), run::describe);
        assertTrue(lines.stream().anyMatch(line -> line.matches("weir-inline/ceiling: throughput [0-9.]+x, p99 latency [0-9.]+x")),
                run::describe);
        for (final String file : List.of("weir-hop-max.hgrm", "weir-inline-max.hgrm", "summary.json")) {
            assertTrue(Files.isRegularFile(out.resolve(file)), file);
        }
    }

    /** TINY with another watermark interval and event-time pace, as given. */
    private static String[] benchWith(final Path out, final String watermarkInterval, final String pace) {
        final List<String> args = new ArrayList<>(List.of(bench("tumbling", out)));
        args.set(args.indexOf("--watermark-interval") + 1, watermarkInterval);
        args.set(args.indexOf("--event-time-pace") + 1, pace);
        return args.toArray(new String[0]);
    }

    /**
     * Weir's first periodic watermark is due an hour after the start, so it fires every window by the end of the input and
     * measures no latency; the ceiling fires each window as the first event of the next arrives (2 s of event time): the run
     * still exits 0, prints the ceiling's figures, notes Weir's at each rate, and writes every file but Weir's .hgrm.
     */
    @Test
    void aSystemThatMeasuredNoLatencyIsNotedAndTheRunGoesOn(@TempDir final Path out) throws Exception {
        final CommandRun run = CommandRun.of(benchWith(out, "60m", "1k"));
        assertEquals(0, run.exitCode(), run::describe);
        final List<String> lines = run.outLines();
        assertTrue(lines.get(3).matches("ceiling +[0-9.]+ +[0-9.]+ +[0-9.]+ .*"), run::describe);
        assertTrue(lines.get(4).matches("weir +n/a +n/a +n/a +n/a +n/a +n/a +[0-9,]+ +[0-9.]+ +[0-9]+ +24"), run::describe);
        final String advice = " window results were fired by the end of the input, not by a watermark; a window result is measured only"
                + " when a watermark fires it: give more events, a higher event-time pace or a shorter watermark interval";
        // 8 keys x 3 windows of event time (2,500 events at 1,000 a second)
        assertEquals("note: weir at 20,000 events/s measured no latency: 24" + advice, lines.get(5), run::describe);
        assertTrue(lines.get(6).matches("weir/ceiling: throughput [0-9.]+x, p99 latency n/a"), run::describe);
        assertTrue(lines.contains("note: weir at max measured no latency: 24" + advice), run::describe);
        for (final String file : List.of("ceiling-20000.hgrm", "ceiling-max.hgrm", "summary.json", "latency-20000.png", "latency-max.svg",
                "throughput.png")) {
            assertTrue(Files.isRegularFile(out.resolve(file)), file);
        }
        assertFalse(Files.exists(out.resolve("weir-20000.hgrm")));
        assertFalse(Files.exists(out.resolve("weir-max.hgrm")));
        assertTrue(Files.readString(out.resolve("summary.json")).contains("\"system\": \"weir\", \"rate\": \"max\", \"measured\": false,"));
    }

    /** All 2,500 events fall in the first 1 s window: every system fires it by the end of the input, so nothing is measured. */
    @Test
    void aRunThatMeasuredNoLatencyAnywhereExitsOneAndStillWritesItsFiles(@TempDir final Path out) {
        final CommandRun run = CommandRun.of(benchWith(out, "60m", "100k"));
        assertEquals(1, run.exitCode(), run::describe);
        assertEquals("weir bench: no system measured any latency at any rate; see the notes above",
                run.errLines().get(run.errLines().size() - 1), run::describe);
        assertEquals(4, run.outLines().stream().filter(line -> line.startsWith("note: ")).count(), run::describe);
        assertEquals("results in " + out.toAbsolutePath(), run.outLines().get(run.outLines().size() - 1), run::describe);
        assertEquals(List.of("latency-20000.png", "latency-20000.svg", "latency-max.png", "latency-max.svg", "summary.json",
                "throughput.png", "throughput.svg"), Stream.of(out.toFile().list()).sorted().toList());
    }

    @Test
    void anUnknownPipelineNamesThoseThereAre() {
        final CommandRun run = CommandRun.of("bench", "hopping");
        assertEquals(2, run.exitCode(), run::describe);
        assertTrue(run.errLines().size() == 1 && run.errLines().get(0).startsWith(
                "weir bench: PIPELINE: no pipeline named 'hopping' (named pipelines: pass-through, tumbling"), run::describe);
    }
}
