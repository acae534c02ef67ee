package dev.weir.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.StreamPipeline;
import dev.weir.clock.VirtualClock;
import dev.weir.operator.FlatMapOperator;
import dev.weir.operator.OperatorFactory;
import dev.weir.runtime.IdlingPublisherWait;
import dev.weir.runtime.PipelineControl;
import dev.weir.runtime.PipelineStoppedException;
import dev.weir.runtime.PublisherWait;
import dev.weir.runtime.chain.ChannelOutput;
import dev.weir.runtime.chain.OperatorChain;
import dev.weir.runtime.chain.SideOutputs;
import dev.weir.runtime.channel.Channel;
import dev.weir.runtime.threaded.RunningPipeline;
import dev.weir.state.HeapStateBackend;
import dev.weir.testing.Await;
import dev.weir.time.WatermarkStrategy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * A publisher cannot return in the middle of a call, so every call ends only once the rings took
 * everything it wrote (docs/runtime.md, "Back-pressure"): while events are held back it calls its
 * {@link PublisherWait}'s {@code awaitRoom()}, and {@code callEnded()} after every call. The
 * threaded wait idles and lets a stopped pipeline release the publisher.
 */
final class PublisherBackPressureTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    /** Ten results per record: one publish overflows a 4-slot ring. */
    private static OperatorFactory<Long, String> explode(final int results) {
        return () -> new FlatMapOperator<Long, String>((value, out) -> {
            for (int i = 0; i < results; i++) {
                out.collect(value + "." + i);
            }
        });
    }

    /** Runs the ring's consumer while the publisher waits, as a deterministic scheduler would run the pipeline. */
    private static final class ConsumingWait implements PublisherWait {
        private final Channel channel;
        final List<String> received = new ArrayList<>();
        int awaits;
        int callsEnded;

        ConsumingWait(final Channel channel) {
            this.channel = channel;
        }

        @Override
        public void awaitRoom() {
            awaits++;
            consume();
        }

        @Override
        public void callEnded() {
            callsEnded++;
        }

        void consume() {
            try {
                channel.poll((event, sequence, endOfBatch) -> {
                    switch (event.kind()) {
                        case RECORD:
                            received.add("R " + event.value() + "@" + event.timestamp());
                            event.release();
                            break;
                        case WATERMARK:
                            received.add("WM " + (event.timestamp() == Long.MAX_VALUE ? "MAX" : event.timestamp()));
                            break;
                        case STATUS:
                            received.add("STATUS " + event.watermarkStatus());
                            break;
                        default:
                            received.add(event.kind().name());
                            break;
                    }
                    return true;
                });
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        }
    }

    private static List<String> results(final long value, final long timestamp) {
        final List<String> results = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            results.add("R " + value + "." + i + "@" + timestamp);
        }
        return results;
    }

    @Test
    void everyKindOfCallEndsWithItsOutputInTheRingsAndTellsTheWait() {
        final PipelineControl control = new PipelineControl();
        final VirtualClock clock = new VirtualClock(0);
        final Channel channel = new Channel("publisher->test", 4, 1, control);
        final SideOutputs sideOutputs = new SideOutputs();
        final OperatorChain chain = new OperatorChain(List.of("explode"), List.of(explode(10)),
                new ChannelOutput<>(new Channel[] {channel}, null, 128, sideOutputs), sideOutputs, clock, 0, 1, 128, HeapStateBackend.INSTANCE);
        final SourceEmitter<Long> emitter = new SourceEmitter<>(WatermarkStrategy.<Long>forMonotonousTimestamps(), clock, chain);
        final Publisher<Long> publisher = new Publisher<>("numbers", control);
        final ConsumingWait wait = new ConsumingWait(channel);
        publisher.connect(emitter, wait);
        final List<String> expected = new ArrayList<>();

        publisher.publish(1L, 1);
        expected.addAll(results(1, 1));
        assertTrue(wait.awaits > 0, "ten results for four slots: the publish waited for room");
        assertFalse(emitter.outputBackPressured(), "the call returned with everything in the ring");
        assertEquals(1, wait.callsEnded);

        int awaits = wait.awaits;
        publisher.publishBatched(2L, 2);
        expected.addAll(results(2, 2));
        assertTrue(wait.awaits > awaits, "a batched publish waits too");
        assertEquals(2, wait.callsEnded);

        awaits = wait.awaits;
        publisher.flush();
        assertEquals(awaits, wait.awaits, "a flush that writes nothing finds nothing held back");
        assertEquals(3, wait.callsEnded);

        clock.advanceTo(200);
        publisher.tick();
        expected.add("WM 1");
        publisher.emitWatermark(5);
        expected.add("WM 5");
        publisher.markIdle();
        expected.add("STATUS IDLE");
        publisher.markActive();
        expected.add("STATUS ACTIVE");
        publisher.end();
        expected.add("WM MAX");
        expected.add("END");
        assertEquals(8, wait.callsEnded, "once per call");
        assertFalse(emitter.outputBackPressured());
        wait.consume();
        assertEquals(expected, wait.received);
    }

    @Test
    void theThreadedWaitIdlesWhileThePipelineRunsAndThrowsOnceItStopped() {
        final PipelineControl control = new PipelineControl();
        final IdlingPublisherWait wait = new IdlingPublisherWait(control);
        wait.awaitRoom();
        wait.callEnded();
        final IllegalStateException broke = new IllegalStateException("broke");
        control.fail(broke);
        final PipelineStoppedException stopped = assertThrows(PipelineStoppedException.class, wait::awaitRoom);
        assertSame(broke, stopped.getCause());
    }

    @Test
    void aPublisherWhoseChainEmitsManyEventsPerRecordDeliversEverythingThroughFourSlotRings() throws InterruptedException {
        final List<String> received = Collections.synchronizedList(new ArrayList<>());
        final StreamPipeline pipeline = StreamPipeline.named("exploding").channelCapacity(4);
        final Publisher<Long> numbers = pipeline.publisher("numbers");
        pipeline.from(numbers, WatermarkStrategy.<Long>forMonotonousTimestamps().withTimestampAssigner((value, ts) -> value))
                .transform("explode", explode(100))
                .keyBy(value -> value.hashCode() % 3)
                .<String>process((value, ctx, out) -> out.collect(value))
                .sink((value, ts) -> received.add(value));
        try (RunningPipeline running = pipeline.start()) {
            for (long i = 0; i < 100; i++) {
                numbers.publish(i);
            }
            numbers.end();
            assertTrue(running.awaitTermination(TIMEOUT), "the pipeline did not end");
            assertTrue(running.metrics().task("exploding-keyed-1-0").inputs().get(0).producerWaits() > 0, "the publisher found the ring full");
        }
        final List<String> expected = new ArrayList<>();
        for (long i = 0; i < 100; i++) {
            for (int j = 0; j < 100; j++) {
                expected.add(i + "." + j);
            }
        }
        final List<String> sorted = new ArrayList<>(received);
        Collections.sort(sorted);
        Collections.sort(expected);
        assertEquals(expected, sorted, "every one of the 10,000 results, once");
    }

    @Test
    void aStoppedPipelineReleasesAPublisherWaitingForItsOverflowToDrain() throws InterruptedException {
        final CountDownLatch sinkEntered = new CountDownLatch(1);
        final CountDownLatch releaseSink = new CountDownLatch(1);
        final StreamPipeline pipeline = StreamPipeline.named("stalled").channelCapacity(4);
        final Publisher<Long> numbers = pipeline.publisher("numbers");
        pipeline.from(numbers, WatermarkStrategy.<Long>noWatermarks())
                .transform("explode", explode(100))
                .keyBy(value -> 0)
                .<String>process((value, ctx, out) -> out.collect(value))
                .sink((value, ts) -> {
                    sinkEntered.countDown();
                    try {
                        releaseSink.await(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
        final AtomicReference<Throwable> outcome = new AtomicReference<>();
        final CountDownLatch released = new CountDownLatch(1);
        final RunningPipeline running = pipeline.start();
        final Thread publisher = new Thread(() -> {
            try {
                numbers.publish(1L);
            } catch (Throwable e) {
                outcome.set(e);
            }
            released.countDown();
        }, "test-publisher");
        publisher.start();
        assertTrue(sinkEntered.await(TIMEOUT.toSeconds(), TimeUnit.SECONDS));
        Await.until("the publisher's one call holds events back", () -> running.metrics().task("stalled-keyed-1-0")
                .inputs().get(0).producerWaits() > 0, TIMEOUT);
        assertEquals(1, released.getCount(), "the publish has not returned: 100 results, 4 + 4 slots");
        final Thread closer = new Thread(running::close, "test-closer");
        closer.start();
        assertTrue(released.await(TIMEOUT.toSeconds(), TimeUnit.SECONDS), "the close released the waiting publisher");
        assertInstanceOf(PipelineStoppedException.class, outcome.get());
        assertNull(outcome.get().getCause(), "a close is no failure");
        releaseSink.countDown();
        closer.join(TIMEOUT.toMillis());
        assertFalse(closer.isAlive(), "close returned");
        publisher.join(TIMEOUT.toMillis());
    }
}
