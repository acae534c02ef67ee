package dev.weir.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.checkpoint.Manifest;
import dev.weir.clock.VirtualClock;
import dev.weir.operator.KeyedProcessFunction;
import dev.weir.operator.OutputTag;
import dev.weir.runtime.deterministic.DeterministicPipeline;
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
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A side output's sink is a {@link Sink} with a sink's lifecycle, on both schedulers: every task
 * instance takes its own instance of it, tells it of each checkpoint at the barrier (after the
 * side-output records before it, before those after it), finishes and closes it once at the
 * end; the sink given hears of each completed checkpoint (after its manifest is on disk) and of
 * the end of every instance, once each.
 */
final class SideOutputLifecycleTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final OutputTag<Long> ODD = new OutputTag<>("odd");

    @TempDir
    Path dir;

    /** Every event the side-output sink sees, with its instance ("i/p") or "given". */
    private final List<String> events = Collections.synchronizedList(new ArrayList<>());

    /** A file of odd values would be such a sink: it flushes at each barrier and closes at the end. */
    private final class OddValues implements Sink<Long> {
        private final String instance;

        OddValues(final String instance) {
            this.instance = instance;
        }

        @Override
        public Sink<Long> instance(final int index, final int parallelism) {
            final String own = index + "/" + parallelism;
            events.add("instance " + own);
            return new OddValues(own);
        }

        @Override
        public void accept(final Long value, final long timestamp) {
            events.add(instance + ": odd " + value);
        }

        @Override
        public void checkpoint(final long checkpointId) {
            events.add(instance + ": barrier " + checkpointId);
        }

        @Override
        public void finish() {
            events.add(instance + ": finished");
        }

        @Override
        public void close() {
            events.add(instance + ": closed");
        }

        @Override
        public void allFinished() {
            events.add(instance + ": all finished");
        }

        @Override
        public void checkpointCompleted(final long checkpointId) {
            final boolean durable = Files.isRegularFile(dir.resolve("chk-" + checkpointId).resolve(Manifest.FILE_NAME));
            events.add(instance + ": completed " + checkpointId + (durable ? " with its manifest" : " WITHOUT its manifest"));
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"threaded", "deterministic"})
    void eachInstanceIsToldOfEveryBarrierAfterItsRecordsAndFinishedAndClosedOnce(final String scheduler) throws Exception {
        final VirtualClock clock = new VirtualClock(0);
        final StreamPipeline pipeline = StreamPipeline.named("late").clock(clock).checkpointing(dir, Duration.ofMillis(100));
        final Publisher<Long> numbers = pipeline.publisher("numbers");
        final KeyedProcessFunction<Long, Long, Long> split = (value, ctx, out) -> {
            if (value % 2 == 1) {
                ctx.output(ODD, value);
            } else {
                out.collect(value);
            }
        };
        final List<Long> main = Collections.synchronizedList(new ArrayList<>());
        pipeline.from(numbers, WatermarkStrategy.<Long>forMonotonousTimestamps().withTimestampAssigner((value, ts) -> value))
                .keyBy(value -> value % 3)
                .parallelism(2)
                .process(split)
                .sideOutput(ODD, new OddValues("given"))
                .sink((value, ts) -> main.add(value));
        if (scheduler.equals("threaded")) {
            try (RunningPipeline running = pipeline.start()) {
                for (long i = 0; i < 12; i++) {
                    numbers.publish(i);
                    if (i == 5) {
                        running.advanceTo(100, TIMEOUT); // barrier 1 behind the first six
                        assertTrue(running.awaitCheckpoint(1, TIMEOUT), "checkpoint 1 completes");
                    }
                }
                numbers.end();
                assertTrue(running.awaitTermination(TIMEOUT), "the pipeline ends");
            }
        } else {
            try (DeterministicPipeline running = pipeline.startDeterministic(clock)) {
                for (long i = 0; i < 12; i++) {
                    numbers.publish(i);
                    if (i == 5) {
                        running.advanceTo(100);
                        assertEquals(1, running.completedCheckpointId());
                    }
                }
                numbers.end();
                running.runToEnd();
            }
        }
        assertEquals(6, main.size(), "the even values: " + main);
        // the source's task (1 instance) and the keyed stage's (2): each a sink of its own
        final List<String> instances = List.of("0/1", "0/2", "1/2");
        assertEquals(instances.stream().map(own -> "instance " + own).toList(),
                events.stream().filter(event -> event.startsWith("instance ")).sorted().toList());
        for (final String own : instances) {
            assertEquals(List.of(own + ": barrier 1", own + ": finished", own + ": closed"),
                    events.stream().filter(event -> event.startsWith(own + ": ") && !event.contains(": odd ")).toList(),
                    "instance " + own + ": one barrier, then finished, then closed: " + events);
        }
        final int completed = events.indexOf("given: completed 1 with its manifest");
        final int allFinished = events.indexOf("given: all finished");
        for (final String own : instances) {
            assertTrue(events.indexOf(own + ": barrier 1") < completed, own + " passed barrier 1 before completion: " + events);
            assertTrue(events.indexOf(own + ": finished") < allFinished, own + " finished before all did: " + events);
        }
        assertEquals(1, events.stream().filter(event -> event.startsWith("given: ")).filter(event -> event.contains("completed")).count());
        assertEquals(1, events.stream().filter(event -> event.equals("given: all finished")).count());
        for (long value = 1; value < 12; value += 2) {
            final String own = owner(value) + "/2";
            final int at = events.indexOf(own + ": odd " + value);
            final int barrier = events.indexOf(own + ": barrier 1");
            assertTrue(at >= 0, "odd " + value + " reached its instance's sink: " + events);
            assertTrue(value < 6 ? at < barrier : at > barrier, "odd " + value + " on its side of barrier 1: " + events);
            assertTrue(at < events.indexOf(own + ": finished"), "odd " + value + " before the end: " + events);
        }
    }

    /** The keyed instance (of 2) that owns the key of {@code value}, {@code value % 3}. */
    private static int owner(final long value) {
        final int keyGroup = KeyGroups.keyGroupOf(value % 3, KeyGroups.DEFAULT_MAX_PARALLELISM);
        return KeyGroups.instanceFor(KeyGroups.DEFAULT_MAX_PARALLELISM, 2, keyGroup);
    }
}
