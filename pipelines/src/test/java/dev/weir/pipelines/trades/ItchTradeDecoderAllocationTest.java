package dev.weir.pipelines.trades;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import dev.weir.pipelines.replay.DecodedEvents;
import dev.weir.pipelines.replay.ReplayContext;
import java.lang.management.ManagementFactory;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import org.agrona.ExpandableArrayBuffer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Decoding allocates nothing per message once warm, whether the packets arrive in sequence or some are held for
 * later ones (measured with the thread's allocated-bytes counter over repeated passes through the same packets,
 * their sequence numbers moved on each pass).
 */
@Tag("allocation")
class ItchTradeDecoderAllocationTest {
    private static final int PACKETS = 500;
    private static final int MESSAGES_PER_PACKET = 9;
    private static final int PASSES = 20;
    private static final String[] STOCKS = {"AAPL", "MSFT", "GOOG", "AMZN", "NVDA"};

    /** Sums what it receives, so that nothing is optimised away; allocates nothing. */
    private static final class Checksum implements DecodedEvents<TradePrint> {
        private long trades;
        private long sum;

        @Override
        public void emit(final TradePrint trade, final long eventTimeMillis) {
            trades++;
            sum += trade.price() * trade.shares() + eventTimeMillis + trade.symbol().hashCode() + trade.message().code();
        }
    }

    /** A packet that adds orders, trades and takes every order it added off the book again. */
    private static byte[] packet(final int p) {
        final long reference = 10L * p;
        final int locate = 1 + p % STOCKS.length;
        final String stock = STOCKS[p % STOCKS.length];
        final long t = 34_200_000_000_000L + p * 1_000_000L;
        return new MoldPayload("SESSION", 0).add(locate, t, reference, 300, stock, 1_000_000 + p)
            .addWithMpid(locate, t, reference + 1, 200, stock, 1_000_100 + p)
            .executed(locate, t + 1, reference, 100)
            .executedWithPrice(locate, t + 2, reference, 100, 'Y', 1_000_050)
            .replace(locate, t + 3, reference + 1, reference + 2, 200, 1_000_200)
            .cancel(locate, t + 4, reference + 2, 50)
            .executed(locate, t + 5, reference, 100)
            .delete(locate, t + 6, reference + 2)
            .trade(locate, t + 7, 10, stock, 1_000_300)
            .toBytes();
    }

    /** The packets one after another in one buffer; {@code offsets[p]} is where packet {@code p} starts. */
    private static ExpandableArrayBuffer capture(final int[] offsets) {
        final ExpandableArrayBuffer capture = new ExpandableArrayBuffer(PACKETS * 512);
        for (int p = 0; p < PACKETS; p++) {
            final byte[] payload = packet(p);
            capture.putBytes(offsets[p], payload);
            offsets[p + 1] = offsets[p] + payload.length;
        }
        return capture;
    }

    /**
     * Decodes {@link #PASSES} passes over the packets, each packet's sequence number following on from the pass
     * before, the packets arriving in the given order, then as many passes again measured.
     *
     * @return the bytes the measured passes allocated
     */
    private static long allocatedByWarmPasses(final ItchTradeDecoder decoder, final Checksum events, final int[] arrival) {
        final int[] offsets = new int[PACKETS + 1];
        final ExpandableArrayBuffer capture = capture(offsets);
        final long[] firstSequence = {1};
        final Runnable pass = () -> {
            for (final int p : arrival) {
                capture.putLong(offsets[p] + 10, firstSequence[0] + (long) p * MESSAGES_PER_PACKET, ByteOrder.BIG_ENDIAN);
                decoder.decode(capture, offsets[p], offsets[p + 1] - offsets[p], "feed.pcap", p + 1, events);
            }
            firstSequence[0] += (long) PACKETS * MESSAGES_PER_PACKET;
        };
        for (int i = 0; i < PASSES; i++) {
            pass.run();
        }
        final ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        final long thread = Thread.currentThread().getId();
        final long before = threads.getThreadAllocatedBytes(thread);
        for (int i = 0; i < PASSES; i++) {
            pass.run();
        }
        return threads.getThreadAllocatedBytes(thread) - before;
    }

    /**
     * Checks that warm passes in this arrival order allocate less than a byte per ten messages, and that every trade
     * came out with no warning and nothing left on the book.
     *
     * @return the decoder, for its counts
     */
    private static ItchTradeDecoder assertNoAllocationPerMessage(final int[] arrival) {
        final List<String> warnings = new ArrayList<>();
        final ItchTradeDecoder decoder = new ItchTradeDecoder(new ReplayContext(warnings::add, 1024));
        final Checksum events = new Checksum();

        final long allocated = allocatedByWarmPasses(decoder, events, arrival);

        final long messages = (long) PACKETS * MESSAGES_PER_PACKET * PASSES;
        assertTrue(allocated < messages / 10, "allocated " + allocated + " bytes for " + messages + " messages");
        assertEquals(2L * PASSES * PACKETS * 4, events.trades); // E, C, E and P per packet, warm-up and measured passes
        assertTrue(events.sum > 0);
        assertEquals(List.of(), warnings);
        assertEquals(0, decoder.counts().get("open orders"));
        assertEquals(0, decoder.counts().get("duplicate messages"));
        assertEquals(0, decoder.counts().get("sequence gaps"));
        assertEquals(2L * PASSES * PACKETS * MESSAGES_PER_PACKET, decoder.counts().get("messages"));
        return decoder;
    }

    @Test
    void noAllocationPerMessageOnceWarm() {
        final int[] inOrder = new int[PACKETS];
        for (int p = 0; p < PACKETS; p++) {
            inOrder[p] = p;
        }
        assertEquals(0, assertNoAllocationPerMessage(inOrder).counts().get("reordered packets"));
    }

    /** Packets held and released: in every ten, the 2nd arrives after the 3rd, the 5th after the 8th, the 9th after the 10th. */
    @Test
    void noAllocationPerMessageWhenPacketsArriveOutOfOrder() {
        final int[] block = {0, 2, 1, 3, 5, 6, 7, 4, 9, 8};
        final int[] arrival = new int[PACKETS];
        for (int p = 0; p < PACKETS; p++) {
            arrival[p] = p - p % block.length + block[p % block.length];
        }
        assertEquals(2L * PASSES * PACKETS / block.length * 3, assertNoAllocationPerMessage(arrival).counts().get("reordered packets"));
    }
}
