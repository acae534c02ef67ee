package dev.weir.runtime.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.event.WatermarkStatus;
import dev.weir.runtime.PipelineControl;
import dev.weir.testing.ChannelLog;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A channel publishes records in batches (docs/runtime.md, "Batched publication"): written records
 * reach the consumer in order, together, when the batch fills, on a flush, with the next
 * watermark, status or end of input, or before a write goes to the overflow of a full ring.
 */
final class ChannelBatchingTest {
    /** Writes one-letter records, each with its letter's place in the alphabet as timestamp ("a" at 1). */
    private static void writeRecords(final Channel channel, final String... letters) {
        for (final String letter : letters) {
            channel.writeRecord(letter, letter.charAt(0) - 'a' + 1);
        }
    }

    @Test
    void writtenRecordsArePublishedTogetherWhenTheBatchFills() throws Exception {
        final Channel channel = new Channel("batch", 16, 4, new PipelineControl());
        final ChannelLog drain = new ChannelLog();
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
        final ChannelLog drain = new ChannelLog();
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
        final ChannelLog drain = new ChannelLog();
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
    void aBatchLargerThanTheRingIsPublishedBeforeItOverflows() throws Exception {
        final Channel channel = new Channel("small", 4, 64, new PipelineControl());
        final ChannelLog drain = new ChannelLog();
        writeRecords(channel, "a", "b", "c", "d");
        assertEquals(List.of(), drain.poll(channel), "a batch of 64 is not full yet");
        writeRecords(channel, "e", "f");
        assertEquals(0, channel.pending(), "the full ring's batch was published before the write overflowed");
        assertEquals(2, channel.backlog());
        assertEquals(List.of("R a@1", "R b@2", "R c@3", "R d@4"), drain.poll(channel));
        assertTrue(channel.drain());
        assertEquals(List.of("R e@5", "R f@6"), drain.poll(channel), "a drain publishes what it moved");
        assertEquals(1, channel.producerWaits());
    }

    @Test
    void theDefaultBatchIsAnEighthOfTheRingAtMostSixtyFour() {
        final PipelineControl control = new PipelineControl();
        assertEquals(1, new Channel("tiny", 4, control).publishBatch());
        assertEquals(32, new Channel("mid", 256, control).publishBatch());
        assertEquals(Channel.MAX_PUBLISH_BATCH, new Channel("big", 1 << 14, control).publishBatch());
    }
}
