package dev.weir.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.clock.VirtualClock;
import dev.weir.operator.Collector;
import dev.weir.operator.ProcessJoinFunction;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.runtime.sink.Sink;
import dev.weir.runtime.threaded.RunningPipeline;
import dev.weir.source.Publisher;
import dev.weir.state.HeapStateBackend;
import dev.weir.testing.Await;
import dev.weir.time.WatermarkStrategy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A union of two published sources, keyed and interval-joined with a third (heap state), is
 * stopped after a checkpoint and restored, possibly several times and at other parallelisms of
 * the join (1 -> 3 -> 1): the output each sink instance had before its checkpoint barrier, plus
 * the restored runs' output, is exactly an uninterrupted run's. Every publisher resumes from its
 * restored position, so each record counts once.
 */
final class UnionIntervalJoinRestoreTest {
    private static final int RECORDS = 300;
    private static final long INTERVAL = 1000;
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    /** A record: its key, event time and name. */
    record Item(int key, long time, String name) {
    }

    @TempDir
    Path dir;

    /** The sink of one run: each instance keeps its lines, and how many it had at the barrier of each checkpoint. */
    static final class KeptSink implements Sink<String> {
        final List<Instance> instances = new ArrayList<>();

        @Override
        public void accept(final String value, final long timestamp) {
            throw new IllegalStateException("every instance takes its own");
        }

        @Override
        public synchronized Sink<String> instance(final int instance, final int parallelism) {
            final Instance own = new Instance();
            instances.add(own);
            return own;
        }

        /** @return every instance's lines before the barrier of the checkpoint, or all of them when null */
        synchronized List<String> kept(final Long checkpointId) {
            final List<String> kept = new ArrayList<>();
            for (final Instance instance : instances) {
                synchronized (instance) {
                    final Integer at = checkpointId == null ? Integer.valueOf(instance.lines.size()) : instance.atBarrier.get(checkpointId);
                    kept.addAll(instance.lines.subList(0, at == null ? 0 : at));
                }
            }
            return kept;
        }

        static final class Instance implements Sink<String> {
            final List<String> lines = new ArrayList<>();
            final java.util.Map<Long, Integer> atBarrier = new java.util.HashMap<>();

            @Override
            public synchronized void accept(final String value, final long timestamp) {
                lines.add(value);
            }

            @Override
            public synchronized void checkpoint(final long checkpointId) {
                atBarrier.put(checkpointId, lines.size());
            }
        }
    }

    private static Item item(final int source, final int i) {
        return new Item((i * 7 + source) % 5, i * 3L + source, "s" + source + "-" + i);
    }

    private static final ProcessJoinFunction<Item, Item, String> PAIR = (Item left, Item right, ProcessJoinFunction.Context ctx,
            Collector<String> out) -> out.collect(left.name() + "+" + right.name() + "@" + ctx.timestamp());

    /** The three publishers of one run, the pipeline they feed. */
    record Built(StreamPipeline pipeline, List<Publisher<Item>> publishers) {
    }

    private static Built build(final KeptSink sink, final int parallelism) {
        return build(sink, parallelism, -4);
    }

    private static Built build(final KeptSink sink, final int parallelism, final long lower) {
        final StreamPipeline pipeline = StreamPipeline.named("union-join").stateBackend(HeapStateBackend.INSTANCE);
        final List<Publisher<Item>> publishers = new ArrayList<>();
        final List<DataStream<Item>> streams = new ArrayList<>();
        for (int source = 0; source < 3; source++) {
            final Publisher<Item> publisher = pipeline.publisher("p" + source);
            publishers.add(publisher);
            streams.add(pipeline.from(publisher, WatermarkStrategy.<Item>forMonotonousTimestamps().withTimestampAssigner((item, ts) -> item.time())));
        }
        streams.get(0).union(streams.get(1)).keyBy(Item::key)
                .intervalJoin(streams.get(2).keyBy(Item::key)).between(Duration.ofMillis(lower), Duration.ofMillis(5)).parallelism(parallelism)
                .process(PAIR)
                .sink(sink);
        return new Built(pipeline, publishers);
    }

    /** A run on one scheduler, on a virtual clock. */
    private interface Run extends AutoCloseable {
        void advanceTo(long millis);

        long completedCheckpointId();

        void runToEnd();

        @Override
        void close();
    }

