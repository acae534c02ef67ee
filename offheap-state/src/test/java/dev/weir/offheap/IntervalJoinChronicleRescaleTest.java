package dev.weir.offheap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.DataStream;
import dev.weir.api.StreamPipeline;
import dev.weir.clock.VirtualClock;
import dev.weir.operator.Collector;
import dev.weir.operator.ProcessJoinFunction;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.runtime.sink.Sink;
import dev.weir.source.Publisher;
import dev.weir.time.WatermarkStrategy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The keyed state of an interval join over a union, on the Chronicle backend, is checkpointed
 * and restored at parallelism 1, then 3, then 1 again (deterministic scheduler): the output each
 * sink instance had at its checkpoint barrier, plus the last run's, is exactly an uninterrupted
 * run's.
 */
class IntervalJoinChronicleRescaleTest {
    private static final int RECORDS = 240;

    /** A record: key, event time, name. */
    record Item(int key, long time, String name) {
    }

    @TempDir
    Path dir;

    /** Each instance keeps its lines and how many it had at each checkpoint's barrier. */
    static final class KeptSink implements Sink<String> {
        private final List<Instance> instances = new ArrayList<>();

        @Override
        public void accept(final String value, final long timestamp) {
            throw new IllegalStateException("every instance takes its own");
        }

        @Override
        public Sink<String> instance(final int instance, final int parallelism) {
            final Instance own = new Instance();
            instances.add(own);
            return own;
        }

        List<String> kept(final long checkpointId) {
            final List<String> kept = new ArrayList<>();
            for (final Instance instance : instances) {
                final int at = checkpointId < 0 ? instance.lines.size() : instance.atBarrier.getOrDefault(checkpointId, 0);
                kept.addAll(instance.lines.subList(0, at));
            }
            return kept;
        }

        static final class Instance implements Sink<String> {
            final List<String> lines = new ArrayList<>();
            final Map<Long, Integer> atBarrier = new HashMap<>();

            @Override
            public void accept(final String value, final long timestamp) {
                lines.add(value);
            }

            @Override
            public void checkpoint(final long checkpointId) {
                atBarrier.put(checkpointId, lines.size());
            }
        }
    }

    private static final ProcessJoinFunction<Item, Item, String> PAIR = (Item left, Item right, ProcessJoinFunction.Context ctx,
            Collector<String> out) -> out.collect(left.name() + "+" + right.name() + "@" + ctx.timestamp());

    private static Item item(final int source, final int i) {
        return new Item((i * 7 + source) % 5, i * 3L + source, "s" + source + "-" + i);
    }

    private static List<Publisher<Item>> build(final StreamPipeline pipeline, final KeptSink sink, final int parallelism) {
        pipeline.stateBackend(new ChronicleStateBackend(ChronicleStateConfig.defaults()));
        final List<Publisher<Item>> publishers = new ArrayList<>();
        final List<DataStream<Item>> streams = new ArrayList<>();
        for (int source = 0; source < 3; source++) {
            final Publisher<Item> publisher = pipeline.publisher("p" + source);
            publishers.add(publisher);
            streams.add(pipeline.from(publisher, WatermarkStrategy.<Item>forMonotonousTimestamps().withTimestampAssigner((item, ts) -> item.time())));
        }
        streams.get(0).union(streams.get(1)).keyBy(Item::key)
                .intervalJoin(streams.get(2).keyBy(Item::key)).between(Duration.ofMillis(-4), Duration.ofMillis(5)).parallelism(parallelism)
                .process(PAIR)
                .sink(sink);
        return publishers;
    }

    private static void publish(final List<Publisher<Item>> publishers, final long[] from, final int to) {
        for (int i = 0; i < to; i++) {
            for (int source = 0; source < 3; source++) {
                if (i >= from[source]) {
                    publishers.get(source).publish(item(source, i));
                }
            }
        }
    }

    @Test
    void oneThenThreeThenOneInstancesGiveAnUninterruptedRunsOutput() {
        final KeptSink whole = new KeptSink();
        final StreamPipeline uninterrupted = StreamPipeline.named("join");
        final List<Publisher<Item>> all = build(uninterrupted, whole, 1);
        try (DeterministicPipeline running = uninterrupted.startDeterministic(new VirtualClock(0))) {
            publish(all, new long[3], RECORDS);
            all.forEach(Publisher::end);
            running.runToEnd();
        }
        final List<String> expected = whole.kept(-1).stream().sorted().toList();
        assertTrue(expected.size() > RECORDS / 2, "the join emits pairs: " + expected.size());

        final int[] parallelisms = {1, 3, 1};
        final Path checkpoints = dir.resolve("checkpoints");
        final List<String> kept = new ArrayList<>();
        for (int segment = 0; segment < parallelisms.length; segment++) {
            final KeptSink sink = new KeptSink();
            final StreamPipeline pipeline = StreamPipeline.named("join");
            final List<Publisher<Item>> publishers = build(pipeline, sink, parallelisms[segment]);
            if (segment > 0) {
                pipeline.restoreFrom(checkpoints);
            }
            pipeline.checkpointing(checkpoints, Duration.ofMillis(1000));
            try (DeterministicPipeline running = pipeline.startDeterministic(new VirtualClock(0))) {
                final long[] from = new long[3];
                for (int source = 0; source < 3; source++) {
                    from[source] = pipeline.restoredPosition(publishers.get(source)).records();
                }
                if (segment == parallelisms.length - 1) {
                    publish(publishers, from, RECORDS);
                    publishers.forEach(Publisher::end);
                    running.runToEnd();
                    kept.addAll(sink.kept(-1));
                } else {
                    final long restored = running.completedCheckpointId();
                    final int upTo = RECORDS * (segment + 1) / parallelisms.length;
                    publish(publishers, from, upTo);
                    running.advanceTo(1000);
                    assertEquals(restored + 1, running.completedCheckpointId());
                    publish(publishers, from, upTo + 15); // lost with this run, published again by the next
                    kept.addAll(sink.kept(restored + 1));
                }
            }
        }
        assertEquals(expected, kept.stream().sorted().toList());
    }
}
