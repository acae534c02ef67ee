package dev.weir.flink.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.DataStream;
import dev.weir.api.StreamPipeline;
import dev.weir.flink.FlinkJob;
import dev.weir.flink.FlinkTarget;
import dev.weir.flink.source.HandoffSource;
import dev.weir.flink.source.LocalHandoff;
import dev.weir.flink.translation.PipelineTranslation;
import dev.weir.engines.Engines;
import dev.weir.engines.ExecutionEngine;
import dev.weir.state.CountSum;
import dev.weir.state.CountSumAggregate;
import dev.weir.clock.SystemNanoClock;
import dev.weir.perf.bench.BenchEvent;
import dev.weir.perf.bench.BenchEventPipeline;
import dev.weir.perf.bench.BenchEvents;
import dev.weir.perf.bench.BenchSettings;
import dev.weir.perf.bench.ComparedEngine;
import dev.weir.perf.bench.NamedPipeline;
import dev.weir.perf.bench.OhlcvPipeline;
import dev.weir.perf.bench.PassThroughPipeline;
import dev.weir.perf.bench.PipelineRefusedException;
import dev.weir.perf.bench.SessionPipeline;
import dev.weir.perf.bench.SlidingPipeline;
import dev.weir.perf.bench.TumblingPipeline;
import dev.weir.perf.bench.WeirSystem;
import dev.weir.perf.bench.WindowResultSink;
import dev.weir.perf.harness.Arrivals;
import dev.weir.perf.harness.BenchmarkPlan;
import dev.weir.perf.harness.EventFactory;
import dev.weir.perf.harness.Harness;
import dev.weir.perf.harness.PipelineFactory;
import dev.weir.perf.harness.SystemResult;
import dev.weir.runtime.IdleStrategyKind;
import dev.weir.runtime.sink.Sink;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.apache.flink.streaming.api.graph.StreamNode;
import org.junit.jupiter.api.Test;

/**
 * {@code --compare flink}: the named pipelines on the benchmark harness as {@code flink} and {@code flink-bt0} beside
 * Weir and the ceiling, each system reporting the same results (counted, and for tumbling compared value by value),
 * nothing timed. The input: 10,000 events over 4 keys, one millisecond of event time apart, so 10 one-second windows
 * per key; watermarks after every record (interval 0), so which watermark fires a window does not depend on timing.
 */
class FlinkComparedEngineTest {
    private static final int EVENTS = 10_000;
    private static final BenchSettings SMALL = BenchSettings.defaults().withKeys(4).withEventsPerSecondOfEventTime(1_000)
            .withRingSize(256).withIdleStrategy(IdleStrategyKind.BACKOFF).withWatermarkIntervalMillis(0)
            .withRates(50_000).withRounds(1).withWarmUpEvents(0).withMeasuredEvents(EVENTS);
    private static final List<String> SYSTEMS = List.of("weir", "ceiling", "flink", "flink-bt0");

    @Test
    void theEngineIsFoundByItsName() {
        final List<String> names = Engines.all().stream().filter(engine -> engine.facet(ComparedEngine.class).isPresent())
                .map(ExecutionEngine::name).collect(Collectors.toList());
        assertEquals(List.of("flink"), names);
        assertInstanceOf(FlinkComparedEngine.class, Engines.named("flink").orElseThrow().facet(ComparedEngine.class).orElseThrow());
    }

    @Test
    void tumblingReportsEveryWindowOnEverySystem() throws InterruptedException {
        final List<SystemResult> results = run(new TumblingPipeline(), SMALL);
        assertEquals(SYSTEMS, results.stream().map(SystemResult::system).collect(Collectors.toList()));
        for (final SystemResult result : results) {
            // 4 keys x 10 windows; the last window of each key is fired by the end of the input: unattributed
            assertEquals(36, result.histogram().getTotalCount(), result.system());
            assertEquals(4, result.unattributed(), result.system());
        }
    }

