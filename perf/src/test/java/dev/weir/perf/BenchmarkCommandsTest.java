package dev.weir.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;

/**
 * {@code perf/run latency} and {@code perf/run throughput} end to end on tiny inputs: the tables keep their columns,
 * every system gets its rows, the results agree, {@code --out} writes the harness's files, and bad options get one
 * line and exit status 2 before anything runs. Nothing is timed.
 */
final class BenchmarkCommandsTest {
    /** What one command printed and returned. */
    private record Outcome(int status, String out, String err) {
        List<String> lines() {
            return out.lines().toList();
        }
    }

    private interface Command {
        int run(String[] args, PrintStream out, PrintStream err) throws InterruptedException;
    }

    private static Outcome run(final Command command, final String... args) throws InterruptedException {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int status = command.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Outcome(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static String[] columns(final List<String> lines, final String firstCell) {
        return lines.stream().filter(line -> line.startsWith(firstCell)).findFirst().orElseThrow().trim().split("\\s{2,}");
    }

    @Test
    void latencyPrintsEveryRoundAndAllRoundsAndWritesTheResultFiles(@TempDir final Path directory) throws Exception {
        final Path out = directory.resolve("latency");
        final Outcome outcome = run(LatencyBenchmark::run, "--rate=10000", "--warmup-seconds=0", "--seconds=1", "--rounds=2", "--keys=10",
                "--capacity=256", "--idle=BACKOFF", "--out=" + out);
        assertEquals(0, outcome.status(), outcome.err());
        assertEquals("", outcome.err());
        final List<String> lines = outcome.lines();
        assertEquals(List.of("system", "p50", "p90", "p99", "p99.9", "p99.99", "max", "mean", "pub B/rec", "cons B/rec", "GCs"),
                Arrays.asList(columns(lines, "system")));
        for (final String suffix : List.of(" #1", " #2", " (all rounds)")) {
            assertEquals(11, columns(lines, "bare Disruptor hop (busy-spin poller)" + suffix).length, suffix);
            assertEquals(11, columns(lines, "Weir publisher->keyBy->process->sink" + suffix).length, suffix);
            assertEquals(8, columns(lines, "ratio Weir / bare" + suffix).length, suffix);
        }
        assertEquals(4, lines.stream().filter(line -> line.startsWith("  ran ")).count());
        for (final String label : List.of("round 1", "round 2", "all rounds")) {
            assertTrue(lines.stream().anyMatch(line -> line.startsWith(label + " targets: Weir p50 ")), label);
        }
        assertResultFiles(out, List.of("bare-disruptor-hop-busy-spin-poller-10000.hgrm", "weir-publisher-keyby-process-sink-10000.hgrm"),
                "10000", 2, 2, 0);
    }

    @Test
    void throughputPrintsEverySystemAgreeingWithTheBaselineAndWritesTheResultFiles(@TempDir final Path directory) throws Exception {
        final Path out = directory.resolve("throughput");
        final Outcome outcome = run(ThroughputBenchmark::run, "--records=200000", "--keys=100", "--records-per-window=20000",
                "--warmup-runs=1", "--runs=1", "--capacity=256", "--idle-p1=BACKOFF", "--idle-p2=BACKOFF", "--watermark-interval=1",
                "--out=" + out);
        assertEquals(0, outcome.status(), outcome.err());
        final List<String> lines = outcome.lines();
        assertEquals(List.of("system", "median rec/s", "min rec/s", "max rec/s", "ratio to baseline", "task B/rec", "pub B/rec", "GCs/run"),
                Arrays.asList(columns(lines, "system")));
        final List<String> systems = List.of("single-thread loop, Agrona Long2ObjectHashMap", "2 threads: Disruptor hop + the same loop (busy-spin)",
                "Weir keyBy->window->sink, parallelism 1 (BACKOFF)", "Weir parallelism 1 (BACKOFF), heap state",
                "Weir keyBy->window->sink, parallelism 2 (BACKOFF)");
        for (final String system : systems) {
            assertEquals(8, columns(lines, system + "  ").length, system);
            assertEquals(1, lines.stream().filter(line -> line.startsWith("  warm-up " + system + ": ")).count(), system);
            assertEquals(1, lines.stream().filter(line -> line.startsWith("  " + system + ": ")).count(), system);
        }
        assertEquals("100.0%", columns(lines, systems.get(0) + "  ")[4]);
        long sum = 0;
        for (long i = 0; i < 200_000; i++) {
            sum += i & 1023;
        }
        final String totals = "1000 results, count 200000, sum " + sum;
        assertEquals("results: baseline " + totals + "; 2 threads " + totals + "; Weir p1 " + totals + "; Weir p2 " + totals
                + " (identical in every run)", lines.stream().filter(line -> line.startsWith("results: ")).findFirst().orElseThrow());
        assertEquals(2, lines.stream().filter(line -> line.startsWith("target: ")).count());
        assertResultFiles(out, List.of("single-thread-loop-agrona-long2objecthashmap-max.hgrm", "weir-parallelism-1-backoff-heap-state-max.hgrm"),
                "max", 5, 1, 1);
    }

    private static void assertResultFiles(final Path out, final List<String> someHgrms, final String rate, final int systems,
            final int rounds, final int warmUpRounds) throws IOException {
        for (final String file : Stream.concat(someHgrms.stream(), Stream.of("summary.json", "latency-" + rate + ".png",
                "latency-" + rate + ".svg", "throughput.png", "throughput.svg")).toList()) {
            assertTrue(Files.size(out.resolve(file)) > 0, file);
        }
        final Map<String, Object> summary = new Yaml().load(Files.readString(out.resolve("summary.json")));
        assertEquals(systems, ((List<?>) summary.get("results")).size());
        assertEquals(rounds, ((Map<?, ?>) summary.get("plan")).get("rounds"));
        assertEquals(warmUpRounds, ((Map<?, ?>) summary.get("plan")).get("warmUpRounds"));
    }

    @Test
    void badOptionsGetOneLineAndStatusTwoBeforeAnythingRuns(@TempDir final Path directory) throws Exception {
        final Path file = Files.writeString(directory.resolve("a-file"), "x");
        final Map<String, String> latency = Map.of(
                "--rate=0", "perf/run latency: --rate must be at least 1, got 0",
                "--seconds=ten", "perf/run latency: --seconds must be a whole number, got 'ten'",
                "--idle=FAST", "perf/run latency: --idle must be one of [BUSY_SPIN, YIELD, BACKOFF, BLOCKING], got 'FAST'",
                "--bare-parks=yes", "perf/run latency: --bare-parks must be true or false, got 'yes'",
                "--capacity=1000", "perf/run latency: --capacity must be a power of two from 2 to 1073741824, got 1000",
                "--out=" + file, "perf/run latency: --out: " + file + " exists and is not a directory",
                "--speed=1", "perf/run latency: unknown option --speed; known: --rate=, --warmup-seconds=, --seconds=, --keys=, --capacity=,"
                        + " --rounds=, --idle=, --bare-parks=, --out=");
        for (final Map.Entry<String, String> bad : latency.entrySet()) {
            final Outcome outcome = run(LatencyBenchmark::run, bad.getKey());
            assertEquals(2, outcome.status(), bad.getKey());
            assertEquals(bad.getValue() + System.lineSeparator(), outcome.err(), bad.getKey());
            assertEquals("", outcome.out(), bad.getKey());
        }
        final Map<String, String> throughput = Map.of(
                "--records=-5", "perf/run throughput: --records must be at least 1, got -5",
                "--records-per-window=1500", "perf/run throughput: --records-per-window must be a multiple of 1000, got 1500",
                "--publish=sometimes", "perf/run throughput: --publish must be batched or single, got 'sometimes'",
                "--watermark-interval=0", "perf/run throughput: --watermark-interval must be at least 1, got 0",
                "--warmup-runs=-1", "perf/run throughput: --warmup-runs must be at least 0, got -1",
                "--idle-p2=SLOW", "perf/run throughput: --idle-p2 must be one of [BUSY_SPIN, YIELD, BACKOFF, BLOCKING], got 'SLOW'");
        for (final Map.Entry<String, String> bad : throughput.entrySet()) {
            final Outcome outcome = run(ThroughputBenchmark::run, bad.getKey());
            assertEquals(2, outcome.status(), bad.getKey());
            assertEquals(bad.getValue() + System.lineSeparator(), outcome.err(), bad.getKey());
            assertEquals("", outcome.out(), bad.getKey());
        }
    }
}
