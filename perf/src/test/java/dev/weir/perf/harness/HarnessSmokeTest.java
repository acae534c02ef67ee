package dev.weir.perf.harness;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.StreamPipeline;
import dev.weir.clock.SystemNanoClock;
import dev.weir.operator.KeyedProcessFunction;
import dev.weir.runtime.threaded.RunningPipeline;
import dev.weir.source.Publisher;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;

/**
 * The harness end to end on a tiny input: two real Weir pipelines (per-record and windowed), flat out and at a fixed
 * rate, two rounds; the result files are checked for form, not for figures (nothing here is timed).
 */
final class HarnessSmokeTest {
    private static final long RATE = 20_000;
    private static final int KEYS = 4;

    /** The smoke test's event: a key, an event time and an intended send time, refilled in place. */
    static final class Reading {
        Integer key;
        long eventTimeMillis;
        long intendedNanos;
    }

    /** Pre-allocated readings, more than the pipelines can hold in flight; one millisecond of event time apart. */
    private static final class Readings implements EventFactory<Reading> {
        private final Reading[] readings = new Reading[1 << 14];
        private final Integer[] keys = new Integer[KEYS];

        Readings() {
            for (int i = 0; i < readings.length; i++) {
                readings[i] = new Reading();
            }
            for (int i = 0; i < KEYS; i++) {
                keys[i] = i;
            }
        }

        @Override
        public Reading next(final long index, final long intendedNanos) {
            final Reading reading = readings[(int) (index & (readings.length - 1))];
            reading.key = keys[(int) (index % KEYS)];
            reading.eventTimeMillis = index;
            reading.intendedNanos = intendedNanos;
            return reading;
        }
    }

    /** A Weir pipeline fed through a publisher, built by {@code body} from the source stream's publisher. */
    private static final class WeirPipeline implements BenchmarkedPipeline<Reading> {
        private final StreamPipeline pipeline = StreamPipeline.named("smoke").channelCapacity(1024);
        private final Publisher<Reading> publisher = pipeline.publisher("readings");
        private RunningPipeline running;

        WeirPipeline(final Consumer<WeirPipeline> body) {
            body.accept(this);
        }

        @Override
        public void start() {
            running = pipeline.start();
        }

        @Override
        public void send(final Reading event) {
            publisher.publish(event, event.eventTimeMillis);
        }

        @Override
        public void finish() throws InterruptedException {
            publisher.end();
            final boolean ended = running.awaitTermination(Duration.ofMinutes(1));
            running.close();
            assertTrue(ended, "the pipeline ended");
        }

        @Override
        public List<Thread> threads() {
            return running.threads();
        }
    }

    private static BenchmarkedPipeline<Reading> passThrough(final Arrivals arrivals) {
        return new WeirPipeline(weir -> {
            final KeyedProcessFunction<Integer, Reading, Reading> identity = (reading, context, out) -> out.collect(reading);
            weir.pipeline.from(weir.publisher, WatermarkStrategy.<Reading>forMonotonousTimestamps())
                    .keyBy(reading -> reading.key)
                    .process(identity)
                    .sink((reading, timestamp) -> arrivals.record(reading.intendedNanos));
        });
    }

    private static BenchmarkedPipeline<Reading> tumbling(final Arrivals arrivals) {
        return new WeirPipeline(weir -> weir.pipeline
                .from(weir.publisher, arrivals.attributed(WatermarkStrategy.<Reading>forPunctuation((reading, timestamp) -> timestamp - 1),
                        reading -> reading.intendedNanos))
                .keyBy(reading -> reading.key)
                .window(TumblingEventTimeWindows.of(10))
                // the result's content does not matter here, only the window's timestamp the sink receives
                .reduce((earlier, later) -> later)
                .sink((latest, windowMaxTimestamp) -> arrivals.recordWindowResult(windowMaxTimestamp)));
    }