    private static Run start(final boolean threaded, final StreamPipeline pipeline, final VirtualClock clock) {
        if (threaded) {
            final RunningPipeline running = pipeline.clock(clock).start();
            return new Run() {
                @Override
                public void advanceTo(final long millis) {
                    running.advanceTo(millis, TIMEOUT);
                }

                @Override
                public long completedCheckpointId() {
                    return running.completedCheckpointId();
                }

                @Override
                public void runToEnd() {
                    try {
                        assertTrue(running.awaitTermination(TIMEOUT), "the pipeline ends");
                    } catch (InterruptedException e) {
                        throw new AssertionError(e);
                    }
                }

                @Override
                public void close() {
                    running.close();
                }
            };
        }
        final DeterministicPipeline running = pipeline.startDeterministic(clock);
        return new Run() {
            @Override
            public void advanceTo(final long millis) {
                running.advanceTo(millis);
            }

            @Override
            public long completedCheckpointId() {
                return running.completedCheckpointId();
            }

            @Override
            public void runToEnd() {
                running.runToEnd();
            }

            @Override
            public void close() {
                running.close();
            }
        };
    }

    /** Publishes the records {@code from} (inclusive) to {@code to} (exclusive) of each source, interleaved. */
    private static void publish(final List<Publisher<Item>> publishers, final long[] from, final int to) {
        for (int i = 0; i < to; i++) {
            for (int source = 0; source < 3; source++) {
                if (i >= from[source]) {
                    publishers.get(source).publish(item(source, i));
                }
            }
        }
    }

    @org.junit.jupiter.api.Test
    void theCheckpointFingerprintCoversTheJoinsBounds() {
        final Path checkpoints = dir.resolve("checkpoints");
        final Built first = build(new KeptSink(), 2);
        first.pipeline().checkpointing(checkpoints, Duration.ofMillis(INTERVAL));
        try (Run run = start(false, first.pipeline(), new VirtualClock(0))) {
            publish(first.publishers(), new long[3], 50);
            run.advanceTo(INTERVAL);
            assertEquals(1, run.completedCheckpointId());
        }
        final Built other = build(new KeptSink(), 2, -3);
        other.pipeline().restoreFrom(checkpoints);
        final String message = org.junit.jupiter.api.Assertions.assertThrows(dev.weir.checkpoint.CheckpointException.class,
                () -> other.pipeline().startDeterministic(new VirtualClock(0))).getMessage();
        assertEquals("cannot restore checkpoint 1 in " + checkpoints.resolve("chk-1") + ": operator two-input-3.intervalJoin: bounds:"
                + " checkpoint has [-4, 5], job has [-3, 5]", message);
    }

    private static List<String> sorted(final List<String> lines) {
        return lines.stream().sorted().toList();
    }

    @ParameterizedTest
    @CsvSource({"false, 2, 2", "true, 2, 2", "false, 1, 3", "true, 1, 3"})
    void keptAndRestoredOutputIsAnUninterruptedRunsOutput(final boolean threaded, final int before, final int after) {
        final KeptSink whole = new KeptSink();
        final Built uninterrupted = build(whole, before);
        try (Run run = start(threaded, uninterrupted.pipeline(), new VirtualClock(0))) {
            publish(uninterrupted.publishers(), new long[3], RECORDS);
            uninterrupted.publishers().forEach(Publisher::end);
            run.runToEnd();
        }
        final List<String> expected = sorted(whole.kept(null));
        assertTrue(expected.size() > RECORDS / 2, "the join emits pairs: " + expected.size());

        final int[] parallelisms = before == after ? new int[] {before, after} : new int[] {before, after, before};
        final List<String> kept = new ArrayList<>();
        final Path checkpoints = dir.resolve("checkpoints");
        for (int segment = 0; segment < parallelisms.length; segment++) {
            final KeptSink sink = new KeptSink();
            final Built built = build(sink, parallelisms[segment]);
            if (segment > 0) {
                built.pipeline().restoreFrom(checkpoints);
            }
            built.pipeline().checkpointing(checkpoints, Duration.ofMillis(INTERVAL));
            final boolean last = segment == parallelisms.length - 1;
            try (Run run = start(threaded, built.pipeline(), new VirtualClock(0))) {
                final long[] from = new long[3];
                for (int source = 0; source < 3; source++) {
                    from[source] = built.pipeline().restoredPosition(built.publishers().get(source)).records();
                }
                if (last) {
                    publish(built.publishers(), from, RECORDS);
                    built.publishers().forEach(Publisher::end);
                    run.runToEnd();
                    kept.addAll(sink.kept(null));
                } else {
                    final long restoredId = run.completedCheckpointId();
                    publish(built.publishers(), from, RECORDS * (segment + 1) / (parallelisms.length + 1));
                    run.advanceTo(INTERVAL);
                    Await.until("checkpoint " + (restoredId + 1), () -> run.completedCheckpointId() == restoredId + 1, TIMEOUT);
                    // published after the checkpoint and lost with the run: the restored run publishes them again
                    publish(built.publishers(), from, RECORDS * (segment + 1) / (parallelisms.length + 1) + 20);
                    kept.addAll(sink.kept(restoredId + 1));
                }
            }
        }
        assertEquals(expected, sorted(kept));
    }
}
