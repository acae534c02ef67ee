package dev.weir.runtime.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.lmax.disruptor.EventPoller;
import com.sun.management.ThreadMXBean;
import dev.weir.event.StreamEvent;
import dev.weir.event.WatermarkStatus;
import dev.weir.runtime.PipelineControl;
import dev.weir.runtime.chain.ChannelOutput;
import dev.weir.runtime.chain.SideOutputs;
import dev.weir.testing.ChannelLog;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A full ring never holds its producer (docs/runtime.md, "Back-pressure"): a write that finds it
 * full goes to the producer's overflow, every later write follows it there, and {@link Channel#drain()}
 * moves them into the ring in order, as far as it has room. The listener hears the start and the
 * end of each episode once; {@link Channel#producerWaits()} counts the writes that found the ring
 * full; the overflow's slots are reused without allocation.
 */
final class ChannelOverflowTest {
    /** Hears back-pressure episodes as "ON" and "OFF". */
    private static final class Episodes implements BackPressureListener {
        final List<String> calls = new ArrayList<>();

        @Override
        public void onBackPressure() {
            calls.add("ON");
        }

        @Override
        public void onBackPressureRelieved() {
            calls.add("OFF");
        }
    }

    private final ChannelLog reader = new ChannelLog();

    @Test
    void everyKindOfEventOverflowsInOrderAndDrainsInPieces() throws Exception {
        final Channel channel = new Channel("edge", 4, 1, new PipelineControl());
        channel.writeRecord("a", 1);
        channel.writeRecord("b", 2);
        channel.publishWatermark(2);
        channel.writeKeyedRecord("c", 3, "k", 5);
        // the ring is full: everything from here on overflows, whatever its kind
        channel.writeRecord("d", 4);
        channel.writeKeyedRecord("e", 5, "k2", 9);
        channel.publishWatermark(5);
        channel.publishStatus(WatermarkStatus.IDLE);
        channel.publishBarrier(7);
        channel.publishStatus(WatermarkStatus.ACTIVE);
        channel.writeRecord("f", 6);
        assertEquals(7, channel.backlog());
        assertEquals(List.of("R a@1", "R b@2", "WM 2", "K c@3 key=k group=5"), reader.poll(channel));
        // room in the ring does not let a write overtake the overflow
        channel.publishEnd();
        assertEquals(8, channel.backlog());
        assertEquals(List.of(), reader.poll(channel), "nothing passes the overflow");
        assertFalse(channel.drain(), "4 slots for 8 events");
        assertEquals(4, channel.backlog());
        assertEquals(List.of("R d@4", "K e@5 key=k2 group=9"), reader.poll(channel, 2));
        assertFalse(channel.drain(), "2 slots freed for 4 events");
        assertEquals(2, channel.backlog());
        assertEquals(List.of("WM 5", "STATUS IDLE", "BARRIER 7", "STATUS ACTIVE"), reader.poll(channel));
        assertTrue(channel.drain());
        assertEquals(0, channel.backlog());
        assertEquals(List.of("R f@6", "END"), reader.poll(channel));
        assertEquals(1, channel.producerWaits(), "one write found the ring full; the others went straight to the overflow");
    }

    @Test
    void writesGoToTheRingAgainOnceTheOverflowDrained() throws Exception {
        final Channel channel = new Channel("edge", 4, 1, new PipelineControl());
        for (int i = 0; i < 6; i++) {
            channel.writeRecord(i, i);
        }
        assertEquals(List.of("R 0@0", "R 1@1", "R 2@2", "R 3@3"), reader.poll(channel));
        assertTrue(channel.drain());
        channel.writeRecord(6, 6);
        assertEquals(0, channel.backlog(), "an empty overflow lets the write into the ring");
        assertEquals(List.of("R 4@4", "R 5@5", "R 6@6"), reader.poll(channel));
        assertTrue(channel.drain(), "nothing to drain");
    }

    @Test
    void theListenerHearsEachEpisodeOnceAndProducerWaitsCountsTheWritesThatFoundTheRingFull() throws Exception {
        final Channel channel = new Channel("edge", 4, 1, new PipelineControl());
        final Episodes episodes = new Episodes();
        channel.backPressureListener(episodes);
        assertTrue(channel.drain());
        for (int i = 0; i < 4; i++) {
            channel.writeRecord(i, i);
        }
        assertEquals(List.of(), episodes.calls, "a ring that takes every write is not back-pressured");
        assertEquals(0, channel.producerWaits());
        for (int i = 4; i < 14; i++) {
            channel.writeRecord(i, i);
        }
        assertEquals(List.of("ON"), episodes.calls);
        assertEquals(1, channel.producerWaits());
        assertFalse(channel.drain(), "the consumer read nothing yet");
        reader.poll(channel);
        assertFalse(channel.drain());
        assertEquals(List.of("ON"), episodes.calls, "a drain that leaves events behind relieves nothing");
        reader.poll(channel);
        assertFalse(channel.drain());
        reader.poll(channel);
        assertTrue(channel.drain());
        assertEquals(List.of("ON", "OFF"), episodes.calls);
        assertTrue(channel.drain());
        assertEquals(List.of("ON", "OFF"), episodes.calls, "draining an empty overflow tells nobody");
        channel.writeRecord(20, 20);
        channel.writeRecord(21, 21);
        assertEquals(List.of("ON", "OFF"), episodes.calls, "12 and 13 left room for two");
        channel.publishWatermark(22);
        assertEquals(List.of("ON", "OFF", "ON"), episodes.calls, "a watermark that finds the ring full starts an episode too");
        assertEquals(2, channel.producerWaits());
        assertEquals(List.of("R 12@12", "R 13@13", "R 20@20", "R 21@21"), reader.poll(channel));
        assertTrue(channel.drain());
        assertEquals(List.of("ON", "OFF", "ON", "OFF"), episodes.calls);
        assertEquals(List.of("WM 22"), reader.poll(channel));
    }

    @Test
    void theOverflowGrowsByDoublingAndIsReusedWithoutAllocation() throws Exception {
        final Channel channel = new Channel("edge", 4, 1, new PipelineControl());
        assertEquals(16, channel.overflowCapacity());
        final Object[] values = new Object[100];
        for (int i = 0; i < values.length; i++) {
            values[i] = "v" + i;
        }
        final CountingHandler counting = new CountingHandler();
        cycle(channel, values, counting);
        assertEquals(128, channel.overflowCapacity(), "96 events held: 16 doubled three times");
        final int warmUp = 2_000;
        for (int i = 1; i < warmUp; i++) {
            cycle(channel, values, counting);
        }
        final ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        final long thread = Thread.currentThread().getId();
        threads.getThreadAllocatedBytes(thread);
        final long before = threads.getThreadAllocatedBytes(thread);
        final int cycles = 10_000;
        for (int i = 0; i < cycles; i++) {
            cycle(channel, values, counting);
        }
        final long allocated = threads.getThreadAllocatedBytes(thread) - before;
        // the JIT may still allocate a few hundred bytes once; per event (or per cycle) would be megabytes
        assertTrue(allocated < cycles, "allocated " + allocated + " bytes in " + cycles + " overflows of 96 events");
        assertEquals(128, channel.overflowCapacity(), "never shrunk, never grown again");
        final long total = warmUp + cycles;
        assertEquals(total * values.length, counting.records);
        assertEquals(total * values.length * (values.length - 1) / 2, counting.sum, "every record, in order");
        assertEquals(total, channel.producerWaits());
    }

    /** Writes 100 records into the 4-slot ring (96 overflow), then reads and drains until all arrived. */
    private static void cycle(final Channel channel, final Object[] values, final CountingHandler counting) throws Exception {
        for (int i = 0; i < values.length; i++) {
            channel.writeRecord(values[i], i);
        }
        boolean drained = false;
        while (!drained) {
            channel.poll(counting);
            drained = channel.drain();
        }
        channel.poll(counting);
    }

    /** Counts records and sums their timestamps, checking they come in order; allocates nothing. */
    private static final class CountingHandler implements EventPoller.Handler<StreamEvent> {
        long records;
        long sum;
        private long expected;

        @Override
        public boolean onEvent(final StreamEvent event, final long sequence, final boolean endOfBatch) {
            if (event.timestamp() != expected) {
                throw new AssertionError("record " + event.timestamp() + " arrived where " + expected + " was due");
            }
            expected = expected == 99 ? 0 : expected + 1;
            records++;
            sum += event.timestamp();
            event.release();
            return true;
        }
    }

    @Test
    void anOutputOverSeveralChannelsIsBackPressuredWhileAnyOfThemHoldsEvents() throws Exception {
        final Channel first = new Channel("first", 4, 1, new PipelineControl());
        final Channel second = new Channel("second", 4, 1, new PipelineControl());
        final ChannelOutput<Object> output = new ChannelOutput<>(new Channel[] {first, second}, null, 128, new SideOutputs());
        final Episodes episodes = new Episodes();
        output.backPressureListener(episodes);
        for (int i = 0; i < 8; i++) {
            output.record(i, i);
        }
        assertFalse(output.backPressured(), "round-robin: four records per ring");
        assertEquals(0, output.backlog());
        output.record(8, 8);
        assertTrue(output.backPressured());
        assertEquals(1, output.backlog());
        output.watermark(9);
        assertEquals(3, output.backlog(), "the watermark goes to both overflows");
        assertEquals(List.of("ON"), episodes.calls, "the output's listener hears the first channel only");
        reader.poll(first);
        assertFalse(output.drain(), "the second ring is still full");
        assertEquals(1, output.backlog());
        assertEquals(List.of("R 8@8", "WM 9"), reader.poll(first));
        assertEquals(List.of("ON"), episodes.calls);
        reader.poll(second);
        assertTrue(output.drain());
        assertFalse(output.backPressured());
        assertEquals(List.of("ON", "OFF"), episodes.calls);
        assertEquals(List.of("WM 9"), reader.poll(second));
    }
}
