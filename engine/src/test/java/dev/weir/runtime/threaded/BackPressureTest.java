package dev.weir.runtime.threaded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.StreamPipeline;
import dev.weir.metrics.ChannelMetrics;
import dev.weir.source.Publisher;
import dev.weir.testing.Await;
import dev.weir.time.WatermarkStrategy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A full ring makes its producer wait and nothing is dropped (docs/architecture.md, "The threaded runtime"):
 * with 4-slot rings and a sink that stalls, the publisher waits, and once the sink moves on
 * every record arrives, each key's records in publication order.
 */
final class BackPressureTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final int RECORDS = 20_000;
    private static final int KEYS = 5;

    @Test
    void aFullRingMakesItsProducerWaitAndNothingIsDropped() throws InterruptedException {
        final CountDownLatch sinkStalled = new CountDownLatch(1);
        final CountDownLatch releaseSink = new CountDownLatch(1);
        final List<List<Long>> byKey = new ArrayList<>();
        for (int key = 0; key < KEYS; key++) {
            byKey.add(new ArrayList<>());
        }
        final StreamPipeline pipeline = StreamPipeline.named("backpressure").channelCapacity(4);
        final Publisher<Long> numbers = pipeline.publisher("numbers");
        pipeline.from(numbers, WatermarkStrategy.<Long>forMonotonousTimestamps().withTimestampAssigner((value, ts) -> value))
                .keyBy(value -> value % KEYS)
                .<Long>process((value, ctx, out) -> out.collect(value))
                .sink((value, ts) -> {
                    if (value == 0) {
                        sinkStalled.countDown();
                        await(releaseSink);
                    }
                    byKey.get((int) (value % KEYS)).add(value);
                });
        try (RunningPipeline running = pipeline.start()) {
            final Thread publisher = new Thread(() -> {
                for (long i = 0; i < RECORDS; i++) {
                    numbers.publish(i);
                }
                numbers.end();
            }, "test-publisher");
            publisher.start();
            assertTrue(sinkStalled.await(TIMEOUT.toSeconds(), TimeUnit.SECONDS));
            Await.until("the publisher finds the ring full", () -> input(running).producerWaits() > 0, TIMEOUT);
            assertEquals(4, input(running).occupancy(), "the stalled task's ring is full");

            releaseSink.countDown();
            assertTrue(running.awaitTermination(TIMEOUT), "the pipeline drained");
            publisher.join(TIMEOUT.toMillis());
            assertEquals(0, input(running).occupancy());
            assertTrue(input(running).producerWaits() > 0);
            assertEquals(RECORDS, running.metrics().task("backpressure-keyed-1-0").recordsIn());
        }
        long total = 0;
        for (int key = 0; key < KEYS; key++) {
            final List<Long> values = byKey.get(key);
            total += values.size();
            for (int i = 0; i < values.size(); i++) {
                assertEquals(key + (long) i * KEYS, values.get(i), "key " + key + " in publication order, nothing lost");
            }
        }
        assertEquals(RECORDS, total);
    }

    private static ChannelMetrics input(final RunningPipeline running) {
        return running.metrics().task("backpressure-keyed-1-0").inputs().get(0);
    }

    private static void await(final CountDownLatch latch) {
        try {
            if (!latch.await(TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                throw new AssertionError("never released");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
