package dev.weir.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
        "--parallelism=3000000000| weir bench: --parallelism: must be at most 2147483647, got 3000000000",
        "--event-time-pace=0| weir bench: --event-time-pace: must be at least 1, got 0",
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
    void anUnknownPipelineNamesThoseThereAre() {
        final CommandRun run = CommandRun.of("bench", "hopping");
        assertEquals(2, run.exitCode(), run::describe);
        assertTrue(run.errLines().size() == 1 && run.errLines().get(0).startsWith(
                "weir bench: PIPELINE: no pipeline named 'hopping' (named pipelines: pass-through, tumbling"), run::describe);
    }
}
