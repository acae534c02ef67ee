package dev.weir.flink.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.api.StreamPipeline;
import dev.weir.flink.FlinkJob;
import dev.weir.flink.FlinkRunner;
import dev.weir.flink.FlinkTarget;
import dev.weir.flink.RecordingSink;
import dev.weir.flink.translation.FlinkTranslationException;
import dev.weir.operator.KeySelector;
import dev.weir.runtime.sink.Sink;
import dev.weir.state.AggregateFunction;
import dev.weir.time.Punctuation;
import dev.weir.time.TimestampAssigner;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A pipeline fed from the test's thread through a {@link LocalHandoff}, run on a local MiniCluster with its sink on
 * Flink's task: every event sent reaches the window once, however small the ring (the sender waits for the reader),
 * the source ends with the handoff, each watermark is logged with the mark of the event after which it was emitted,
 * and the sink is called on the task thread.
 */
class FlinkHandoffSourceTest {
    private static final KeySelector<Tick, Integer> KEY = (KeySelector<Tick, Integer> & Serializable) Tick::key;
    private static final TimestampAssigner<Tick> TIME = (TimestampAssigner<Tick> & Serializable) (tick, carried) -> tick.time();
    /** Every tenth tick carries the watermark of its time. */
    private static final Punctuation<Tick> EVERY_TENTH = (Punctuation<Tick> & Serializable) (tick, timestamp) ->
            tick.sequence() % 10 == 9 ? timestamp : Punctuation.NO_WATERMARK;
    private static final WatermarkStrategy<Tick> MARKED = WatermarkStrategy.<Tick>forPunctuation(EVERY_TENTH).withTimestampAssigner(TIME);
    private static final String FLINK_TASK_THREADS = "Flink Task Threads";

    @Test
    void everyEventSentReachesTheWindowOnceAndTheSinkRunsOnTheTask() throws Exception {
        for (final int capacity : new int[] {1, 4, 1024}) {
            final int events = 1000;
            final List<String> calls = Collections.synchronizedList(new ArrayList<>());
            final List<String> threadGroups = Collections.synchronizedList(new ArrayList<>());
            try (LocalHandoff<Tick> handoff = LocalHandoff.open(capacity, Tick::new, Tick::copy)) {
                final FlinkJob job = FlinkRunner.start(windowed(handoff, new ThreadNoting(calls, threadGroups)),
                        FlinkTarget.local(1).withTaskSinks());
                final Tick tick = new Tick();
                for (int i = 0; i < events; i++) {
                    handoff.send(tick.refill(i % 3, i * 10L, i, i));
                }
                handoff.end();
                job.awaitEnd();
            }
            final List<String> expected = expectedWindows(events);
            final List<String> results = new ArrayList<>(calls.subList(0, calls.size() - 3));
            Collections.sort(results);
            assertEquals(expected, results, "capacity " + capacity);
            assertEquals(List.of("finish", "close", "allFinished"), calls.subList(calls.size() - 3, calls.size()), "capacity " + capacity);
            // every result and the finish, on a Flink task thread
            assertEquals(expected.size() + 1, threadGroups.size(), "capacity " + capacity);
            assertEquals(List.of(FLINK_TASK_THREADS), threadGroups.stream().distinct().collect(Collectors.toList()), "capacity " + capacity);
        }
    }

    @Test
    void eachWatermarkIsLoggedWithTheMarkOfTheEventBeforeIt() throws Exception {
        final List<String> log = Collections.synchronizedList(new ArrayList<>());
        try (LocalHandoff<Tick> handoff = LocalHandoff.open(8, Tick::new, Tick::copy)) {
            // the mark is the sequence number plus a million, so it cannot be mistaken for the time
            handoff.attributeWatermarks(tick -> tick.sequence() + 1_000_000, (watermark, mark) -> log.add(watermark + "<-" + mark));
            final FlinkJob job = FlinkRunner.start(windowed(handoff, (value, timestamp) -> { }), FlinkTarget.local(1).withTaskSinks());
            final Tick tick = new Tick();
            for (int i = 0; i < 50; i++) {
                // ticks 19 and 29 carry the same watermark: only the first is logged
                handoff.send(tick.refill(0, i == 29 ? 190 : i * 10L, i, i));
            }
            handoff.end();
            job.awaitEnd();
        }
        assertEquals(List.of("90<-1000009", "190<-1000019", "390<-1000039", "490<-1000049"), log);
    }

    @Test
    void aHandoffWithNothingSentEndsTheJobAtItsEnd() throws Exception {
        final List<String> calls = Collections.synchronizedList(new ArrayList<>());
        try (LocalHandoff<Tick> handoff = LocalHandoff.open(2, Tick::new, Tick::copy)) {
            final FlinkJob job = FlinkRunner.start(windowed(handoff, new RecordingSink(calls)), FlinkTarget.local(1).withTaskSinks());
            handoff.end();
            job.awaitEnd();
        }
        assertEquals(List.of("finish", "close", "allFinished"), calls);
    }

    @Test
    void aCancelledJobStopsItsTasksWithoutItsEnd() throws Exception {
        try (LocalHandoff<Tick> handoff = LocalHandoff.open(4, Tick::new, Tick::copy)) {
            final FlinkJob job = FlinkRunner.start(windowed(handoff, (value, timestamp) -> { }), FlinkTarget.local(1).withTaskSinks());
            final Thread reader = handoff.awaitReader(Duration.ofMinutes(1));
            final Tick tick = new Tick();
            for (int i = 0; i < 10; i++) {
                handoff.send(tick.refill(0, i, i, i));
            }
            job.cancel();
            reader.join(Duration.ofMinutes(1).toMillis());
            assertFalse(reader.isAlive(), "the source's task thread ended");
        }
    }

