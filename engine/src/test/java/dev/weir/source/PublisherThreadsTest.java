package dev.weir.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.StreamPipeline;
import dev.weir.runtime.threaded.RunningPipeline;
import dev.weir.time.WatermarkStrategy;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * A publisher's threading contract (docs/runtime.md, "Publishers and threads"): one thread at a
 * time; it moves to another thread across a happens-before edge (here {@code Thread.join});
 * with assertions on, a second thread calling while one is inside a call gets an
 * {@link AssertionError} and touches nothing. A sink fused behind the publisher holds the first
 * thread inside its call, on a latch.
 */
final class PublisherThreadsTest {
    private static final long TIMEOUT_SECONDS = 30;
    private static final WatermarkStrategy<Long> BY_VALUE = WatermarkStrategy.<Long>forMonotonousTimestamps()
            .withTimestampAssigner((value, ts) -> value);

    /** A sink that keeps the records and, on record 7, waits inside the publishing thread's call until released. */
    private static final class Holding {
        final List<Long> records = new CopyOnWriteArrayList<>();
        final CountDownLatch inside = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);

        void accept(final Long value) {
            records.add(value);
            if (value == 7) {
                inside.countDown();
                try {
                    assertTrue(release.await(TIMEOUT_SECONDS, TimeUnit.SECONDS), "never released");
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    private static void assertRejected(final Runnable call, final String me, final String feeder) {
        final AssertionError error = assertThrows(AssertionError.class, call::run);
        assertEquals("publisher 'numbers' was called on thread '" + me + "' while thread '" + feeder + "' is inside a call:"
                + " one thread at a time, and a hand-over needs a happens-before edge (docs/runtime.md, \"Publishers and threads\")",
                error.getMessage());
    }

    @Test
    void aSecondThreadCallingDuringACallIsRejectedAndAHandOverByJoinIsFine() throws Exception {
        assertTrue(Publisher.class.desiredAssertionStatus(), "the check runs with assertions on (-ea), as tests run");
        final Holding sink = new Holding();
        final StreamPipeline pipeline = StreamPipeline.named("threads");
        final Publisher<Long> numbers = pipeline.publisher("numbers");
        pipeline.from(numbers, BY_VALUE).sink((value, ts) -> sink.accept(value));
        final String me = Thread.currentThread().getName();
        try (RunningPipeline running = pipeline.start()) {
            final AtomicReference<Throwable> feederFailure = new AtomicReference<>();
            final Thread feeder = new Thread(() -> {
                try {
                    numbers.publish(5L);
                    numbers.publish(7L);
                } catch (RuntimeException | Error e) {
                    feederFailure.set(e);
                }
            }, "feeder");
            feeder.start();
            assertTrue(sink.inside.await(TIMEOUT_SECONDS, TimeUnit.SECONDS), "the feeder never reached record 7");

            // every kind of call is checked, and none touches the pipeline
            assertRejected(() -> numbers.publish(8L), me, "feeder");
            assertRejected(() -> numbers.publishBatched(8L, 8L), me, "feeder");
            assertRejected(numbers::flush, me, "feeder");
            assertRejected(numbers::tick, me, "feeder");
            assertRejected(() -> numbers.emitWatermark(8L), me, "feeder");
            assertRejected(numbers::markIdle, me, "feeder");
            assertRejected(numbers::end, me, "feeder");

            sink.release.countDown();
            feeder.join(TimeUnit.SECONDS.toMillis(TIMEOUT_SECONDS));
            assertNull(feederFailure.get());

            // the join is the hand-over: from here on this thread is the publisher's only one
            numbers.publish(9L);
            numbers.end();
            assertTrue(running.awaitTermination(Duration.ofSeconds(TIMEOUT_SECONDS)));
        }
        assertEquals(List.of(5L, 7L, 9L), sink.records);
    }

    @Test
    void aCallRejectedBeforeTheStartLeavesThePublisherFreeForAnotherThread() throws Exception {
        final List<Long> records = new CopyOnWriteArrayList<>();
        final StreamPipeline pipeline = StreamPipeline.named("not-started");
        final Publisher<Long> numbers = pipeline.publisher("numbers");
        pipeline.from(numbers, BY_VALUE).sink((value, ts) -> records.add(value));
        final IllegalStateException early = assertThrows(IllegalStateException.class, () -> numbers.publish(1L));
        assertEquals("publisher 'numbers' is not connected: start the pipeline first", early.getMessage());
        try (RunningPipeline running = pipeline.start()) {
            final AtomicReference<Throwable> failure = new AtomicReference<>();
            final Thread other = new Thread(() -> {
                try {
                    numbers.publish(2L);
                    numbers.end();
                } catch (RuntimeException | Error e) {
                    failure.set(e);
                }
            }, "other");
            other.start();
            other.join(TimeUnit.SECONDS.toMillis(TIMEOUT_SECONDS));
            assertNull(failure.get());
            assertTrue(running.awaitTermination(Duration.ofSeconds(TIMEOUT_SECONDS)));
        }
        assertEquals(List.of(2L), records);
    }
}
