package dev.weir.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.StreamPipeline;
import dev.weir.runtime.sink.CollectingSink;
import dev.weir.runtime.threaded.RunningPipeline;
import dev.weir.testing.Await;
import dev.weir.time.WatermarkStrategy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Publisher#publishBatched} (docs/runtime.md, "Batched publication"): records published in a
 * batch arrive in publication order once the burst is flushed, by {@link Publisher#flush()},
 * {@link Publisher#tick()}, {@link Publisher#publish} or end of input, and the tasks behind the
 * source flush what they emitted at the end of each duty cycle, so that no record waits for a
 * batch to fill while its producer is idle. The strategy emits no periodic watermark, so no
 * watermark publishes the records instead.
 */
final class PublisherBatchingTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    /** publisher -> keyBy -> pass-through -> keyBy -> pass-through -> sink, started: two hops behind the source. */
    private static final class TwoHops implements AutoCloseable {
        final Publisher<Long> publisher;
        final CollectingSink<Long> sink = new CollectingSink<>();
        final RunningPipeline running;

        TwoHops(final String name, final int capacity) {
            final StreamPipeline pipeline = StreamPipeline.named(name).channelCapacity(capacity);
            publisher = pipeline.publisher("numbers");
            pipeline.from(publisher, WatermarkStrategy.<Long>explicit())
                    .keyBy(value -> 0L)
                    .<Long>process((value, ctx, out) -> out.collect(value))
                    .keyBy(value -> 0L)
                    .<Long>process((value, ctx, out) -> out.collect(value))
                    .sink(sink);
            running = pipeline.start();
        }

        void publishBatched(final long from, final long to) {
            for (long i = from; i < to; i++) {
                publisher.publishBatched(i, i);
            }
        }

        void awaitSinkHolds(final String what, final int records) {
            Await.until(what, () -> sink.values().size() == records, TIMEOUT);
        }

        @Override
        public void close() {
            running.close();
        }
    }

    private static List<Long> range(final long from, final long to) {
        final List<Long> values = new ArrayList<>();
        for (long i = from; i < to; i++) {
            values.add(i);
        }
        return values;
    }

    @Test
    void batchedRecordsStayWithThePublisherUntilFlushedThenArriveInOrderThroughEveryHop() {
        try (TwoHops hops = new TwoHops("batched", 1024)) {
            hops.publishBatched(0, 10);
            assertEquals(0, hops.running.metrics().task("batched-keyed-1-0").inputs().get(0).occupancy(),
                    "ten records are less than a batch of the 1024-slot ring");
            assertEquals(0, hops.running.metrics().task("batched-keyed-1-0").recordsIn());

            hops.publisher.flush();
            hops.awaitSinkHolds("the flushed records reach the sink", 10);
            assertEquals(range(0, 10), hops.sink.values(), "in order, across two task hops that flushed at the end of their duty cycle");
        }
    }

    @Test
    void tickAndPublishFlushTheRecordsPublishedInABatchBeforeThem() {
        try (TwoHops hops = new TwoHops("tick", 1024)) {
            hops.publishBatched(0, 5);
            hops.publisher.tick();
            hops.awaitSinkHolds("a tick flushed the batch", 5);
            hops.publishBatched(5, 8);
            hops.publisher.publish(8L, 8);
            hops.awaitSinkHolds("an immediate publish took the batch before it along", 9);
            assertEquals(range(0, 9), hops.sink.values());
        }
    }

    @Test
    void manyBatchedRecordsThroughFourSlotRingsArriveInOrderAtTheEnd() throws InterruptedException {
        final int records = 20_000;
        try (TwoHops hops = new TwoHops("small-rings", 4)) {
            hops.publishBatched(0, records);
            hops.publisher.end();
            assertTrue(hops.running.awaitTermination(TIMEOUT), "the pipeline drained");
            assertTrue(hops.running.metrics().task("small-rings-keyed-1-0").inputs().get(0).producerWaits() > 0,
                    "the publisher waited for the full 4-slot ring");
            assertEquals(range(0, records), hops.sink.values());
        }
    }
}
