package dev.weir.runtime.deterministic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.StreamPipeline;
import dev.weir.clock.VirtualClock;
import dev.weir.runtime.PipelineExecutionException;
import dev.weir.runtime.PipelineStoppedException;
import dev.weir.runtime.sink.Sink;
import dev.weir.source.Publisher;
import dev.weir.state.HeapStateBackend;
import dev.weir.testing.PassThroughProbe;
import dev.weir.testing.Scheduler;
import dev.weir.time.WatermarkStrategy;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * How a pipeline's tasks are closed: the operators fused behind a publisher like every other
 * task's, once, and every task once when a sink closes its own deterministic pipeline.
 */
final class DeterministicStopTest {
    private static final WatermarkStrategy<Long> BY_VALUE = WatermarkStrategy.<Long>forMonotonousTimestamps()
            .withTimestampAssigner((value, ts) -> value);

    /** Two publishers, a probe behind each, keyBy into two instances with a probe each, then {@code sink}. */
    private static List<Publisher<Long>> probed(final StreamPipeline pipeline, final AtomicInteger sourceCloses,
            final AtomicInteger keyedCloses, final Sink<Long> sink) {
        final List<Publisher<Long>> numbers = pipeline.publishers("numbers", 2);
        pipeline.from(numbers, BY_VALUE)
                .transform("source-probe", () -> PassThroughProbe.<Long>countingCloses(sourceCloses))
                .keyBy(value -> value % 2)
                .parallelism(2)
                .transform("keyed-probe", () -> PassThroughProbe.<Long>countingCloses(keyedCloses))
                .sink(sink);
        return numbers;
    }

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void theOperatorsFusedBehindAPublisherAreClosedOnce(final Scheduler scheduler) {
        final AtomicInteger sourceCloses = new AtomicInteger();
        final AtomicInteger keyedCloses = new AtomicInteger();
        final List<Long> printed = Collections.synchronizedList(new ArrayList<>());
        final StreamPipeline pipeline = StreamPipeline.named("closes").stateBackend(HeapStateBackend.INSTANCE);
        final List<Publisher<Long>> numbers = probed(pipeline, sourceCloses, keyedCloses, (value, ts) -> printed.add(value));
        try (Scheduler.Started started = scheduler.start(pipeline)) {
            numbers.get(0).publish(1L);
            numbers.get(1).publish(2L);
            numbers.get(0).end();
            numbers.get(1).end();
            started.awaitEnd();
            started.close();
        }
        assertEquals(List.of(1L, 2L), printed.stream().sorted().toList());
        assertEquals(2, keyedCloses.get(), "each keyed instance closes its operators once");
        assertEquals(2, sourceCloses.get(), "each publisher-fed instance closes its operators once");
    }

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void aSinkFusedBehindAPublisherFinishesAndClosesOncePerInstance(final Scheduler scheduler) {
        final List<String> calls = Collections.synchronizedList(new ArrayList<>());
        final StreamPipeline pipeline = StreamPipeline.named("publisher-sink").stateBackend(HeapStateBackend.INSTANCE);
        final List<Publisher<Long>> numbers = pipeline.publishers("numbers", 2);
        pipeline.from(numbers, BY_VALUE).sink(new Sink<Long>() {
            @Override
            public void accept(final Long value, final long timestamp) {
                calls.add("accept " + value);
            }

            @Override
            public void finish() {
                calls.add("finish");
            }

            @Override
            public void close() {
                calls.add("close");
            }
        });
        try (Scheduler.Started started = scheduler.start(pipeline)) {
            numbers.get(0).publish(1L);
            numbers.get(0).end();
            numbers.get(1).end();
            started.awaitEnd();
            started.close();
        }
        // the deterministic scheduler closes each instance when its publisher ends; the threaded one has no
        // thread for them and closes them in RunningPipeline.close()
        assertEquals(scheduler == Scheduler.DETERMINISTIC ? List.of("accept 1", "finish", "close", "finish", "close")
                : List.of("accept 1", "finish", "finish", "close", "close"), calls);
    }

