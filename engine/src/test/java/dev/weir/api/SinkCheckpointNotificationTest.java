package dev.weir.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.checkpoint.Manifest;
import dev.weir.clock.VirtualClock;
import dev.weir.operator.KeyedProcessFunction;
import dev.weir.operator.OutputTag;
import dev.weir.runtime.PipelineExecutionException;
import dev.weir.runtime.PipelineStoppedException;
import dev.weir.runtime.chain.SideOutputs;
import dev.weir.runtime.sink.Sink;
import dev.weir.runtime.threaded.RunningPipeline;
import dev.weir.source.Publisher;
import dev.weir.state.KeyGroups;
import dev.weir.time.WatermarkStrategy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sink learns which instance hands it what ({@link Sink#instance}, and
 * {@link SideOutputs.SideOutputSink#instance} for side outputs), and hears of a checkpoint's
 * completion only after every instance passed its barrier and its manifest is on disk.
 */
final class SinkCheckpointNotificationTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final OutputTag<Long> ODD = new OutputTag<>("odd");

    @TempDir
    Path dir;

    /** Every event a sink sees, with the instance it came from ("root" for the shared sink). */
    private final List<String> events = Collections.synchronizedList(new ArrayList<>());

    private final class RecordingSink implements Sink<Long> {
        private final String instance;

        RecordingSink(final String instance) {
            this.instance = instance;
        }

        @Override
        public Sink<Long> instance(final int index, final int parallelism) {
            events.add("instance " + index + " of " + parallelism);
            return new RecordingSink(String.valueOf(index));
        }

        @Override
        public void accept(final Long value, final long timestamp) {
            events.add(instance + ": " + value);
        }

        @Override
        public void checkpoint(final long checkpointId) {
            events.add(instance + ": barrier " + checkpointId);
        }

        @Override
        public void close() {
            events.add(instance + ": closed");
        }

        @Override
        public void checkpointCompleted(final long checkpointId) {
            final boolean durable = Files.isRegularFile(dir.resolve("chk-" + checkpointId).resolve(Manifest.FILE_NAME));
            events.add(instance + ": completed " + checkpointId + (durable ? " with its manifest" : " WITHOUT its manifest"));
        }
    }

    private final class OddValues implements SideOutputs.SideOutputSink<Long> {
        @Override
        public void accept(final Long value, final long timestamp) {
            events.add("root: odd " + value);
        }

        @Override
        public SideOutputs.SideOutputSink<Long> instance(final int index, final int parallelism) {
            return (value, timestamp) -> events.add(index + ": odd " + value);
        }
    }

    @Test
    void eachInstanceHasItsOwnSinkAndCompletionFollowsEveryBarrierAndTheManifest() throws Exception {
        final VirtualClock clock = new VirtualClock(0);
        final StreamPipeline pipeline = StreamPipeline.named("notified").clock(clock).checkpointing(dir, Duration.ofMillis(100));
        final Publisher<Long> numbers = pipeline.publisher("numbers");
        final KeyedProcessFunction<Long, Long, Long> forward = (value, ctx, out) -> {
            if (value % 2 == 1) {
                ctx.output(ODD, value);
            } else {
                out.collect(value);
            }
        };
        pipeline.from(numbers, WatermarkStrategy.<Long>forMonotonousTimestamps().withTimestampAssigner((value, ts) -> value))
                .keyBy(value -> value % 3)
                .parallelism(3)
                .process(forward)
                .sideOutput(ODD, new OddValues())
                .sink(new RecordingSink("root"));
        try (RunningPipeline running = pipeline.start()) {
            for (long i = 0; i < 6; i++) {
                numbers.publish(i);
            }
            clock.advanceTo(100);
            numbers.tick(); // injects barrier 1 behind the six records
            assertTrue(running.awaitCheckpoint(1, TIMEOUT), "checkpoint 1 completes");
            numbers.end();
            assertTrue(running.awaitTermination(TIMEOUT), "the pipeline ends");
        }
        assertEquals(List.of("instance 0 of 3", "instance 1 of 3", "instance 2 of 3"), events.subList(0, 3), "one sink per instance");
        final List<String> completed = events.stream().filter(event -> event.contains("completed")).toList();
        assertEquals(List.of("root: completed 1 with its manifest"), completed, "the shared sink hears of completion, once");
        final int completion = events.indexOf(completed.get(0));
        for (int instance = 0; instance < 3; instance++) {
            final int barrier = events.indexOf(instance + ": barrier 1");
            assertTrue(barrier >= 0 && barrier < completion, "instance " + instance + " passed barrier 1 before completion: " + events);
        }
        for (long value = 0; value < 6; value++) {
            // the instance that owns the value's key emits it, before that instance's own barrier
            final int owner = instance(value);
            final String result = owner + (value % 2 == 1 ? ": odd " : ": ") + value;
            final int at = events.indexOf(result);
            assertTrue(at >= 0 && at < events.indexOf(owner + ": barrier 1"), result + " came from its instance before its barrier: " + events);
        }
    }

    @Test
    void everyInstancesSinkIsClosedOnceAlsoAfterAFailure() throws Exception {
        final StreamPipeline pipeline = StreamPipeline.named("failing");
        final Publisher<Long> numbers = pipeline.publisher("numbers");
        final KeyedProcessFunction<Long, Long, Long> failOn13 = (value, ctx, out) -> {
            if (value == 13) {
                throw new IllegalStateException("boom on 13");
            }
            out.collect(value);
        };
        pipeline.from(numbers, WatermarkStrategy.<Long>forMonotonousTimestamps().withTimestampAssigner((value, ts) -> value))
                .keyBy(value -> value % 2)
                .parallelism(2)
                .process(failOn13)
                .sink(new RecordingSink("root"));
        try (RunningPipeline running = pipeline.start()) {
            try {
                for (long i = 0; i < 20; i++) {
                    numbers.publish(i);
                }
                numbers.end();
            } catch (PipelineStoppedException stopped) {
                // the failure stopped the pipeline while publishing
            }
            assertThrows(PipelineExecutionException.class, () -> running.awaitTermination(TIMEOUT));
        }
        assertEquals(List.of("0: closed", "1: closed"), events.stream().filter(event -> event.endsWith("closed")).sorted().toList());
    }

    /** The instance that owns the key of {@code value}, {@code value % 3}. */
    private static int instance(final long value) {
        final int keyGroup = KeyGroups.keyGroupOf(value % 3, KeyGroups.DEFAULT_MAX_PARALLELISM);
        return KeyGroups.instanceFor(KeyGroups.DEFAULT_MAX_PARALLELISM, 3, keyGroup);
    }
}
