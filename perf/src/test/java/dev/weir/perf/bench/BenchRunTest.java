package dev.weir.perf.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.StagePlacement;
import dev.weir.clock.SystemNanoClock;
import dev.weir.perf.harness.PipelineFactory;
import dev.weir.perf.harness.Ratio;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The systems a run is made of, in order, with compared engines; the messages when an engine is missing or refuses. */
final class BenchRunTest {
    /** An engine that runs the pipeline's ceiling under two names of its own, or refuses when told to. */
    private static final class TwinEngine implements ComparedEngine {
        private final String name;
        private final boolean refuses;

        TwinEngine(final String name, final boolean refuses) {
            this.name = name;
            this.refuses = refuses;
        }

        String name() {
            return name;
        }

        @Override
        public <E> Map<String, PipelineFactory<E>> systems(final NamedPipeline<E> pipeline, final BenchSettings settings) {
            if (refuses) {
                throw new PipelineRefusedException(pipeline.name() + " cannot run on " + name + ": it has no windows");
            }
            final Map<String, PipelineFactory<E>> systems = new LinkedHashMap<>();
            systems.put(name + "-a", pipeline.ceiling(settings));
            systems.put(name + "-b", pipeline.ceiling(settings));
            return systems;
        }
    }

    /** @return the engines by name, as the run finds them on the class path */
    private static Map<String, ComparedEngine> engines(final TwinEngine... engines) {
        final Map<String, ComparedEngine> byName = new LinkedHashMap<>();
        for (final TwinEngine engine : engines) {
            byName.put(engine.name(), engine);
        }
        return byName;
    }

    @Test
    void runsCeilingThenWeirThenEachComparedEngineInOrder(@TempDir final Path out) throws Exception {
        final BenchRun<BenchEvent> run = new BenchRun<>(new PassThroughPipeline(), NamedPipelineSmokeTest.TINY.withRates(0),
                List.of("two", "one"), engines(new TwinEngine("one", false), new TwinEngine("two", false)));
        assertEquals(List.of("ceiling", "weir", "two-a", "two-b", "one-a", "one-b"), run.systemNames());
        final List<String> progress = new ArrayList<>();
        final BenchReport report = run.run(SystemNanoClock.INSTANCE, out, progress::add);
        assertEquals(List.of("round 1/1, rate max: ceiling", "round 1/1, rate max: weir", "round 1/1, rate max: two-a",
                "round 1/1, rate max: two-b", "round 1/1, rate max: one-a", "round 1/1, rate max: one-b"),
                progress);
        assertEquals(List.of("weir/ceiling", "weir/two-a", "weir/two-b", "weir/one-a", "weir/one-b"),
                report.ratios().stream().map(ratio -> ratio.system() + "/" + ratio.against()).toList());
        for (final Ratio ratio : report.ratios()) {
            assertEquals(0, ratio.rate());
        }
    }

    /** Placements of the keyed stage compared: one Weir system each, each with its ratio to every other system. */
    @Test
    void runsOneWeirSystemPerPlacement(@TempDir final Path out) throws Exception {
        final BenchRun<BenchEvent> run = new BenchRun<>(new TumblingPipeline(), NamedPipelineSmokeTest.TINY.withRates(0)
                .withPlacements(StagePlacement.HOP, StagePlacement.INLINE), List.of("one"), engines(new TwinEngine("one", false)));
        assertEquals(List.of("ceiling", "weir-hop", "weir-inline", "one-a", "one-b"), run.systemNames());
        final List<String> progress = new ArrayList<>();
        final BenchReport report = run.run(SystemNanoClock.INSTANCE, out, progress::add);
        assertEquals(List.of("round 1/1, rate max: ceiling", "round 1/1, rate max: weir-hop", "round 1/1, rate max: weir-inline",
                "round 1/1, rate max: one-a", "round 1/1, rate max: one-b"), progress);
        assertEquals(List.of("weir-hop/ceiling", "weir-hop/one-a", "weir-hop/one-b", "weir-inline/ceiling", "weir-inline/one-a",
                "weir-inline/one-b"), report.ratios().stream().map(ratio -> ratio.system() + "/" + ratio.against()).toList());
        assertEquals(List.of("ceiling", "weir-inline"), new BenchRun<>(new PassThroughPipeline(),
                NamedPipelineSmokeTest.TINY.withPlacements(StagePlacement.INLINE), List.of(), Map.of()).systemNames());
    }

