package dev.weir.runtime.threaded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.StreamPipeline;
import dev.weir.operator.KeyedProcessFunction;
import dev.weir.runtime.PipelineExecutionException;
import dev.weir.runtime.PipelineStoppedException;
import dev.weir.runtime.sink.Sink;
import dev.weir.source.Publisher;
import dev.weir.source.ReadStatus;
import dev.weir.source.SourceReader;
import dev.weir.testing.Await;
import dev.weir.testing.PassThroughProbe;
import dev.weir.time.WatermarkStrategy;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Lifecycle and failure of the threaded runtime: a bounded input drains (MAX flows through,
 * every task ends); an exception or error anywhere stops the whole pipeline and
 * {@code awaitTermination} rethrows the original cause; a publisher waiting on a full ring is
 * released when the pipeline fails or is closed; no task thread outlives the pipeline; every
 * task closes its operators however it ends.
 */
final class PipelineLifecycleTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final WatermarkStrategy<Long> BY_VALUE = WatermarkStrategy.<Long>forMonotonousTimestamps()
            .withTimestampAssigner((value, ts) -> value);

    private static KeyedProcessFunction<Long, Long, Long> forward() {
        return (value, ctx, out) -> out.collect(value);
    }

    private static void assertNoThreadAlive(final RunningPipeline running) {
        assertTrue(running.threads().stream().noneMatch(Thread::isAlive), () -> "threads still alive: " + running.threads());
    }

    @Test
    void aBoundedInputDrainsMaxReachesTheSinkAndEveryTaskEnds() throws InterruptedException {
        final List<Long> results = Collections.synchronizedList(new ArrayList<>());
        final List<Long> watermarks = Collections.synchronizedList(new ArrayList<>());
        final AtomicInteger finished = new AtomicInteger();
        final AtomicInteger closes = new AtomicInteger();
        final StreamPipeline pipeline = StreamPipeline.named("drain");
        final Publisher<Long> numbers = pipeline.publisher("numbers");
        pipeline.from(numbers, BY_VALUE)
                .keyBy(value -> value % 3)
                .parallelism(2)
                .process(forward())
                .transform("probe", () -> PassThroughProbe.countingCloses(closes))
                .sink(new Sink<Long>() {
                    @Override
                    public void accept(final Long value, final long timestamp) {
                        results.add(value);
                    }

                    @Override
                    public void watermark(final long watermark) {
                        watermarks.add(watermark);
                    }

                    @Override
                    public void finish() {
                        finished.incrementAndGet();
                    }
                });
        try (RunningPipeline running = pipeline.start()) {
            for (long i = 0; i < 1000; i++) {
                numbers.publish(i);
            }
            numbers.end();
            assertTrue(running.awaitTermination(TIMEOUT), "the pipeline did not drain");
            assertNoThreadAlive(running);
            assertFalse(running.isRunning());
        }
        assertEquals(1000, results.size());
        assertEquals(2, watermarks.stream().filter(w -> w == Long.MAX_VALUE).count(), "MAX reaches the sink once per instance");
        assertEquals(2, finished.get(), "the sink finishes once per instance");
        assertEquals(2, closes.get(), "every task closes its operators");
    }

    @Test
    void anOperatorExceptionStopsEveryTaskAndIsTheCause() throws InterruptedException {
        final IllegalStateException boom = new IllegalStateException("boom on 13");
        final AtomicInteger closes = new AtomicInteger();
        final StreamPipeline pipeline = StreamPipeline.named("operator-fails");
        final Publisher<Long> numbers = failingOn13(pipeline, 2, boom, closes);
        final RunningPipeline running = pipeline.start();
        try {
            publishUntilStopped(numbers, 1_000_000);
            final PipelineExecutionException failure = assertThrows(PipelineExecutionException.class, () -> running.awaitTermination(TIMEOUT));
            assertSame(boom, failure.getCause());
            assertNoThreadAlive(running);
            assertEquals(2, closes.get(), "both instances closed their operators, the failed one too");
            final PipelineStoppedException afterwards = assertThrows(PipelineStoppedException.class, () -> numbers.publish(1L));
            assertSame(boom, afterwards.getCause(), "publishing after the failure names it");
        } finally {
            running.close();
        }
        assertNoThreadAlive(running);
    }

    @Test
    void anErrorInAnOperatorFailsThePipelineInsteadOfKillingItsThread() throws InterruptedException {
        final AssertionError broken = new AssertionError("invariant broken");
        final AtomicInteger closes = new AtomicInteger();
        final StreamPipeline pipeline = StreamPipeline.named("operator-errors");
        final Publisher<Long> numbers = pipeline.publisher("numbers");
        pipeline.from(numbers, BY_VALUE)
                .keyBy(value -> value % 2)
                .<Long>process((value, ctx, out) -> {
                    if (value == 5) {
                        throw broken;
                    }
                    out.collect(value);
                })
                .transform("probe", () -> PassThroughProbe.countingCloses(closes))
                .sink((value, ts) -> { });
        try (RunningPipeline running = pipeline.start()) {
            publishUntilStopped(numbers, 1_000_000);
            final PipelineExecutionException failure = assertThrows(PipelineExecutionException.class, () -> running.awaitTermination(TIMEOUT));
            assertSame(broken, failure.getCause());
            assertNoThreadAlive(running);
            assertEquals(1, closes.get(), "Agrona skips onClose when an Error escapes doWork: the runtime must not let it escape");
        }
    }

    @Test
    void aSourceExceptionStopsThePipelineAndIsTheCause() throws InterruptedException {
        final IOException diskGone = new IOException("disk gone");
        final AtomicInteger closes = new AtomicInteger();
        final StreamPipeline pipeline = StreamPipeline.named("source-fails");
        pipeline.<Long>from("reader", (instance, parallelism) -> new SourceReader<>() {
            private long next;

            @Override
            public ReadStatus read(final dev.weir.source.SourceOutput<Long> output) throws IOException {
                if (next == 100) {
                    throw diskGone;
                }
                output.emit(next++);
                return ReadStatus.MORE;
            }
        }, BY_VALUE, 1)
                .keyBy(value -> value % 2)
                .parallelism(2)
                .process(forward())
                .transform("probe", () -> PassThroughProbe.countingCloses(closes))
                .sink((value, ts) -> { });
        try (RunningPipeline running = pipeline.start()) {
            final PipelineExecutionException failure = assertThrows(PipelineExecutionException.class, () -> running.awaitTermination(TIMEOUT));
            assertSame(diskGone, failure.getCause());
            assertNoThreadAlive(running);
            assertEquals(2, closes.get());
        }
    }

    @Test
    void aSinkExceptionStopsThePipelineAndIsTheCause() throws InterruptedException {
        final IllegalArgumentException badResult = new IllegalArgumentException("sink rejects 42");
        final StreamPipeline pipeline = StreamPipeline.named("sink-fails");
        final Publisher<Long> numbers = pipeline.publisher("numbers");
        pipeline.from(numbers, BY_VALUE)
                .keyBy(value -> value % 2)
                .process(forward())
                .sink((value, ts) -> {
                    if (value == 42) {
                        throw badResult;
                    }
                });
        try (RunningPipeline running = pipeline.start()) {
            publishUntilStopped(numbers, 1_000_000);
            final PipelineExecutionException failure = assertThrows(PipelineExecutionException.class, () -> running.awaitTermination(TIMEOUT));
            assertSame(badResult, failure.getCause());
            assertNoThreadAlive(running);
        }
    }

    @Test
    void anExceptionInAnOperatorFusedBehindThePublisherFailsThePipelineToo() throws InterruptedException {
        final IllegalStateException badMap = new IllegalStateException("cannot map 7");
        final StreamPipeline pipeline = StreamPipeline.named("publisher-chain-fails");
        final Publisher<Long> numbers = pipeline.publisher("numbers");
        pipeline.from(numbers, BY_VALUE)
                .map(value -> {
                    if (value == 7) {
                        throw badMap;
                    }
                    return value;
                })
                .keyBy(value -> value % 2)
                .process(forward())
                .sink((value, ts) -> { });
        try (RunningPipeline running = pipeline.start()) {
            for (long i = 0; i < 7; i++) {
                numbers.publish(i);
            }
            assertSame(badMap, assertThrows(IllegalStateException.class, () -> numbers.publish(7L)), "the caller sees the exception");
            final PipelineExecutionException failure = assertThrows(PipelineExecutionException.class, () -> running.awaitTermination(TIMEOUT));
            assertSame(badMap, failure.getCause());
            assertNoThreadAlive(running);
        }
    }

    @Test
    void closeStopsEveryTaskReleasesABlockedPublisherAndIsNoFailure() throws InterruptedException {
        final CountDownLatch sinkEntered = new CountDownLatch(1);
        final CountDownLatch releaseSink = new CountDownLatch(1);
        final AtomicInteger closes = new AtomicInteger();
        final StreamPipeline pipeline = StreamPipeline.named("closed-while-blocked").channelCapacity(4);
        final Publisher<Long> numbers = pipeline.publisher("numbers");
        pipeline.from(numbers, BY_VALUE)
                .keyBy(value -> value % 2)
                .process(forward())
                .transform("probe", () -> PassThroughProbe.countingCloses(closes))
                .keyBy(value -> value % 2)
                .process(forward())
                .sink((value, ts) -> {
                    sinkEntered.countDown();
                    awaitQuietly(releaseSink);
                });
        final RunningPipeline running = pipeline.start();
        final FloodingPublisher publisher = FloodingPublisher.start(numbers);
        assertTrue(sinkEntered.await(TIMEOUT.toSeconds(), TimeUnit.SECONDS));
        Await.until("the publisher waits on its full ring", () -> running.metrics().task("closed-while-blocked-keyed-1-0")
                .inputs().get(0).producerWaits() > 0, TIMEOUT);
        Await.until("the middle task waits on its full ring", () -> running.metrics().task("closed-while-blocked-keyed-2-0")
                .inputs().get(0).producerWaits() > 0, TIMEOUT);

        final Thread closer = new Thread(running::close, "test-closer");
        closer.start();
        assertTrue(publisher.released.await(TIMEOUT.toSeconds(), TimeUnit.SECONDS), "close released the waiting publisher");
        assertInstanceOf(PipelineStoppedException.class, publisher.outcome.get());
        assertNull(publisher.outcome.get().getCause(), "a close is no failure");
        releaseSink.countDown();
        closer.join(TIMEOUT.toMillis());
        assertFalse(closer.isAlive(), "close returned");
        assertNoThreadAlive(running);
        assertTrue(running.awaitTermination(Duration.ZERO), "a task stopped while it waited on a full ring is no failure");
        assertEquals(1, closes.get());
        assertThrows(PipelineStoppedException.class, () -> numbers.publish(1L));
    }

    @Test
    void aFailureReleasesAPublisherBlockedOnAFullRingWithTheCause() throws InterruptedException {
        final CountDownLatch sinkEntered = new CountDownLatch(1);
        final CountDownLatch releaseSink = new CountDownLatch(1);
        final IllegalStateException sinkBroke = new IllegalStateException("sink broke");
        final StreamPipeline pipeline = StreamPipeline.named("failed-while-blocked").channelCapacity(4);
        final Publisher<Long> numbers = pipeline.publisher("numbers");
        pipeline.from(numbers, BY_VALUE)
                .keyBy(value -> value % 2)
                .process(forward())
                .sink((value, ts) -> {
                    sinkEntered.countDown();
                    awaitQuietly(releaseSink);
                    throw sinkBroke;
                });
        try (RunningPipeline running = pipeline.start()) {
            final FloodingPublisher publisher = FloodingPublisher.start(numbers);
            assertTrue(sinkEntered.await(TIMEOUT.toSeconds(), TimeUnit.SECONDS));
            Await.until("the publisher waits on its full ring", () -> running.metrics().task("failed-while-blocked-keyed-1-0")
                    .inputs().get(0).producerWaits() > 0, TIMEOUT);
            assertEquals(4, running.metrics().task("failed-while-blocked-keyed-1-0").inputs().get(0).occupancy(), "the ring is full");

            releaseSink.countDown();
            assertTrue(publisher.released.await(TIMEOUT.toSeconds(), TimeUnit.SECONDS), "the failure released the waiting publisher");
            assertInstanceOf(PipelineStoppedException.class, publisher.outcome.get());
            assertSame(sinkBroke, publisher.outcome.get().getCause());
            final PipelineExecutionException failure = assertThrows(PipelineExecutionException.class, () -> running.awaitTermination(TIMEOUT));
            assertSame(sinkBroke, failure.getCause());
            assertNoThreadAlive(running);
            publisher.join(TIMEOUT.toMillis());
        }
    }

    @Test
    void closingTwiceAndAwaitingAfterwardsIsHarmless() throws InterruptedException {
        final StreamPipeline pipeline = StreamPipeline.named("closed-twice");
        final Publisher<Long> numbers = pipeline.publisher("numbers");
        pipeline.from(numbers, BY_VALUE).keyBy(value -> value).process(forward()).sink((value, ts) -> { });
        final RunningPipeline running = pipeline.start();
        numbers.publish(1L);
        running.close();
        running.close();
        assertNoThreadAlive(running);
        assertTrue(running.awaitTermination(TIMEOUT));
    }

    @Test
    void awaitQuiescentWaitsForTheTasksToCatchUpAndStopsWithAFailedPipeline() throws InterruptedException {
        final CountDownLatch releaseSink = new CountDownLatch(1);
        final IllegalStateException late = new IllegalStateException("failed after catching up");
        final List<Long> results = Collections.synchronizedList(new ArrayList<>());
        final StreamPipeline pipeline = StreamPipeline.named("quiescence");
        final Publisher<Long> numbers = pipeline.publisher("numbers");
        pipeline.from(numbers, BY_VALUE)
                .keyBy(value -> value % 2)
                .parallelism(2)
                .process(forward())
                .sink((value, ts) -> {
                    if (value == 0) {
                        awaitQuietly(releaseSink);
                    }
                    if (value == 99) {
                        throw late;
                    }
                    results.add(value);
                });
        try (RunningPipeline running = pipeline.start()) {
            for (long i = 0; i < 10; i++) {
                numbers.publish(i);
            }
            assertFalse(running.awaitQuiescent(Duration.ofMillis(50)), "a stalled task has not caught up");
            releaseSink.countDown();
            assertTrue(running.awaitQuiescent(TIMEOUT));
            assertEquals(10, results.size(), "caught up: everything published so far went through");

            numbers.publish(99L);
            final PipelineStoppedException stopped = assertThrows(PipelineStoppedException.class, () -> {
                while (true) {
                    running.awaitQuiescent(TIMEOUT);
                }
            });
            assertSame(late, stopped.getCause(), "the task that failed did not catch up: the failure is reported");
            assertThrows(PipelineExecutionException.class, () -> running.awaitTermination(TIMEOUT));
        }
    }

    /**
     * Builds {@code publisher -> keyBy -> parallelism instances throwing boom on 13 -> closing probe -> discard}.
     *
     * @return the pipeline's publisher
     */
    static Publisher<Long> failingOn13(final StreamPipeline pipeline, final int parallelism, final RuntimeException boom,
            final AtomicInteger closes) {
        final Publisher<Long> numbers = pipeline.publisher("numbers");
        pipeline.from(numbers, BY_VALUE)
                .keyBy(value -> value % parallelism)
                .parallelism(parallelism)
                .<Long>process((value, ctx, out) -> {
                    if (value == 13) {
                        throw boom;
                    }
                    out.collect(value);
                })
                .transform("probe", () -> PassThroughProbe.countingCloses(closes))
                .sink((value, ts) -> { });
        return numbers;
    }

    static void publishUntilStopped(final Publisher<Long> numbers, final long count) {
        try {
            for (long i = 0; i < count; i++) {
                numbers.publish(i);
            }
            numbers.end();
        } catch (PipelineStoppedException expected) {
            // the pipeline failed while we published
        } catch (RuntimeException | Error fromTheChain) {
            // thrown by an operator fused behind the publisher; the pipeline failed with it
        }
    }

    private static void awaitQuietly(final CountDownLatch latch) {
        try {
            if (!latch.await(TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                throw new AssertionError("the test never released the sink");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Publishes numbers from a thread of its own until the pipeline stops it, and keeps how it ended. */
    private static final class FloodingPublisher {
        final AtomicReference<Throwable> outcome = new AtomicReference<>();
        final CountDownLatch released = new CountDownLatch(1);
        private Thread thread;

        static FloodingPublisher start(final Publisher<Long> numbers) {
            final FloodingPublisher flooding = new FloodingPublisher();
            flooding.thread = new Thread(() -> {
                try {
                    for (long i = 0; i < 1_000_000; i++) {
                        numbers.publish(i);
                    }
                } catch (Throwable t) {
                    flooding.outcome.set(t);
                } finally {
                    flooding.released.countDown();
                }
            }, "test-publisher");
            flooding.thread.start();
            return flooding;
        }

        void join(final long millis) throws InterruptedException {
            thread.join(millis);
        }
    }
}
