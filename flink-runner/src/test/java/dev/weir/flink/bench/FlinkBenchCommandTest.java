package dev.weir.flink.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.flink.cli.WeirCli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.yaml.snakeyaml.Yaml;

/**
 * {@code weir bench --compare flink} through the command line's entry point with flink-runner on the class path (as
 * {@code ./weir} runs it): a tiny run of {@code tumbling} runs and reports {@code ceiling}, {@code weir}, {@code flink}
 * and {@code flink-bt0}, each system's files written, and so do {@code union} and {@code interval-join}; {@code ohlcv} is one line
 * and exit code 2. Nothing is timed.
 */
class FlinkBenchCommandTest {
    private static final List<String> SYSTEMS = List.of("ceiling", "weir", "flink", "flink-bt0");

    @Test
    void tumblingComparedWithFlinkWritesTheResultsOfEverySystem(@TempDir final Path out) throws Exception {
        final WeirCli run = WeirCli.of("bench", "tumbling", "--compare", "flink", "--out", out.toString(), "--rates", "20k", "--rounds", "1",
                "--warmup", "500", "--events", "4k", "--keys", "4", "--event-time-pace", "1k", "--idle", "backoff", "--ring-size", "256",
                "--watermark-interval", "0ms");
        assertEquals(0, run.exitCode(), run::describe);
        final List<String> lines = run.lines();
        assertEquals("tumbling at 20,000 events/s, latency in µs:", lines.get(0), run::describe);
        final List<String> systems = lines.subList(3, 3 + SYSTEMS.size()).stream().map(line -> line.split(" +")[0])
                .collect(Collectors.toList());
        assertEquals(SYSTEMS, systems, run::describe);
        for (final String other : List.of("ceiling", "flink", "flink-bt0")) {
            assertTrue(lines.stream().anyMatch(line -> line.matches("weir/" + other + ": throughput [0-9.]+x, p99 latency [0-9.]+x")),
                    run::describe);
        }
        final List<String> progress = Arrays.asList(run.err().split("\n"));
        assertEquals("weir bench: tumbling: ceiling, weir, flink, flink-bt0; results into " + out, progress.get(0), run::describe);
        for (final String system : SYSTEMS) {
            assertTrue(Files.size(out.resolve(system + "-20000.hgrm")) > 0, system);
        }
        for (final String file : List.of("latency-20000.png", "latency-20000.svg", "throughput.png", "throughput.svg")) {
            assertTrue(Files.size(out.resolve(file)) > 0, file);
        }
        final Map<String, Object> summary = new Yaml().load(Files.readString(out.resolve("summary.json")));
        final List<String> measured = new ArrayList<>();
        for (final Object entry : (List<?>) summary.get("results")) {
            final Map<?, ?> result = (Map<?, ?>) entry;
            measured.add(result.get("system") + " " + ((Map<?, ?>) result.get("latencyNanos")).get("count") + " measured, "
                    + result.get("unattributedResults") + " unattributed");
        }
        // 4,500 events 1 ms of event time apart: 4 keys x 4 windows fired by a watermark, the fifth window of each key by the
        // end of the input
        assertEquals(SYSTEMS.stream().map(system -> system + " 16 measured, 4 unattributed").collect(Collectors.toList()), measured,
                run::describe);
    }

    /**
     * The two-input pipelines compared with Flink print every system's figures and Weir's ratio to each of the others,
     * and every system measures what the ceiling measures. Needs the Flink translation of unions and interval joins.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"union", "interval-join"})
    void twoInputPipelinesComparedWithFlinkPrintEverySystemAndItsRatio(final String pipeline, @TempDir final Path out) throws Exception {
        final WeirCli run = WeirCli.of("bench", pipeline, "--compare", "flink", "--out", out.toString(), "--rates", "20k", "--rounds", "1",
                "--warmup", "500", "--events", "4k", "--keys", "4", "--event-time-pace", "1k", "--idle", "backoff", "--ring-size", "256",
                "--watermark-interval", "0ms", "--out-of-orderness", "20ms");
        assertEquals(0, run.exitCode(), run::describe);
        final List<String> lines = run.lines();
        assertEquals(pipeline + " at 20,000 events/s, latency in µs:", lines.get(0), run::describe);
        final List<String> systems = lines.subList(3, 3 + SYSTEMS.size()).stream().map(line -> line.split(" +")[0])
                .collect(Collectors.toList());
        assertEquals(SYSTEMS, systems, run::describe);
        for (final String other : List.of("ceiling", "flink", "flink-bt0")) {
            assertTrue(lines.stream().anyMatch(line -> line.matches("weir/" + other + ": throughput [0-9.]+x, p99 latency [0-9.]+x")),
                    run::describe);
        }
        assertEquals("weir bench: " + pipeline + ": ceiling, weir, flink, flink-bt0; results into " + out,
                Arrays.asList(run.err().split("\n")).get(0), run::describe);
        final Map<String, Object> summary = new Yaml().load(Files.readString(out.resolve("summary.json")));
        final List<String> measured = new ArrayList<>();
        for (final Object entry : (List<?>) summary.get("results")) {
            final Map<?, ?> result = (Map<?, ?>) entry;
            measured.add(((Map<?, ?>) result.get("latencyNanos")).get("count") + " measured, " + result.get("unattributedResults")
                    + " unattributed");
        }
        assertEquals(SYSTEMS.size(), measured.size(), run::describe);
        for (final String each : measured) {
            assertEquals(measured.get(0), each, "every system as the ceiling: " + measured);
        }
    }

    @Test
    void ohlcvComparedWithFlinkIsOneLineAndExitCodeTwo(@TempDir final Path out) {
        final WeirCli run = WeirCli.of("bench", "ohlcv", "--compare=flink", "--out", out.toString());
        assertEquals(2, run.exitCode(), run::describe);
        assertEquals("weir bench: --compare: ohlcv does not run on flink: step 0 (source): the timestamp assigner cannot be shipped to"
                + " Flink's tasks: it is not serializable; make it a Serializable class, or cast the lambda to an intersection with"
                + " Serializable, e.g. (Function<A, B> & Serializable)\n", run.err(), run::describe);
        assertEquals("", run.out(), run::describe);
    }
}
