package dev.weir.perf.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.perf.SystemNanoClock;
import dev.weir.perf.harness.PipelineFactory;
import dev.weir.perf.harness.Ratio;
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

        @Override
        public String name() {
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

    @Test
    void runsCeilingThenWeirThenEachComparedEngineInOrder(@TempDir final Path out) throws Exception {
        final BenchRun<BenchEvent> run = new BenchRun<>(new PassThroughPipeline(), NamedPipelineSmokeTest.TINY.withRates(0),
                List.of("two", "one"), List.of(new TwinEngine("one", false), new TwinEngine("two", false)));
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

    @Test
    void aWindowedRunWithoutAFiringWatermarkSaysWhatToChange(@TempDir final Path out) {
        // the first periodic watermark is due an hour after the start: every window is fired by the end of the input
        final BenchRun<BenchEvent> run = new BenchRun<>(new TumblingPipeline(),
                NamedPipelineSmokeTest.TINY.withRates(0).withWatermarkIntervalMillis(3_600_000), List.of());
        final IllegalStateException failure = assertThrows(IllegalStateException.class,
                () -> run.run(SystemNanoClock.INSTANCE, out, line -> { }));
        // 16 keys x 5 windows of event time
        assertEquals("weir at rate max: none of 80 results reaching the sink was measured; does the sink report to Arrivals, and is"
                + " the measured part long enough? (tumbling is windowed: a window result is measured only when a watermark fires it;"
                + " give more events, a higher event-time pace or a shorter watermark interval)", failure.getMessage());
    }

    @Test
    void anEngineNotOnTheClassPathIsOneMessageListingThoseFound() {
        assertEquals("no engine named 'flink' to compare with; engines on the class path: none"
                + " (./weir puts flink-runner on the class path only for --compare flink)",
                assertThrows(IllegalArgumentException.class,
                        () -> new BenchRun<>(new TumblingPipeline(), BenchSettings.defaults(), List.of("flink"), List.of())).getMessage());
        assertEquals("no engine named 'spark' to compare with; engines on the class path: one, two"
                + " (./weir puts flink-runner on the class path only for --compare flink)",
                assertThrows(IllegalArgumentException.class, () -> new BenchRun<>(new TumblingPipeline(), BenchSettings.defaults(),
                        List.of("spark"), List.of(new TwinEngine("one", false), new TwinEngine("two", false)))).getMessage());
        // this module registers no engine: ServiceLoader finds none
        assertEquals("no engine named 'flink' to compare with; engines on the class path: none"
                + " (./weir puts flink-runner on the class path only for --compare flink)",
                assertThrows(IllegalArgumentException.class,
                        () -> new BenchRun<>(new TumblingPipeline(), BenchSettings.defaults(), List.of("flink"))).getMessage());
    }

    @Test
    void anEngineThatCannotRunThePipelineSaysWhy() {
        assertEquals("tumbling cannot run on one: it has no windows", assertThrows(PipelineRefusedException.class,
                () -> new BenchRun<>(new TumblingPipeline(), BenchSettings.defaults(), List.of("one"), List.of(new TwinEngine("one", true))))
                .getMessage());
    }

    @Test
    void anEngineMayNotTakeASystemNameTwice() {
        assertEquals("engine 'one' names a system 'one-a', which is taken", assertThrows(IllegalArgumentException.class,
                () -> new BenchRun<>(new TumblingPipeline(), BenchSettings.defaults(), List.of("one", "one"),
                        List.of(new TwinEngine("one", false)))).getMessage());
    }
}
