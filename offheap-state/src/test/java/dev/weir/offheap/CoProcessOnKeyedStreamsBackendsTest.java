package dev.weir.offheap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.api.StreamPipeline;
import dev.weir.operator.CoProcessFunction;
import dev.weir.operator.Collector;
import dev.weir.operator.KeyedCoProcessOperator;
import dev.weir.source.CollectionSource;
import dev.weir.state.ListState;
import dev.weir.state.ListStateDescriptor;
import dev.weir.state.ValueState;
import dev.weir.state.ValueStateDescriptor;
import dev.weir.testing.Lines;
import dev.weir.testing.Scheduler;
import dev.weir.testing.TwoInputOperatorHarness;
import dev.weir.time.WatermarkStrategy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A {@code CoProcessFunction} over keyed connected streams keeps its keyed state and timers on
 * every backend, off-heap ones included: a pipeline on the Chronicle backend gives the exact
 * results on both schedulers, and the operator's state and timers, checkpointed half-way and
 * restored on the same backend, give an uninterrupted run's results. Records are {@code key:value}
 * strings; input 1 adds numbers, input 2 collects words.
 */
final class CoProcessOnKeyedStreamsBackendsTest {
    private static final ValueStateDescriptor<String> KEY = new ValueStateDescriptor<>("key");
    private static final ValueStateDescriptor<Long> SUM = new ValueStateDescriptor<>("sum");
    private static final ListStateDescriptor<String> WORDS = new ListStateDescriptor<>("words");

    @TempDir
    Path directory;

    /** Sums input 1's numbers and keeps input 2's words per key; reports and clears them at the end of each 100 ms. */
    static final class Totals implements CoProcessFunction<String, String, String> {
        private static String key(final String value) {
            return value.substring(0, value.indexOf(':'));
        }

        private static String rest(final String value) {
            return value.substring(value.indexOf(':') + 1);
        }

        private static long endOfPeriod(final long time) {
            return time / 100 * 100 + 99;
        }

        @Override
        public void processElement1(final String value, final Context ctx, final Collector<String> out) {
            ctx.state(KEY).update(key(value));
            final ValueState<Long> sum = ctx.state(SUM);
            sum.update((sum.value() == null ? 0 : sum.value()) + Long.parseLong(rest(value)));
            ctx.timerService().registerEventTimeTimer(endOfPeriod(ctx.timestamp()));
        }

        @Override
        public void processElement2(final String value, final Context ctx, final Collector<String> out) {
            ctx.state(KEY).update(key(value));
            ctx.state(WORDS).add(rest(value));
            ctx.timerService().registerEventTimeTimer(endOfPeriod(ctx.timestamp()));
        }

        @Override
        public void onTimer(final long timestamp, final OnTimerContext ctx, final Collector<String> out) {
            final ValueState<Long> sum = ctx.state(SUM);
            final ListState<String> words = ctx.state(WORDS);
            out.collect(ctx.state(KEY).value() + " at " + timestamp + ": sum " + sum.value() + " words " + words.get());
            ctx.state(KEY).clear();
            sum.clear();
            words.clear();
        }
    }

    private static final List<String> NUMBERS = List.of("a:1", "b:2", "a:3", "c:4", "b:5", "a:6");
    private static final List<String> WORDS_IN = List.of("a:x", "c:y", "b:z", "a:w");
    /** Event time of the i-th record of either input. */
    private static final long STEP = 10;

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void aPipelineOnTheChronicleBackendGivesTheExactResults(final Scheduler scheduler) {
        final StreamPipeline pipeline = StreamPipeline.named("co-process-chronicle");
        pipeline.stateBackend(new ChronicleStateBackend(ChronicleStateConfig.defaults()));
        final Lines lines = new Lines();
        pipeline.from("numbers", CollectionSource.of(NUMBERS), WatermarkStrategy.<String>forMonotonousTimestamps()
                        .withTimestampAssigner((value, ts) -> NUMBERS.indexOf(value) * STEP), 1)
                .connect(pipeline.from("words", CollectionSource.of(WORDS_IN), WatermarkStrategy.<String>forMonotonousTimestamps()
                        .withTimestampAssigner((value, ts) -> WORDS_IN.indexOf(value) * STEP), 1))
                .keyBy(Totals::key, Totals::key).parallelism(2)
                .process(new Totals())
                .sink(lines);
        scheduler.runToEnd(pipeline, lines);
        // all records fall in 0-99: one timer per key, registered by both inputs, fires once with the key's state of both
        assertEquals(List.of("a at 99: sum 10 words [x, w]", "b at 99: sum 7 words [z]", "c at 99: sum 4 words [y]"), lines.sorted());
    }

    private static void firstHalf(final TwoInputOperatorHarness<String, String, String> harness) {
        harness.processElement1("a:1", 10);
        harness.processElement2("a:x", 20);
        harness.processElement1("b:2", 30);
        harness.processElement2("c:y", 150);
        harness.processWatermark1(120);
        harness.processWatermark2(120);
    }

    private static void secondHalf(final TwoInputOperatorHarness<String, String, String> harness) {
        harness.processElement1("c:4", 160);
        harness.processElement1("a:3", 210);
        harness.processElement2("a:w", 220);
        harness.processWatermark1(Long.MAX_VALUE);
        harness.processWatermark2(Long.MAX_VALUE);
    }

    private static TwoInputOperatorHarness<String, String, String> harness(final Backends backends) {
        return new TwoInputOperatorHarness<>(KeyedCoProcessOperator.forCoProcess(Totals::key, Totals::key, new Totals()), 1, 1,
                backends.backend());
    }

    @Test
    void stateAndTimersCheckpointedHalfWayAreRestoredOnEveryBackend() {
        for (final Backends backends : Backends.all()) {
            final TwoInputOperatorHarness<String, String, String> first = harness(backends);
            firstHalf(first);
            final Path file = directory.resolve(backends + ".state");
            first.snapshot(file, 1);
            final List<String> events = new ArrayList<>(first.events());
            first.operator().close();
            final TwoInputOperatorHarness<String, String, String> restored = harness(backends);
            restored.restore(List.of(file));
            assertEquals(2, ((KeyedCoProcessOperator<?, ?, ?, ?>) restored.operator()).stateEntries(), backends.name()); // c's key, words
            secondHalf(restored);
            events.addAll(restored.events());
            restored.operator().close();
            assertEquals(List.of("a at 99: sum 1 words [x]@99", "b at 99: sum 2 words null@99", "WM 120",
                    "c at 199: sum 4 words [y]@199", "a at 299: sum 3 words [w]@299", "WM MAX"), events, backends.name());
        }
    }
}