    @Test
    void writesWellFormedResultFilesForEverySystemAndRate(@TempDir final Path directory) throws Exception {
        final BenchmarkPlan plan = new BenchmarkPlan(new long[] {BenchmarkPlan.FLAT_OUT, RATE}, 200, 1_000, 2);
        final List<SystemResult> results = new Harness<>(SystemNanoClock.INSTANCE, new Readings())
                .system("pass-through", HarnessSmokeTest::passThrough)
                .system("tumbling 10 ms", HarnessSmokeTest::tumbling)
                .run(plan);
        assertEquals(List.of("pass-through max", "tumbling 10 ms max", "pass-through 20000", "tumbling 10 ms 20000"),
                results.stream().map(result -> result.system() + " " + BenchmarkPlan.label(result.rate())).toList());
        // every measured event of both rounds reached the pass-through sink; tumbling: 4 keys x 100 windows x 2 rounds,
        // the windows [190, 200) to [1180, 1190)
        assertEquals(2_000, results.get(0).histogram().getTotalCount());
        assertEquals(800, results.get(1).histogram().getTotalCount());
        // the last window, [1190, 1200), is fired by the end of the input (the last watermark is 1198): its results,
        // 4 keys x 2 rounds, are counted but not measured; [190, 200) is fired after event 200, the first measured
        assertEquals(0, results.get(0).unattributed());
        assertEquals(8, results.get(1).unattributed());

        final List<Path> files = ResultFiles.write(directory, results, plan);
        assertEquals(List.of("pass-through-max.hgrm", "tumbling-10-ms-max.hgrm", "pass-through-20000.hgrm", "tumbling-10-ms-20000.hgrm",
                "summary.json", "latency-max.png", "latency-max.svg", "latency-20000.png", "latency-20000.svg", "throughput.png",
                "throughput.svg"), files.stream().map(file -> file.getFileName().toString()).toList());

        final Map<String, Object> summary = new Yaml().load(Files.readString(directory.resolve("summary.json")));
        assertEquals(Runtime.getRuntime().availableProcessors(), ((Map<?, ?>) summary.get("machine")).get("cpus"));
        assertTrue(((String) summary.get("jvm")).contains(System.getProperty("java.vm.version")));
        assertEquals(List.of("max", "20000"), ((Map<?, ?>) summary.get("plan")).get("rates"));
        assertEquals(0, ((Map<?, ?>) summary.get("plan")).get("warmUpRounds"));
        final List<?> summaryResults = (List<?>) summary.get("results");
        assertEquals(4, summaryResults.size());
        for (int i = 0; i < results.size(); i++) {
            final Map<?, ?> entry = (Map<?, ?>) summaryResults.get(i);
            final Map<?, ?> latency = (Map<?, ?>) entry.get("latencyNanos");
            assertEquals(results.get(i).system(), entry.get("system"));
            assertEquals(ResultFiles.hgrmName(results.get(i)), entry.get("hgrm"));
            assertEquals(results.get(i).histogram().getTotalCount(), ((Number) latency.get("count")).longValue());
            assertEquals(results.get(i).histogram().getValueAtPercentile(99.9), ((Number) latency.get("p99.9")).longValue());
            assertEquals(results.get(i).gcCount(), ((Number) entry.get("gcCount")).longValue());
            assertEquals(results.get(i).unattributed(), ((Number) entry.get("unattributedResults")).longValue());
            assertTrue(((Number) entry.get("eventsPerSecond")).doubleValue() > 0);
            assertEquals(2, ((List<?>) entry.get("eventsPerSecondByRound")).size());
            assertEquals(((Number) entry.get("bytesPerEvent")).doubleValue(), ((Number) entry.get("generatorBytesPerEvent")).doubleValue()
                    + ((Number) entry.get("pipelineBytesPerEvent")).doubleValue(), 0.002);
        }

        for (final SystemResult result : results) {
            final List<String> hgrm = Files.readAllLines(directory.resolve(ResultFiles.hgrmName(result)), StandardCharsets.UTF_8);
            assertEquals(List.of("Value", "Percentile", "TotalCount", "1/(1-Percentile)"), Arrays.asList(hgrm.get(0).trim().split("\\s+")));
            assertTrue(hgrm.stream().anyMatch(line -> line.startsWith("#[Mean")));
            assertTrue(hgrm.get(hgrm.size() - 1).startsWith("#[Buckets"));
        }
        final DocumentBuilderFactory xml = DocumentBuilderFactory.newInstance();
        // the SVG names its DTD; well-formedness needs no download of it
        xml.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        for (final String plot : List.of("latency-max", "latency-20000", "throughput")) {
            final byte[] png = Files.readAllBytes(directory.resolve(plot + ".png"));
            assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'}, Arrays.copyOf(png, 8));
            assertEquals("svg", xml.newDocumentBuilder().parse(directory.resolve(plot + ".svg").toFile())
                    .getDocumentElement().getNodeName());
        }
    }
}