    @Test
    void passThroughReportsEveryRecordOnEverySystem() throws InterruptedException {
        final List<SystemResult> results = run(new PassThroughPipeline(), SMALL);
        assertEquals(SYSTEMS, results.stream().map(SystemResult::system).collect(Collectors.toList()));
        for (final SystemResult result : results) {
            assertEquals(EVENTS, result.histogram().getTotalCount(), result.system());
            assertEquals(0, result.unattributed(), result.system());
        }
    }

    @Test
    void tumblingComputesTheSameWindowsOnWeirAndOnBothFlinkSystems() throws InterruptedException {
        // interval 0 on one keyed instance is tumblingReportsEveryWindowOnEverySystem's case
        for (final BenchSettings settings : List.of(SMALL.withParallelism(2), SMALL.withWatermarkIntervalMillis(5))) {
            RecordedTumbling.RUNS.clear();
            final List<SystemResult> results = run(new RecordedTumbling(), settings);
            assertEquals(SYSTEMS, results.stream().map(SystemResult::system).collect(Collectors.toList()));
            // every run but the ceiling's (which has no sink) recorded its windows
            assertEquals(3, RecordedTumbling.RUNS.size());
            final List<String> expected = expectedWindows(settings);
            for (final List<String> run : RecordedTumbling.RUNS) {
                final List<String> windows = new ArrayList<>(run);
                Collections.sort(windows);
                assertEquals(expected, windows, "parallelism " + settings.parallelism() + ", interval " + settings.watermarkIntervalMillis());
            }
        }
    }

    @Test
    void flinkBt0SendsEveryRecordAtOnceAndFlinkKeepsFlinksTimeout() throws Exception {
        final Map<String, FlinkTarget> targets = FlinkComparedEngine.targets(SMALL.withParallelism(3));
        assertEquals(List.of("flink", "flink-bt0"), new ArrayList<>(targets.keySet()));
        for (final Map.Entry<String, FlinkTarget> target : targets.entrySet()) {
            final long expected = target.getKey().equals("flink") ? 100 : 0;
            try (LocalHandoff<BenchEvent> handoff = LocalHandoff.open(2, BenchEvent::new, (from, to) -> { })) {
                final StreamPipeline pipeline = StreamPipeline.named("tumbling");
                new TumblingPipeline().applyTo(pipeline.from("tumbling", HandoffSource.of(handoff), new TumblingPipeline().watermarks(SMALL), 1),
                        SMALL.withParallelism(3), new Arrivals(SystemNanoClock.INSTANCE));
                final StreamExecutionEnvironment environment = target.getValue().environment();
                final PipelineTranslation translation = new PipelineTranslation(pipeline.logicalPlan(), environment, true);
                translation.translate();
                final StreamGraph graph = environment.getStreamGraph();
                final List<String> nodes = new ArrayList<>();
                for (final StreamNode node : graph.getStreamNodes()) {
                    nodes.add(node.getOperatorName() + " p=" + node.getParallelism() + " timeout=" + node.getBufferTimeout());
                }
                Collections.sort(nodes);
                // the source with the translation's run-time window check chained to it, the window with the sink
                assertEquals(List.of("Source: tumbling p=1 timeout=" + expected, "TumblingEventTimeWindows p=3 timeout=" + expected,
                        "sink: Writer p=3 timeout=" + expected, "window range check p=1 timeout=" + expected), nodes, target.getKey());
                FlinkJob.release(translation, environment);
            }
        }
    }

    @Test
    void aRunNamesTheJobsTaskThreads() throws InterruptedException {
        for (final int parallelism : new int[] {1, 2}) {
            final BenchSettings settings = SMALL.withParallelism(parallelism);
            final Arrivals arrivals = new Arrivals(SystemNanoClock.INSTANCE);
            final FlinkBenchmarkedPipeline pipeline = new FlinkBenchmarkedPipeline(new PassThroughPipeline(), settings,
                    FlinkComparedEngine.targets(settings).get("flink-bt0"), arrivals);
            pipeline.start();
            final List<Thread> threads = pipeline.threads();
            // the source's task, and each instance of the keyed stage with its sink
            assertEquals(1 + parallelism, threads.size(), threads.stream().map(Thread::getName).collect(Collectors.joining("; ")));
            for (final Thread thread : threads) {
                assertEquals("Flink Task Threads", thread.getThreadGroup().getName());
            }
            final EventFactory<BenchEvent> events = BenchEvents.of(settings, 1);
            for (int i = 0; i < 100; i++) {
                pipeline.send(events.next(i, i));
            }
            pipeline.finish();
            assertEquals(100, arrivals.received());
        }
    }

