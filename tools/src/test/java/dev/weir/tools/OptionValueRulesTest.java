package dev.weir.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.pipelines.generate.CaptureEncoding;
import dev.weir.pipelines.generate.CaptureWriter;
import dev.weir.tools.cli.ExitCodes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The rules every command keeps for option values: a named value (a format, decoder, backend, runtime, engine, pipeline,
 * idle strategy, placement) is taken in lower case only, exactly as the help names it; a number beyond its type is "too
 * large", naming the bound; a duration as long as a {@code long} of milliseconds is taken, and one beyond it is "too
 * large"; the out-of-orderness {@code weir inspect} suggests is one {@code weir replay} takes; an unknown command is a
 * usage error, whatever follows it. Each refusal is one line and a pointer to the help, exit code 2.
 */
class OptionValueRulesTest {
    /** 2026-11-30T09:30:00Z in ns. */
    private static final long NINE_THIRTY = (1_795_996_800L + 34_200) * 1_000_000_000L;
    private static final Pattern SUGGESTION = Pattern.compile("  suggestion  --out-of-orderness (\\d+ms) \\(job: maxOutOfOrderness: (\\d+)\\)");

    @TempDir
    Path dir;

    private static String sample() {
        return Paths.get(System.getProperty("weir.repo.root")).resolve("examples/replay/itch-sample.pcap").toString();
    }

