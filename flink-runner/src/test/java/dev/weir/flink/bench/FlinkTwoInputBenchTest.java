package dev.weir.flink.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.DataStream;
import dev.weir.clock.SystemNanoClock;
import dev.weir.perf.bench.BenchEvent;
import dev.weir.perf.bench.BenchSettings;
import dev.weir.perf.bench.IntervalJoinPipeline;
import dev.weir.perf.bench.NamedPipeline;
import dev.weir.perf.bench.OrderLatency;
import dev.weir.perf.bench.RecordSink;
import dev.weir.perf.bench.UnionPipeline;
import dev.weir.perf.bench.WeirSystem;
import dev.weir.perf.bench.WindowCountSum;
import dev.weir.perf.bench.WindowResultSink;
import dev.weir.perf.harness.Arrivals;
import dev.weir.perf.harness.BenchmarkedPipeline;
import dev.weir.perf.harness.EventFactory;
import dev.weir.perf.harness.Harness;
import dev.weir.perf.harness.PipelineFactory;
import dev.weir.perf.harness.SystemResult;
import dev.weir.runtime.IdleStrategyKind;
import dev.weir.runtime.sink.Sink;
import dev.weir.time.WatermarkStrategy;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * {@code weir bench union --compare flink} and {@code weir bench interval-join --compare flink} on the harness: the
 * two-input pipelines (one stream split into two inputs with watermarks of their own, then a union or an interval
 * join) run as {@code flink} and {@code flink-bt0} beside Weir and the ceiling, and every system reports what the
 * ceiling reports (windows measured and unattributed; pairs), and Weir's and both Flink systems' results are exactly
 * the ceiling's, value by value. Watermarks after every record (interval 0), nothing timed. The input: 10,000 events a
 * millisecond of event time apart, each input out of order by up to 20 ms; 4 symbols for union, 100 order ids for the
 * join. Needs the Flink translation of unions and interval joins.
 */
class FlinkTwoInputBenchTest {
    private static final int EVENTS = 10_000;
    private static final BenchSettings SMALL = BenchSettings.defaults().withKeys(4).withEventsPerSecondOfEventTime(1_000)
            .withOutOfOrdernessMillis(20).withRingSize(256).withIdleStrategy(IdleStrategyKind.BACKOFF).withWatermarkIntervalMillis(0)
            .withRates(50_000).withRounds(1).withWarmUpEvents(0).withMeasuredEvents(EVENTS);
    private static final List<String> SYSTEMS = List.of("ceiling", "weir", "flink", "flink-bt0");

    @Test
    void unionReportsTheCeilingsWindowsOnWeirAndOnBothFlinkSystems() throws InterruptedException {
        final Recorded<WindowCountSum> union = new Recorded<>(new UnionPipeline(), new UnionPipeline()::results,
                window -> window.toString(), null);
        final List<SystemResult> results = run(union, SMALL);
        assertSameAsTheCeiling(results);
        final long fired = results.get(0).histogram().getTotalCount();
        assertTrue(fired >= 4 * 9, "windows fired by a watermark: " + fired);
        final List<String> expected = ceilingResults(new UnionPipeline(), new UnionPipeline().ceiling(SMALL,
                (key, start, end, count, sum) -> expectedResults.add(new WindowCountSum(key, start, end, count, sum).toString())), SMALL);
        assertEquals(3, union.runs.size(), "Weir's run and both Flink runs recorded their windows");
        for (final List<String> run : union.runs) {
            final List<String> windows = new ArrayList<>(run);
            Collections.sort(windows);
            assertEquals(expected, windows);
        }
    }

    @Test
    void intervalJoinReportsTheCeilingsPairsOnWeirAndOnBothFlinkSystems() throws InterruptedException {
        final BenchSettings settings = SMALL.withKeys(100);
        final Recorded<OrderLatency> join = new Recorded<>(new IntervalJoinPipeline(), new IntervalJoinPipeline()::results,
                pair -> pair.id() + " " + pair.latencyMillis() + " ms", OrderLatency::intendedNanos);
        final List<SystemResult> results = run(join, settings);
        assertSameAsTheCeiling(results);
        final List<String> expected = ceilingResults(new IntervalJoinPipeline(), new IntervalJoinPipeline().ceiling(settings,
                (id, latency) -> expectedResults.add(id + " " + latency + " ms")), settings);
        assertTrue(expected.size() > EVENTS / 4, "pairs: " + expected.size());
        assertEquals(3, join.runs.size(), "Weir's run and both Flink runs recorded their pairs");
        for (final List<String> run : join.runs) {
            final List<String> pairs = new ArrayList<>(run);
            Collections.sort(pairs);
            assertEquals(expected, pairs);
        }
    }

