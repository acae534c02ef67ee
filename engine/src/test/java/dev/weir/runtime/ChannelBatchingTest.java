package dev.weir.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.lmax.disruptor.EventPoller;
import dev.weir.event.EventKind;
import dev.weir.event.StreamEvent;
import dev.weir.event.WatermarkStatus;
import dev.weir.testing.Await;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * A channel publishes records in batches (docs/runtime.md, "Batched publication"): written records
 * reach the consumer in order, together, when the batch fills, on a flush, with the next
 * watermark, status or end of input, or before the producer waits for a full ring.
 */
final class ChannelBatchingTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    /** Drains a channel into strings: {@code "R <value>@<ts>"}, {@code "WM <n>"}, {@code "STATUS <s>"}, {@code "END"}. */
    private static final class Drain implements EventPoller.Handler<StreamEvent> {
        final List<String> events = new ArrayList<>();

        @Override
        public boolean onEvent(final StreamEvent event, final long sequence, final boolean endOfBatch) {
            switch (event.kind()) {
                case RECORD:
                    events.add("R " + event.value() + "@" + event.timestamp());
                    event.release();
                    break;
                case WATERMARK:
                    events.add("WM " + event.timestamp());
                    break;
                case STATUS:
                    events.add("STATUS " + event.watermarkStatus());
                    break;
                default:
                    events.add(event.kind() == EventKind.END ? "END" : event.kind().name());
                    break;
            }
            return true;
        }

        List<String> poll(final Channel channel) throws Exception {
            events.clear();
            channel.poll(this);
            return List.copyOf(events);
        }
    }

    /** Writes one-letter records, each with its letter's place in the alphabet as timestamp ("a" at 1). */
    private static void writeRecords(final Channel channel, final String... letters) {
        for (final String letter : letters) {
            channel.writeRecord(letter, letter.charAt(0) - 'a' + 1);
        }
    }

    @Test
    void writtenRecordsArePublishedTogetherWhenTheBatchFills() throws Exception {
        final Channel channel = new Channel("batch", 16, 4, new PipelineControl());
        final Drain drain = new Drain();
        writeRecords(channel, "a", "b", "c");
        assertEquals(List.of(), drain.poll(channel), "a batch that is not full stays with the producer");
        assertEquals(3, channel.pending());
        assertEquals(0, channel.occupancy());

        writeRecords(channel, "d");
        assertEquals(0, channel.pending());
        assertEquals(List.of("R a@1", "R b@2", "R c@3", "R d@4"), drain.poll(channel));
    }

    @Test
    void flushPublishesWhatIsPending() throws Exception {
        final Channel channel = new Channel("flush", 16, 8, new PipelineControl());
        final Drain drain = new Drain();
        writeRecords(channel, "a", "b");
        channel.flush();
        assertEquals(0, channel.pending());
        assertEquals(List.of("R a@1", "R b@2"), drain.poll(channel));
        channel.flush();
        assertEquals(List.of(), drain.poll(channel), "a flush with nothing pending publishes nothing");
    }

    @Test
    void watermarksStatusAndEndArePublishedAtOnceWithTheRecordsBeforeThem() throws Exception {
        final Channel channel = new Channel("sentinels", 16, 8, new PipelineControl());
        final Drain drain = new Drain();
        writeRecords(channel, "a");
        channel.publishWatermark(1);
        assertEquals(List.of("R a@1", "WM 1"), drain.poll(channel));
        writeRecords(channel, "b");
        channel.publishStatus(WatermarkStatus.IDLE);
        assertEquals(List.of("R b@2", "STATUS IDLE"), drain.poll(channel));
        writeRecords(channel, "c");
        channel.publishEnd();
        assertEquals(List.of("R c@3", "END"), drain.poll(channel));
        assertEquals(0, channel.pending());
    }

    @Test
    void aBatchLargerThanTheRingIsPublishedBeforeTheProducerWaits() throws Exception {
        final int records = 10_000;
        final Channel channel = new Channel("small", 4, 64, new PipelineControl());
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Thread producer = new Thread(() -> {
            try {
                for (int i = 0; i < records; i++) {
                    channel.writeRecord(i, i);
                }
                channel.publishEnd();
            } catch (Throwable e) {
                failure.set(e);
            }
        }, "test-producer");
        producer.start();
        final List<Object> received = new ArrayList<>();
        final boolean[] ended = new boolean[1];
        final EventPoller.Handler<StreamEvent> handler = (event, sequence, endOfBatch) -> {
            if (event.kind() == EventKind.END) {
                ended[0] = true;
                return false;
            }
            received.add(event.value());
            event.release();
            return true;
        };
        final long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (!ended[0] && System.nanoTime() < deadline) {
            channel.poll(handler);
        }
        producer.join(TIMEOUT.toMillis());
        assertNull(failure.get());
        assertTrue(ended[0], "end of input arrived");
        assertEquals(records, received.size());
        for (int i = 0; i < records; i++) {
            assertEquals(i, received.get(i), "in order, nothing lost");
        }
        assertTrue(channel.producerWaits() > 0, "the producer found the 4-slot ring full");
    }

    @Test
    void aStoppedPipelineReleasesAProducerWaitingWithPendingRecords() throws Exception {
        final PipelineControl control = new PipelineControl();
        final Channel channel = new Channel("stuck", 4, 64, control);
        final AtomicReference<Throwable> thrown = new AtomicReference<>();
        final Thread producer = new Thread(() -> {
            try {
                for (int i = 0; i < 100; i++) {
                    channel.writeRecord(i, i);
                }
            } catch (Throwable e) {
                thrown.set(e);
            }
        }, "test-producer");
        producer.start();
        Await.until("the producer waits for the full ring", () -> channel.producerWaits() > 0, TIMEOUT);
        assertEquals(4, channel.occupancy(), "the pending records were published before the producer waited");
        control.stop();
        producer.join(TIMEOUT.toMillis());
        assertInstanceOf(PipelineStoppedException.class, thrown.get());
    }

    @Test
    void theDefaultBatchIsAnEighthOfTheRingAtMostSixtyFour() {
        final PipelineControl control = new PipelineControl();
        assertEquals(1, new Channel("tiny", 4, control).publishBatch());
        assertEquals(32, new Channel("mid", 256, control).publishBatch());
        assertEquals(Channel.MAX_PUBLISH_BATCH, new Channel("big", 1 << 14, control).publishBatch());
    }
}