    @Test
    void aSinkThatClosesItsOwnPipelineStopsItAndEveryTaskIsClosedOnce() {
        final VirtualClock clock = new VirtualClock(0);
        final AtomicInteger sourceCloses = new AtomicInteger();
        final AtomicInteger keyedCloses = new AtomicInteger();
        final List<String> printed = new ArrayList<>();
        final AtomicReference<DeterministicPipeline> self = new AtomicReference<>();
        final StreamPipeline pipeline = StreamPipeline.named("sink-closes").stateBackend(HeapStateBackend.INSTANCE);
        final List<Publisher<Long>> numbers = probed(pipeline, sourceCloses, keyedCloses, (value, ts) -> {
            printed.add("got " + value);
            if (value == 2) {
                self.get().close();
            }
        });
        final DeterministicPipeline running = pipeline.startDeterministic(clock);
        self.set(running);
        numbers.get(0).publish(1L);
        numbers.get(1).publish(2L);
        assertTrue(running.isFinished(), "every task ended");
        final PipelineStoppedException publishAfter = assertThrows(PipelineStoppedException.class, () -> numbers.get(0).publish(3L));
        assertNull(publishAfter.getCause(), "closed, not failed");
        assertThrows(PipelineStoppedException.class, () -> running.advanceTo(1_000));
        running.close();
        assertEquals(List.of("got 1", "got 2"), printed);
        assertEquals(2, keyedCloses.get(), "each keyed instance closes its operators once");
        assertEquals(2, sourceCloses.get(), "each publisher-fed instance closes its operators once");
    }

    @Test
    void aSinkThatClosesItsOwnPipelineInTheMiddleOfABatchSeesNoOperatorClosedUnderIt() {
        final VirtualClock clock = new VirtualClock(0);
        final AtomicInteger closes = new AtomicInteger();
        final List<String> printed = new ArrayList<>();
        final AtomicReference<DeterministicPipeline> self = new AtomicReference<>();
        final StreamPipeline pipeline = StreamPipeline.named("sink-closes-mid-batch").stateBackend(HeapStateBackend.INSTANCE);
        final Publisher<Long> numbers = pipeline.publisher("numbers");
        pipeline.from(numbers, BY_VALUE)
                .<Long>flatMap((value, out) -> {
                    for (long i = 0; i < 4; i++) {
                        out.collect(value + i);
                    }
                })
                .keyBy(value -> 0)
                .transform("keyed-probe", () -> PassThroughProbe.<Long>countingCloses(closes))
                .sink((value, ts) -> {
                    printed.add("got " + value + ", closes " + closes.get());
                    if (value == 2) {
                        self.get().close();
                    }
                });
        final DeterministicPipeline running = pipeline.startDeterministic(clock);
        self.set(running);
        // one duty cycle of the keyed task takes all four records: the sink closes the pipeline in the middle of it
        numbers.publish(1L);
        assertTrue(running.isFinished(), "every task ended");
        // the rest of the batch runs, as on the threaded scheduler, and only then are the operators closed
        assertEquals(List.of("got 1, closes 0", "got 2, closes 0", "got 3, closes 0", "got 4, closes 0"), printed);
        assertEquals(1, closes.get());
        running.close();
        assertEquals(1, closes.get());
    }

    @Test
    void aTaskThatFailsStopsEveryTaskOnceAndItsFailureComesOutOnce() {
        final VirtualClock clock = new VirtualClock(0);
        final AtomicInteger sourceCloses = new AtomicInteger();
        final AtomicInteger keyedCloses = new AtomicInteger();
        final IllegalStateException boom = new IllegalStateException("boom on 13");
        final List<Long> printed = new ArrayList<>();
        final StreamPipeline pipeline = StreamPipeline.named("task-fails").stateBackend(HeapStateBackend.INSTANCE);
        final List<Publisher<Long>> numbers = probed(pipeline, sourceCloses, keyedCloses, (value, ts) -> {
            if (value == 13) {
                throw boom;
            }
            printed.add(value);
        });
        final DeterministicPipeline running = pipeline.startDeterministic(clock);
        numbers.get(0).publish(11L);
        final PipelineExecutionException failure = assertThrows(PipelineExecutionException.class, () -> numbers.get(1).publish(13L));
        assertSame(boom, failure.getCause());
        assertTrue(running.isFinished(), "every task ended");
        assertEquals(2, keyedCloses.get(), "each keyed instance closes its operators once, the failed one too");
        assertEquals(2, sourceCloses.get(), "each publisher-fed instance closes its operators once");
        assertSame(boom, assertThrows(PipelineStoppedException.class, () -> numbers.get(0).publish(15L)).getCause());
        assertSame(boom, assertThrows(PipelineStoppedException.class, () -> numbers.get(1).end()).getCause());
        assertSame(boom, assertThrows(PipelineStoppedException.class, running::runToEnd).getCause());
        running.close();
        running.close();
        assertEquals(List.of(11L), printed);
        assertEquals(2, keyedCloses.get());
        assertEquals(2, sourceCloses.get());
    }
}