    private final List<String> expectedResults = new ArrayList<>();

    /** @return what the ceiling hands its collector over the harness's events, sorted */
    private List<String> ceilingResults(final NamedPipeline<BenchEvent> pipeline, final PipelineFactory<BenchEvent> ceiling,
            final BenchSettings settings) throws InterruptedException {
        expectedResults.clear();
        final BenchmarkedPipeline<BenchEvent> run = ceiling.create(new Arrivals(SystemNanoClock.INSTANCE));
        final EventFactory<BenchEvent> events = pipeline.events(settings, 16);
        run.start();
        for (int i = 0; i < EVENTS; i++) {
            run.send(events.next(i, i));
        }
        run.finish();
        final List<String> sorted = new ArrayList<>(expectedResults);
        Collections.sort(sorted);
        return sorted;
    }

    private static void assertSameAsTheCeiling(final List<SystemResult> results) {
        assertEquals(SYSTEMS, results.stream().map(SystemResult::system).collect(Collectors.toList()));
        final SystemResult ceiling = results.get(0);
        for (final SystemResult result : results) {
            assertEquals(ceiling.histogram().getTotalCount(), result.histogram().getTotalCount(), result.system());
            assertEquals(ceiling.unattributed(), result.unattributed(), result.system());
        }
    }

    private static List<SystemResult> run(final NamedPipeline<BenchEvent> pipeline, final BenchSettings settings)
            throws InterruptedException {
        final Harness<BenchEvent> harness = new Harness<>(SystemNanoClock.INSTANCE,
                pipeline.events(settings, WeirSystem.eventsInFlight(settings) + 1));
        harness.system("ceiling", pipeline.ceiling(settings));
        harness.system("weir", new WeirSystem<>(pipeline, settings));
        final Map<String, PipelineFactory<BenchEvent>> flink = new FlinkComparedEngine().systems(pipeline, settings);
        for (final Map.Entry<String, PipelineFactory<BenchEvent>> system : flink.entrySet()) {
            harness.system(system.getKey(), system.getValue());
        }
        return harness.run(settings.plan());
    }

    /** A two-input pipeline whose sink also records each result as text; each started run adds its list. */
    private static final class Recorded<R> implements NamedPipeline<BenchEvent> {
        final List<List<String>> runs = Collections.synchronizedList(new ArrayList<>());
        private final NamedPipeline<BenchEvent> pipeline;
        private final BiFunction<DataStream<BenchEvent>, BenchSettings, DataStream<R>> operators;
        private final Function<R, String> text;
        private final ToLongFunction<R> intendedNanos;

        Recorded(final NamedPipeline<BenchEvent> pipeline, final BiFunction<DataStream<BenchEvent>, BenchSettings, DataStream<R>> operators,
                final Function<R, String> text, final ToLongFunction<R> intendedNanos) {
            this.pipeline = pipeline;
            this.operators = operators;
            this.text = text;
            this.intendedNanos = intendedNanos;
        }

        @Override
        public String name() {
            return pipeline.name();
        }

        @Override
        public String description() {
            return pipeline.description();
        }

        @Override
        public EventFactory<BenchEvent> events(final BenchSettings settings, final int poolSize) {
            return pipeline.events(settings, poolSize);
        }

        @Override
        public ToLongFunction<BenchEvent> intendedNanos() {
            return pipeline.intendedNanos();
        }

        @Override
        public long timestampOf(final BenchEvent event) {
            return pipeline.timestampOf(event);
        }

        @Override
        public WatermarkStrategy<BenchEvent> watermarks(final BenchSettings settings) {
            return pipeline.watermarks(settings);
        }

        @Override
        public boolean windowed() {
            return pipeline.windowed();
        }

        @Override
        public boolean inlineable() {
            return pipeline.inlineable();
        }

        @Override
        public void applyTo(final DataStream<BenchEvent> source, final BenchSettings settings, final Arrivals arrivals) {
            final Sink<R> reporting = intendedNanos == null ? new WindowResultSink<>(arrivals, settings.parallelism())
                    : new RecordSink<>(arrivals, intendedNanos, settings.parallelism());
            final List<String> results = Collections.synchronizedList(new ArrayList<>());
            operators.apply(source, settings).sink(new Sink<R>() {
                @Override
                public void accept(final R value, final long timestamp) {
                    results.add(text.apply(value));
                    reporting.accept(value, timestamp);
                }

                @Override
                public Sink<R> instance(final int instance, final int parallelism) {
                    if (instance == 0) {
                        runs.add(results); // the run started (a translation check never starts it)
                    }
                    return this;
                }
            });
        }

        @Override
        public PipelineFactory<BenchEvent> ceiling(final BenchSettings settings) {
            return pipeline.ceiling(settings);
        }
    }
}