    /** A system that measures no latency loses nothing else: the others' results, the ratios and the files stay. */
    @Test
    void aWindowedRunWithoutAFiringWatermarkIsReportedAsNotMeasuredWithWhatToChange(@TempDir final Path out) throws Exception {
        // the first periodic watermark is due an hour after the start: every window of Weir's is fired by the end of the
        // input; the ceiling fires its windows as events of later windows arrive
        final BenchReport report = new BenchRun<>(new TumblingPipeline(),
                NamedPipelineSmokeTest.TINY.withRates(0).withWatermarkIntervalMillis(3_600_000), List.of())
                .run(SystemNanoClock.INSTANCE, out, line -> { });
        assertEquals(List.of("ceiling true", "weir false"),
                report.results().stream().map(result -> result.system() + " " + result.measured()).toList());
        final List<String> lines = report.text().lines().toList();
        assertTrue(lines.get(4).matches("weir +n/a +n/a +n/a +n/a +n/a +n/a +[0-9,]+ +[0-9.]+ +[0-9]+ +80"), lines.get(4));
        // 16 keys x 5 windows of event time
        assertEquals("note: weir at max measured no latency: 80 window results were fired by the end of the input, not by a watermark;"
                + " a window result is measured only when a watermark fires it: give more events, a higher event-time pace or a shorter"
                + " watermark interval", lines.get(5));
        assertTrue(lines.get(6).matches("weir/ceiling: throughput [0-9.]+x, p99 latency n/a"), lines.get(6));
        assertTrue(report.measuredAny());
        assertTrue(Files.isRegularFile(out.resolve("ceiling-max.hgrm")));
        assertFalse(Files.exists(out.resolve("weir-max.hgrm")));
        assertTrue(Files.readString(out.resolve("summary.json")).contains("{\"system\": \"weir\", \"rate\": \"max\", \"measured\": false,"));
    }

    @Test
    void anEngineNotOnTheClassPathIsOneMessageListingThoseFound() {
        assertEquals("no engine named 'flink' to compare with; engines on the class path: none"
                + " (./weir puts flink-runner on the class path only for --compare flink)",
                assertThrows(IllegalArgumentException.class,
                        () -> new BenchRun<>(new TumblingPipeline(), BenchSettings.defaults(), List.of("flink"), Map.of())).getMessage());
        assertEquals("no engine named 'spark' to compare with; engines on the class path: one, two"
                + " (./weir puts flink-runner on the class path only for --compare flink)",
                assertThrows(IllegalArgumentException.class, () -> new BenchRun<>(new TumblingPipeline(), BenchSettings.defaults(),
                        List.of("spark"), engines(new TwinEngine("one", false), new TwinEngine("two", false)))).getMessage());
        // this module registers no engine: ServiceLoader finds none
        assertEquals("no engine named 'flink' to compare with; engines on the class path: none"
                + " (./weir puts flink-runner on the class path only for --compare flink)",
                assertThrows(IllegalArgumentException.class,
                        () -> new BenchRun<>(new TumblingPipeline(), BenchSettings.defaults(), List.of("flink"))).getMessage());
    }

    @Test
    void anEngineThatCannotRunThePipelineSaysWhy() {
        assertEquals("tumbling cannot run on one: it has no windows", assertThrows(PipelineRefusedException.class,
                () -> new BenchRun<>(new TumblingPipeline(), BenchSettings.defaults(), List.of("one"), engines(new TwinEngine("one", true))))
                .getMessage());
    }

    @Test
    void anEngineMayNotTakeASystemNameTwice() {
        assertEquals("engine 'one' names a system 'one-a', which is taken", assertThrows(IllegalArgumentException.class,
                () -> new BenchRun<>(new TumblingPipeline(), BenchSettings.defaults(), List.of("one", "one"),
                        engines(new TwinEngine("one", false)))).getMessage());
    }
}
