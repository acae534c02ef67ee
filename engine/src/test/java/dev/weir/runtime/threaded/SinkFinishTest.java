package dev.weir.runtime.threaded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.StreamPipeline;
import dev.weir.operator.KeyedProcessFunction;
import dev.weir.runtime.PipelineExecutionException;
import dev.weir.runtime.PipelineStoppedException;
import dev.weir.runtime.sink.Sink;
import dev.weir.source.Publisher;
import dev.weir.testing.Scheduler;
import dev.weir.time.WatermarkStrategy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The sink's end-of-input contract (docs/runtime.md, "Lifecycle and failure"): every parallel
 * instance calls {@link Sink#finish()} once, on its own thread, after its records; the last one
 * to finish then calls {@link Sink#allFinished()} once, after every {@code finish()}, seeing
 * every record; a pipeline that fails before every instance finished never calls it. On the
 * deterministic scheduler every call comes from the one thread that drives the pipeline, in a
 * fixed order.
 */
final class SinkFinishTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final WatermarkStrategy<Long> BY_VALUE = WatermarkStrategy.<Long>forMonotonousTimestamps()
            .withTimestampAssigner((value, ts) -> value);

    private static KeyedProcessFunction<Long, Long, Long> plus(final long added) {
        return (value, ctx, out) -> out.collect(value + added);
    }

    /** @return three publishers feeding {@code sink} directly: each instance's finish runs in its publisher's {@code end()} */
    private static List<Publisher<Long>> threePublishersInto(final StreamPipeline pipeline, final Sink<Long> sink) {
        final List<Publisher<Long>> publishers = pipeline.publishers("numbers", 3);
        pipeline.from(publishers, BY_VALUE).sink(sink);
        return publishers;
    }

    /** @return a publisher feeding a keyed stage of three instances that ends in {@code sink} */
    private static Publisher<Long> threeTaskInstancesInto(final StreamPipeline pipeline, final Sink<Long> sink) {
        final Publisher<Long> numbers = pipeline.publisher("numbers");
        pipeline.from(numbers, BY_VALUE)
                .keyBy(value -> value % 3)
                .parallelism(3)
                .process(plus(100))
                .sink(sink);
        return numbers;
    }

    /** Records, per calling thread, what the sink was told, and what {@code allFinished} saw. */
    private static final class Recording implements Sink<Long> {
        final Map<Thread, List<String>> callsByThread = new ConcurrentHashMap<>();
        final AtomicInteger records = new AtomicInteger();
        final AtomicInteger finishes = new AtomicInteger();
        final List<String> allFinishedCalls = new ArrayList<>();
        final CountDownLatch done = new CountDownLatch(1);

        private List<String> calls() {
            return callsByThread.computeIfAbsent(Thread.currentThread(), thread -> new ArrayList<>());
        }

        @Override
        public void accept(final Long value, final long timestamp) {
            if (value == 13) {
                throw new IllegalStateException("no 13");
            }
            calls().add("record");
            records.incrementAndGet();
        }

        @Override
        public void finish() {
            calls().add("finish");
            finishes.incrementAndGet();
        }

        @Override
        public void allFinished() {
            calls().add("allFinished");
            // plain list: the once-only contract makes it single-threaded; the latch publishes it
            allFinishedCalls.add(Thread.currentThread().getName() + " after " + finishes.get() + " finishes, " + records.get() + " records");
            done.countDown();
        }
    }

    @Test
    void eachOfThreeTaskInstancesFinishesOnItsThreadThenTheLastCallsAllFinishedOnce() throws InterruptedException {
        final Recording sink = new Recording();
        final StreamPipeline pipeline = StreamPipeline.named("finish3");
        final Publisher<Long> numbers = threeTaskInstancesInto(pipeline, sink);
        try (RunningPipeline running = pipeline.start()) {
            for (long i = 0; i < 300; i++) {
                numbers.publish(i);
            }
            numbers.end();
            assertTrue(sink.done.await(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS), "allFinished was not called");
            assertTrue(running.awaitTermination(TIMEOUT), "the pipeline did not drain");

            final Set<Thread> taskThreads = new HashSet<>(running.threads());
            assertEquals(3, taskThreads.size());
            assertEquals(taskThreads, sink.callsByThread.keySet(), "every call came from a task thread, each task called");
            int lastCalls = 0;
            for (final Map.Entry<Thread, List<String>> thread : sink.callsByThread.entrySet()) {
                final List<String> calls = thread.getValue();
                final boolean last = calls.get(calls.size() - 1).equals("allFinished");
                lastCalls += last ? 1 : 0;
                final int finish = calls.size() - (last ? 2 : 1);
                assertEquals("finish", calls.get(finish), thread.getKey().getName() + " ends with its finish: " + calls);
                assertTrue(calls.subList(0, finish).stream().allMatch("record"::equals),
                        thread.getKey().getName() + " finished once, after its records: " + calls);
            }
            assertEquals(1, lastCalls, "one thread calls allFinished");
            final Thread last = sink.callsByThread.entrySet().stream()
                    .filter(entry -> entry.getValue().get(entry.getValue().size() - 1).equals("allFinished"))
                    .findFirst().orElseThrow().getKey();
            assertEquals(List.of(last.getName() + " after 3 finishes, 300 records"), sink.allFinishedCalls);
        }
    }

    @Test
    void onTheDeterministicSchedulerEachInstanceFinishesAfterEveryRecordThenAllFinishedComesOnce() {
        final Recording sink = new Recording();
        final StreamPipeline pipeline = StreamPipeline.named("finish3");
        final Publisher<Long> numbers = threeTaskInstancesInto(pipeline, sink);
        try (Scheduler.Started running = Scheduler.DETERMINISTIC.start(pipeline)) {
            for (long i = 0; i < 300; i++) {
                numbers.publish(i);
            }
            assertEquals(300, sink.records.get(), "each publish ran the pipeline until it was quiescent");
            numbers.end();
            final List<String> expected = new ArrayList<>(Collections.nCopies(300, "record"));
            expected.addAll(List.of("finish", "finish", "finish", "allFinished"));
            assertEquals(Map.of(Thread.currentThread(), expected), sink.callsByThread);
            assertEquals(List.of(Thread.currentThread().getName() + " after 3 finishes, 300 records"), sink.allFinishedCalls);
            running.awaitEnd();
        }
    }

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void theSinkOfParallelPublishersFinishesWithEachPublisherAndAllFinishedWithTheLast(final Scheduler scheduler) {
        final Recording sink = new Recording();
        final StreamPipeline pipeline = StreamPipeline.named("finish-publishers");
        final List<Publisher<Long>> publishers = threePublishersInto(pipeline, sink);
        final String me = Thread.currentThread().getName();
        try (Scheduler.Started running = scheduler.start(pipeline)) {
            publishers.get(1).publish(1L);
            publishers.get(0).publish(2L);
            publishers.get(2).publish(3L);
            publishers.get(2).end();
            assertEquals(1, sink.finishes.get());
            publishers.get(0).end();
            assertEquals(2, sink.finishes.get());
            assertEquals(List.of(), sink.allFinishedCalls, "two of three instances finished");
            publishers.get(1).end();
            assertEquals(3, sink.finishes.get());
            assertEquals(List.of(me + " after 3 finishes, 3 records"), sink.allFinishedCalls);
            assertEquals(List.of("record", "record", "record", "finish", "finish", "finish", "allFinished"),
                    sink.callsByThread.get(Thread.currentThread()));
            running.awaitEnd();
        }
    }

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void aSingleInstanceCallsAllFinishedRightAfterItsFinish(final Scheduler scheduler) {
        final Recording sink = new Recording();
        final StreamPipeline pipeline = StreamPipeline.named("finish1");
        final Publisher<Long> numbers = pipeline.publisher("numbers");
        pipeline.from(numbers, BY_VALUE).keyBy(value -> value % 2).process(plus(0)).sink(sink);
        try (Scheduler.Started running = scheduler.start(pipeline)) {
            numbers.publish(1L);
            numbers.publish(2L);
            numbers.end();
            running.awaitEnd();
            assertEquals(1, sink.callsByThread.size());
            assertEquals(List.of("record", "record", "finish", "allFinished"), sink.callsByThread.values().iterator().next());
            assertEquals(1, sink.allFinishedCalls.size());
        }
    }

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void aPipelineThatFailsBeforeEveryInstanceFinishedNeverCallsAllFinished(final Scheduler scheduler) {
        final Recording sink = new Recording();
        final StreamPipeline pipeline = StreamPipeline.named("finish-fails");
        final List<Publisher<Long>> publishers = threePublishersInto(pipeline, sink);
        final Scheduler.Started running = scheduler.start(pipeline);
        try {
            publishers.get(0).end();
            publishers.get(1).end();
            final IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> publishers.get(2).publish(13L));
            assertEquals("no 13", thrown.getMessage());
            final PipelineExecutionException failure = assertThrows(PipelineExecutionException.class, running::awaitEnd);
            assertSame(thrown, failure.getCause());
            assertInstanceOf(PipelineStoppedException.class, assertThrows(RuntimeException.class, () -> publishers.get(2).end()));
            assertEquals(2, sink.finishes.get());
            assertEquals(List.of(), sink.allFinishedCalls);
        } finally {
            running.close();
        }
    }
}
