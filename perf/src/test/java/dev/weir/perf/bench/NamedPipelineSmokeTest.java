package dev.weir.perf.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.clock.SystemNanoClock;
import dev.weir.perf.harness.ResultFiles;
import dev.weir.perf.harness.SystemResult;
import dev.weir.runtime.IdleStrategyKind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.yaml.snakeyaml.Yaml;

/**
 * Every registered named pipeline through {@link BenchRun} on a tiny input (5,000 events, one low rate and flat out,
 * one round): the summary parses and has every system and rate with numeric percentiles and the ratios, each .hgrm
 * file is HdrHistogram's percentile format, each plot is a PNG ImageIO reads and an SVG that parses. Forms only: no
 * figure is asserted, nothing is timed.
 */
final class NamedPipelineSmokeTest {
    private static final long LOW_RATE = 50_000;
    /** Tiny and deterministic: a few keys, a millisecond of event time per event, a watermark after every record. */
    static final BenchSettings TINY = BenchSettings.defaults().withRates(LOW_RATE, 0).withRounds(1).withWarmUpEvents(1_000)
            .withMeasuredEvents(4_000).withKeys(16).withEventsPerSecondOfEventTime(1_000).withWatermarkIntervalMillis(0).withRingSize(1024)
            .withIdleStrategy(IdleStrategyKind.BACKOFF);

    static Stream<String> pipelines() {
        return NamedPipelines.all().stream().map(NamedPipeline::name);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pipelines")
    void runsOnATinyInputAndWritesWellFormedFiles(final String name, @TempDir final Path out) throws Exception {
        final List<String> progress = new ArrayList<>();
        final BenchReport report = new BenchRun<>(NamedPipelines.find(name).orElseThrow(), TINY, List.of())
                .run(SystemNanoClock.INSTANCE, out, progress::add);
        assertEquals(List.of("round 1/1, rate 50000/s: ceiling", "round 1/1, rate 50000/s: weir", "round 1/1, rate max: ceiling",
                "round 1/1, rate max: weir"), progress);
        assertEquals(List.of("ceiling 50000", "weir 50000", "ceiling max", "weir max"),
                report.results().stream().map(result -> result.system() + " " + (result.rate() == 0 ? "max" : result.rate())).toList());

        final Map<String, Object> summary = new Yaml().load(Files.readString(out.resolve("summary.json")));
        final List<?> results = (List<?>) summary.get("results");
        assertEquals(4, results.size());
        for (int i = 0; i < results.size(); i++) {
            final Map<?, ?> entry = (Map<?, ?>) results.get(i);
            final SystemResult result = report.results().get(i);
            assertEquals(result.system(), entry.get("system"));
            assertEquals(result.rate() == 0 ? "max" : Long.toString(result.rate()), entry.get("rate"));
            final Map<?, ?> latency = (Map<?, ?>) entry.get("latencyNanos");
            for (final String percentile : List.of("p50", "p90", "p99", "p99.9", "p99.99", "max", "mean", "count")) {
                assertTrue(latency.get(percentile) instanceof Number, percentile + " of " + entry);
            }
            assertTrue(((Number) latency.get("count")).longValue() > 0, "measured results of " + entry);
            assertTrue(entry.get("eventsPerSecond") instanceof Number, "throughput of " + entry);
            assertTrue(entry.get("bytesPerEvent") instanceof Number, "allocation of " + entry);
            assertHgrm(out.resolve(ResultFiles.hgrmName(result)));
        }
        final List<?> ratios = (List<?>) summary.get("ratios");
        assertEquals(2, ratios.size());
        for (int i = 0; i < ratios.size(); i++) {
            final Map<?, ?> ratio = (Map<?, ?>) ratios.get(i);
            assertEquals(List.of("weir", "ceiling", i == 0 ? "50000" : "max"),
                    List.of(ratio.get("system"), ratio.get("against"), ratio.get("rate")));
            assertTrue(ratio.get("throughput") instanceof Number && ratio.get("p99Latency") instanceof Number, "ratio " + ratio);
        }

        final List<String> expectedFiles = new ArrayList<>(List.of("ceiling-50000.hgrm", "weir-50000.hgrm", "ceiling-max.hgrm",
                "weir-max.hgrm", "summary.json", "latency-50000.png", "latency-50000.svg", "latency-max.png", "latency-max.svg",
                "throughput.png", "throughput.svg"));
        assertEquals(expectedFiles, report.files().stream().map(file -> file.getFileName().toString()).toList());
        final DocumentBuilderFactory xml = DocumentBuilderFactory.newInstance();
        // the SVG names its DTD; well-formedness needs no download of it
        xml.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        for (final String plot : List.of("latency-50000", "latency-max", "throughput")) {
            final byte[] png = Files.readAllBytes(out.resolve(plot + ".png"));
            assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'}, Arrays.copyOf(png, 8));
            assertNotNull(ImageIO.read(out.resolve(plot + ".png").toFile()), plot + ".png decodes");
            assertEquals("svg", xml.newDocumentBuilder().parse(out.resolve(plot + ".svg").toFile()).getDocumentElement().getNodeName());
        }
        assertTrue(report.text().contains("weir/ceiling: throughput "), report.text());
    }

    /** HdrHistogram's percentile output: a header, rows of four numbers, then the Mean, Max and Total count footer. */
    private static void assertHgrm(final Path file) throws IOException {
        final List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        assertEquals(List.of("Value", "Percentile", "TotalCount", "1/(1-Percentile)"), Arrays.asList(lines.get(0).trim().split("\\s+")),
                file.toString());
        assertEquals("", lines.get(1).trim());
        int row = 2;
        while (!lines.get(row).startsWith("#")) {
            final String[] cells = lines.get(row).trim().split("\\s+");
            assertTrue(cells.length == 3 || cells.length == 4, "row " + row + " of " + file + ": " + lines.get(row));
            Double.parseDouble(cells[0]);
            assertTrue(Double.parseDouble(cells[1]) <= 1.0, lines.get(row));
            Long.parseLong(cells[2]);
            row++;
        }
        assertTrue(row > 2, "rows in " + file);
        assertTrue(lines.get(row).matches("#\\[Mean\\s+=\\s+[0-9.]+, StdDeviation\\s+=\\s+[0-9.]+]"), lines.get(row));
        assertTrue(lines.get(row + 1).matches("#\\[Max\\s+=\\s+[0-9.]+, Total count\\s+=\\s+[0-9]+]"), lines.get(row + 1));
        assertTrue(lines.get(row + 2).startsWith("#[Buckets"), lines.get(row + 2));
    }
}