    @Test
    void aPipelineOfFactoryOnlyOperatorsIsRefusedWithTheTranslationsReason() {
        assertEquals("factory-only does not run on flink: step 2 (transform): 'bars' is an operator known only by its factory; Flink"
                + " cannot run it from a description", assertThrows(PipelineRefusedException.class,
                () -> new FlinkComparedEngine().systems(new FactoryOnly(), SMALL)).getMessage());
    }

    @Test
    void ohlcvIsRefusedInOneLine() {
        // the reference job's functions are lambdas of Weir's own interfaces: the first the translation meets is the source's
        final String notShipped = " cannot be shipped to Flink's tasks: it is not serializable; make it a Serializable class, or cast the"
                + " lambda to an intersection with Serializable, e.g. (Function<A, B> & Serializable)";
        assertEquals("ohlcv does not run on flink: step 0 (source): the timestamp assigner" + notShipped,
                assertThrows(PipelineRefusedException.class, () -> new FlinkComparedEngine().systems(new OhlcvPipeline(),
                        BenchSettings.defaults())).getMessage());
        assertEquals("ohlcv does not run on flink: step 0 (source): the punctuation" + notShipped,
                assertThrows(PipelineRefusedException.class, () -> new FlinkComparedEngine().systems(new OhlcvPipeline(), SMALL)).getMessage());
    }

    @Test
    void slidingAndSessionRunOnBothFlinkSystems() {
        assertEquals(List.of("flink", "flink-bt0"), new ArrayList<>(new FlinkComparedEngine().systems(new SlidingPipeline(), SMALL).keySet()));
        assertEquals(List.of("flink", "flink-bt0"), new ArrayList<>(new FlinkComparedEngine().systems(new SessionPipeline(), SMALL).keySet()));
    }

    @Test
    void aPipelineOfOtherEventsIsRefused() {
        assertEquals("strings does not run on flink: its events are String, and the handoff to Flink's source copies BenchEvents only",
                assertThrows(PipelineRefusedException.class, () -> new FlinkComparedEngine().systems(new Strings(), SMALL)).getMessage());
    }

    private static List<SystemResult> run(final NamedPipeline<BenchEvent> pipeline, final BenchSettings settings) throws InterruptedException {
        final Harness<BenchEvent> harness = new Harness<>(SystemNanoClock.INSTANCE,
                pipeline.events(settings, WeirSystem.eventsInFlight(settings) + 1));
        harness.system("weir", new WeirSystem<>(pipeline, settings));
        harness.system("ceiling", pipeline.ceiling(settings));
        for (final Map.Entry<String, PipelineFactory<BenchEvent>> system : new FlinkComparedEngine().systems(pipeline, settings).entrySet()) {
            harness.system(system.getKey(), system.getValue());
        }
        return harness.run(settings.plan());
    }

    /** {@code count=C sum=S@windowMax} of every key's windows, from the input itself. */
    private static List<String> expectedWindows(final BenchSettings settings) {
        final BenchEvents events = BenchEvents.of(settings, 1);
        final TreeMap<String, long[]> windows = new TreeMap<>();
        for (int i = 0; i < EVENTS; i++) {
            final BenchEvent event = events.next(i, 0);
            final long windowMax = event.eventTimeMillis() / TumblingPipeline.WINDOW_MILLIS * TumblingPipeline.WINDOW_MILLIS
                    + TumblingPipeline.WINDOW_MILLIS - 1;
            final long[] window = windows.computeIfAbsent(event.key() + "@" + windowMax, name -> new long[2]);
            window[0]++;
            window[1] += event.value();
        }
        final List<String> lines = new ArrayList<>();
        windows.forEach((name, window) -> lines.add("count=" + window[0] + " sum=" + window[1] + name.substring(name.indexOf('@'))));
        Collections.sort(lines);
        return lines;
    }