    @Test
    void aHandoffIsFoundOnlyWhileOpenAndHasAPowerOfTwoCapacity() {
        final LocalHandoff<Tick> handoff = LocalHandoff.open(2, Tick::new, Tick::copy);
        assertEquals(handoff, LocalHandoff.of(handoff.id()));
        handoff.close();
        assertEquals("no handoff " + handoff.id() + " in this JVM: a handoff source runs on a local MiniCluster only",
                assertThrows(IllegalStateException.class, () -> LocalHandoff.of(handoff.id())).getMessage());
        for (final int capacity : new int[] {0, 3, 6, -4}) {
            assertEquals("a handoff's capacity is a power of two: " + capacity,
                    assertThrows(IllegalArgumentException.class, () -> LocalHandoff.open(capacity, Tick::new, Tick::copy)).getMessage());
        }
    }

    @Test
    void aHandoffSourceRunsOnFlinkAtParallelismOneOnly() {
        try (LocalHandoff<Tick> handoff = LocalHandoff.open(2, Tick::new, Tick::copy)) {
            final StreamPipeline two = StreamPipeline.named("p");
            two.from("ticks", HandoffSource.of(handoff), MARKED, 2).sink((value, timestamp) -> { });
            assertEquals("step 0 (source): 'ticks' is a HandoffSource at parallelism 2; one producer feeds it, so it runs at parallelism 1",
                    assertThrows(FlinkTranslationException.class, () -> FlinkRunner.start(two, FlinkTarget.local(1).withTaskSinks()))
                            .getMessage());
            assertEquals("a HandoffSource runs on Flink only (FlinkRunner, a local target); on Weir, feed the pipeline through a"
                    + " Publisher", assertThrows(UnsupportedOperationException.class, () -> HandoffSource.of(handoff).createReader(0, 1))
                    .getMessage());
        }
    }

    @Test
    void sinksOnTasksNeedALocalTarget() {
        assertEquals("sinks on Flink's tasks need a local target: a remote cluster's tasks run in another JVM",
                assertThrows(IllegalStateException.class, () -> FlinkTarget.remote("localhost", 8081, 1).withTaskSinks()).getMessage());
    }

    @Test
    void theBufferTimeoutIsFlinksUnlessSet() {
        assertEquals(100, FlinkTarget.local(1).environment().getBufferTimeout());
        for (final long millis : new long[] {-1, 0, 5}) {
            assertEquals(millis, FlinkTarget.local(1).withBufferTimeout(millis).environment().getBufferTimeout());
            assertEquals(millis, FlinkTarget.local(1).withBufferTimeout(millis).withTaskSinks().environment().getBufferTimeout());
        }
        assertEquals("a buffer timeout is -1 or more milliseconds: -2",
                assertThrows(IllegalArgumentException.class, () -> FlinkTarget.local(1).withBufferTimeout(-2)).getMessage());
    }

    /** Count and sum per key of tumbling 100 ms windows, as {@code key=K count=C sum=S@windowMax}. */
    private static StreamPipeline windowed(final LocalHandoff<Tick> handoff, final Sink<Object> sink) {
        final StreamPipeline pipeline = StreamPipeline.named("handoff");
        pipeline.from("ticks", HandoffSource.of(handoff), MARKED, 1).keyBy(KEY).window(TumblingEventTimeWindows.of(100))
                .aggregate(new KeyCountSum()).sink(sink);
        return pipeline;
    }

    private static List<String> expectedWindows(final int events) {
        final TreeMap<String, long[]> windows = new TreeMap<>();
        for (int i = 0; i < events; i++) {
            final long time = i * 10L;
            final long[] window = windows.computeIfAbsent("key=" + (i % 3) + "@" + (time / 100 * 100 + 99), name -> new long[2]);
            window[0]++;
            window[1] += i;
        }
        final List<String> lines = new ArrayList<>();
        windows.forEach((name, window) -> lines.add(name.substring(0, name.indexOf('@')) + " count=" + window[0] + " sum=" + window[1]
                + name.substring(name.indexOf('@'))));
        Collections.sort(lines);
        return lines;
    }

    /** {@code key=K count=C sum=S}. */
    static final class KeyCountSum implements AggregateFunction<Tick, long[], String>, Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public long[] createAccumulator() {
            return new long[] {-1, 0, 0};
        }

        @Override
        public long[] add(final Tick tick, final long[] accumulator) {
            accumulator[0] = tick.key();
            accumulator[1]++;
            accumulator[2] += tick.value();
            return accumulator;
        }

        @Override
        public String getResult(final long[] accumulator) {
            return "key=" + accumulator[0] + " count=" + accumulator[1] + " sum=" + accumulator[2];
        }

        @Override
        public long[] merge(final long[] a, final long[] b) {
            return new long[] {Math.max(a[0], b[0]), a[1] + b[1], a[2] + b[2]};
        }
    }

    /** Records each call as {@link RecordingSink} does, and the thread group of every call but allFinished. */
    private static final class ThreadNoting implements Sink<Object> {
        private final RecordingSink calls;
        private final List<String> threadGroups;

        ThreadNoting(final List<String> calls, final List<String> threadGroups) {
            this.calls = new RecordingSink(calls);
            this.threadGroups = threadGroups;
        }

        @Override
        public void accept(final Object value, final long timestamp) {
            note();
            calls.accept(value, timestamp);
        }

        @Override
        public void finish() {
            note();
            calls.finish();
        }

        @Override
        public void close() {
            calls.close();
        }

        @Override
        public void allFinished() {
            calls.allFinished();
        }

        private void note() {
            final ThreadGroup group = Thread.currentThread().getThreadGroup();
            threadGroups.add(group == null ? "none" : group.getName());
        }
    }
}