    private static void assertUsage(final CommandRun run, final String message, final String command) {
        assertEquals(ExitCodes.BAD_INPUT, run.exitCode(), run::describe);
        assertEquals(List.of("weir: " + message, "try 'weir " + command + " --help'"), run.errLines(), run::describe);
        assertEquals("", run.out(), run::describe);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "nexmark --help| unknown command 'nexmark' (commands: scenario, run, replay, inspect, generate, bench)",
        "nexmark| unknown command 'nexmark' (commands: scenario, run, replay, inspect, generate, bench)",
        "--help nexmark| unknown command 'nexmark' (commands: scenario, run, replay, inspect, generate, bench)",
        "Replay --help| unknown command 'Replay' (commands: scenario, run, replay, inspect, generate, bench)",
    })
    void anUnknownCommandIsAUsageErrorWhateverFollowsIt(final String args, final String message) {
        final CommandRun run = CommandRun.of(args.split(" "));
        assertEquals(ExitCodes.BAD_INPUT, run.exitCode(), run::describe);
        assertEquals(List.of("weir: " + message, "try 'weir --help'"), run.errLines(), run::describe);
        assertEquals("", run.out(), run::describe);
    }

    @Test
    void namedValuesAreTakenInLowerCaseOnlyByEveryCommand() {
        final String capture = sample();
        assertUsage(CommandRun.of("replay", "--pipeline", "ohlcv", "--format", "JSONL", capture),
                "--format: unknown output format 'JSONL' (csv, jsonl or lines)", "replay");
        assertUsage(CommandRun.of("replay", "--pipeline", "OHLCV", capture),
                "--pipeline: unknown pipeline 'OHLCV' (ohlcv, vwap, statsd-percentiles, statsd-counters, silent-hosts, tca)", "replay");
        assertUsage(CommandRun.of("replay", "--job", "job.yaml", "--decoder", "ITCH", capture), "--decoder: unknown decoder 'ITCH' (itch, statsd)",
                "replay");
        assertUsage(CommandRun.of("replay", "--pipeline", "ohlcv", "--state", "HEAP", capture),
                "Invalid value for option '--state': unknown state backend 'HEAP' (valid values: chronicle, heap)", "replay");
        assertUsage(CommandRun.of("inspect", "--format", "TEXT", capture), "--format must be text or json, got 'TEXT'", "inspect");
        assertUsage(CommandRun.of("inspect", "--decoder", "ITCH", capture), "--decoder must be auto, itch or statsd, got 'ITCH'", "inspect");
        assertUsage(CommandRun.of("generate", "itch", "--out", dir.resolve("x.pcap").toString(), "--format", "PCAPNG"),
                "--format must be pcap, pcapng or nasdaq-binary, got 'PCAPNG'", "generate itch");
        assertUsage(CommandRun.of("scenario", "--runtime", "THREADED", "job.yaml", "elements.csv"),
                "Invalid value for option '--runtime': unknown runtime 'THREADED' (valid values: deterministic, threaded)", "scenario");
        // an engine name is looked up as typed, among the engines on the class path, which the one line lists
        final CommandRun engine = CommandRun.of("scenario", "--engine", "FLINK", "job.yaml", "elements.csv");
        assertEquals(ExitCodes.BAD_INPUT, engine.exitCode(), engine::describe);
        assertEquals(List.of("weir: --engine FLINK: no engine of that name on the class path (engines: weir); an engine's module adds"
                + " its name when it is on the class path, as the ./weir launcher adds the flink-runner module when the command line"
                + " holds --engine flink"), engine.errLines(), engine::describe);
        for (final String[] bench : List.of(new String[] {"TUMBLING"}, new String[] {"tumbling", "--idle", "BACKOFF"},
                new String[] {"tumbling", "--state", "HEAP"}, new String[] {"tumbling", "--placement", "HOP"})) {
            final String[] args = new String[bench.length + 3];
            args[0] = "bench";
            System.arraycopy(bench, 0, args, 1, bench.length);
            args[bench.length + 1] = "--out";
            args[bench.length + 2] = dir.resolve("bench").toString();
            final CommandRun run = CommandRun.of(args);
            assertEquals(ExitCodes.BAD_INPUT, run.exitCode(), run::describe);
            assertEquals(1, run.errLines().size(), run::describe);
            assertTrue(run.errLines().get(0).contains("'" + (bench.length == 1 ? bench[0] : bench[2]) + "' is not")
                    || run.errLines().get(0).contains("no pipeline named 'TUMBLING'"), run::describe);
        }
    }

    @Test
    void wholeNumbersBeyondTheirTypeAreTooLarge() {
        final String capture = sample();
        assertUsage(CommandRun.of("replay", "--pipeline", "ohlcv", "--port", "99999999999", capture),
                "Invalid value for option '--port': '99999999999' is too large (at most 2147483647)", "replay");
        assertUsage(CommandRun.of("inspect", "--port", "-99999999999", capture),
                "Invalid value for option '--port': '-99999999999' is too small (at least -2147483648)", "inspect");
        assertUsage(CommandRun.of("inspect", "--port", "80x", capture), "Invalid value for option '--port': '80x' is not a whole number",
                "inspect");
        assertUsage(CommandRun.of("generate", "statsd", "--out", dir.resolve("x.pcap").toString(), "--messages", "9223372036854775808"),
                "Invalid value for option '--messages': '9223372036854775808' is too large (at most 9223372036854775807)", "generate statsd");
    }

    @Test
    void durationsAreTakenUpToTheLongestLongOfMilliseconds() {
        final String capture = sample();
        assertUsage(CommandRun.of("replay", "--pipeline", "ohlcv", "--out-of-orderness", "9223372036854775808ms", capture),
                "Invalid value for option '--out-of-orderness': '9223372036854775808ms' is too large (at most 9223372036854775807ms)", "replay");
        assertUsage(CommandRun.of("replay", "--pipeline", "ohlcv", "--out-of-orderness", "153722867280913m", capture),
                "Invalid value for option '--out-of-orderness': '153722867280913m' is too large (at most 9223372036854775807ms)", "replay");
        assertUsage(CommandRun.of("replay", "--pipeline", "ohlcv", "--out-of-orderness", "1e3ms", capture),
                "Invalid value for option '--out-of-orderness': '1e3ms' is not a duration (examples: 250ms, 2s, 1m)", "replay");
        final CommandRun longest = CommandRun.of("replay", "--pipeline", "ohlcv", "--out-of-orderness", "9223372036854775807ms", capture);
        assertEquals(0, longest.exitCode(), longest::describe);
        // with that bound no watermark passes a window before the end of input: every bar is still printed, at the end
        assertEquals(157, longest.outLines().size(), longest::describe);
    }

    /** A capture whose second file starts 40 years before the first: the lateness, and so the suggestion, has 13 digits. */
    @Test
    void theOutOfOrdernessInspectSuggestsIsOneReplayTakes() {
        final long fortyYearsNanos = 40L * 365 * 86_400 * 1_000_000_000L;
        final Path recent = statsd("recent.pcap", NINE_THIRTY);
        final Path old = statsd("old.pcap", NINE_THIRTY - fortyYearsNanos);
        final CommandRun inspect = CommandRun.of("inspect", recent.toString(), old.toString());
        assertEquals(0, inspect.exitCode(), inspect::describe);
        final Matcher suggestion = inspect.outLines().stream().map(SUGGESTION::matcher).filter(Matcher::matches).reduce((a, b) -> b)
                .orElseThrow(() -> new AssertionError("no suggestion: " + inspect.describe()));
        assertEquals(13, suggestion.group(2).length(), inspect::describe);
        assertEquals(suggestion.group(2) + "ms", suggestion.group(1));

        final CommandRun replay = CommandRun.of("replay", "--pipeline", "statsd-counters", "--out-of-orderness", suggestion.group(1),
                recent.toString(), old.toString());
        assertEquals(0, replay.exitCode(), replay::describe);
        // under the suggested bound no event of the older file is late: both files' counters are summed
        assertEquals(List.of("host,metric,window_start,sum", "10.0.0.9,requests,534591000000,10", "10.0.0.9,requests,1796031000000,10"),
                replay.outLines(), replay::describe);
        assertTrue(replay.errLines().contains("weir replay: 20 events, 2 rows, 2 windows fired, 0 late to side output, 0 late dropped"),
                replay::describe);
    }

    /** Five StatsD datagrams, 10 ms apart from {@code startNanos}, from 10.0.0.9:51000 to 10.0.0.1:8125. */
    private Path statsd(final String name, final long startNanos) {
        final Path file = dir.resolve(name);
        try (CaptureWriter writer = CaptureWriter.create(file, CaptureEncoding.PCAP_MICROSECONDS)) {
            for (int i = 0; i < 5; i++) {
                final byte[] bytes = ("requests:" + i + "|c\n").getBytes(StandardCharsets.US_ASCII);
                writer.datagram(startNanos + i * 10_000_000L, 10 << 24 | 9, 51_000, 10 << 24 | 1, 8125, new UnsafeBuffer(bytes), 0, bytes.length);
            }
        }
        return file;
    }
}