    /** {@code tumbling}'s operators with a sink that also records each window result; each started run adds its list. */
    private static final class RecordedTumbling extends BenchEventPipeline {
        static final List<List<String>> RUNS = Collections.synchronizedList(new ArrayList<>());

        @Override
        public String name() {
            return "recorded-tumbling";
        }

        @Override
        public String description() {
            return "tumbling, its window results recorded";
        }

        @Override
        public boolean windowed() {
            return true;
        }

        @Override
        public void applyTo(final DataStream<BenchEvent> source, final BenchSettings settings, final Arrivals arrivals) {
            final Sink<CountSum> reporting = new WindowResultSink<>(arrivals, settings.parallelism());
            final List<String> windows = Collections.synchronizedList(new ArrayList<>());
            source.keyBy(BenchEvent.BY_KEY).parallelism(settings.parallelism()).window(TumblingEventTimeWindows.of(TumblingPipeline.WINDOW_MILLIS))
                    .aggregate(new CountSumAggregate<>(BenchEvent.VALUE)).sink(new Sink<CountSum>() {
                        @Override
                        public void accept(final CountSum value, final long timestamp) {
                            windows.add("count=" + value.count() + " sum=" + value.sum() + "@" + timestamp);
                            reporting.accept(value, timestamp);
                        }

                        @Override
                        public Sink<CountSum> instance(final int instance, final int parallelism) {
                            if (instance == 0) {
                                RUNS.add(windows); // the run started (a translation check never starts it)
                            }
                            return this;
                        }
                    });
        }

        @Override
        public PipelineFactory<BenchEvent> ceiling(final BenchSettings settings) {
            return new TumblingPipeline().ceiling(settings);
        }
    }

    /** A pipeline whose operator Flink cannot run: a transform known only by its factory. */
    private static final class FactoryOnly extends BenchEventPipeline {
        @Override
        public String name() {
            return "factory-only";
        }

        @Override
        public String description() {
            return "a transform known only by its factory";
        }

        @Override
        public boolean windowed() {
            return false;
        }

        @Override
        public void applyTo(final DataStream<BenchEvent> source, final BenchSettings settings, final Arrivals arrivals) {
            source.keyBy(BenchEvent.BY_KEY).transform("bars", () -> {
                throw new UnsupportedOperationException("never made: the pipeline is refused");
            }).sink((value, timestamp) -> { });
        }

        @Override
        public PipelineFactory<BenchEvent> ceiling(final BenchSettings settings) {
            throw new UnsupportedOperationException("no ceiling");
        }
    }

    /** A pipeline of strings, which the handoff does not copy. */
    private static final class Strings implements NamedPipeline<String> {
        @Override
        public String name() {
            return "strings";
        }

        @Override
        public String description() {
            return "strings passed through";
        }

        @Override
        public EventFactory<String> events(final BenchSettings settings, final int poolSize) {
            return (index, intendedNanos) -> "event " + index;
        }

        @Override
        public ToLongFunction<String> intendedNanos() {
            return event -> 0;
        }

        @Override
        public long timestampOf(final String event) {
            return 0;
        }

        @Override
        public WatermarkStrategy<String> watermarks(final BenchSettings settings) {
            return WatermarkStrategy.forMonotonousTimestamps();
        }

        @Override
        public boolean windowed() {
            return false;
        }

        @Override
        public void applyTo(final DataStream<String> source, final BenchSettings settings, final Arrivals arrivals) {
            source.sink((value, timestamp) -> { });
        }

        @Override
        public PipelineFactory<String> ceiling(final BenchSettings settings) {
            throw new UnsupportedOperationException("no ceiling");
        }
    }
}
