package dev.weir.codec.itch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/** Whole MoldUDP64 packets of ITCH 5.0 messages, read the way a capture reader will: wrap, track, classify, decode. */
class ItchPacketReadingTest {
    private static final long REFERENCE = 1_000;
    private static final long TIME = 34_200_000_000_000L;
    private static final long SLACK_BYTES = 4096;

    @Test
    void aPacketOfEveryDecodedTypeWithUnknownAndMisSizedMessages() {
        final byte[][] decoded = SampleFeed.everyDecodedType(REFERENCE, TIME);
        final List<byte[]> messages = new ArrayList<>(List.of(decoded));
        messages.add(new byte[] {'T', 0, 0, 0, 1}); // ITCH 4.1's seconds message: unknown in 5.0
        messages.add(new BigEndianWriter().itchHeader('D', 1, 1, TIME).u32(7).toBytes()); // a D four bytes short
        messages.add(new BigEndianWriter().itchHeader('H', 1, 1, TIME).alpha("AAPL", 8).ch('T').ch(' ')
            .alpha("", 4).toBytes()); // known, not decoded here
        final byte[] payload = BigEndianWriter.moldPacket("SESSION001", 1, messages.toArray(new byte[0][]));
        final MoldUdp64Packet packet = new MoldUdp64Packet().wrap(new UnsafeBuffer(payload), 0, payload.length);
        final SampleFeed feed = new SampleFeed();

        feed.read(packet);

        final ItchMessageCounts counts = feed.counts();
        assertEquals(15, counts.total());
        assertEquals(1, counts.unknown());
        assertEquals(1, counts.misSized());
        for (final ItchMessageType type : ItchMessageType.values()) {
            final boolean inPacket = "SRAFECXUDPQBH".indexOf(type.code()) >= 0;
            assertEquals(inPacket ? 1 : 0, counts.count(type), type.name());
        }
        final long stock = Alpha.encode("AAPL", 8);
        final long expected = 'Q' + TIME // S
            + 100 + stock // R
            + REFERENCE + 100 + 1_900_000 + stock + 'B' // A
            + REFERENCE + 1 + 200 + 1_900_100 + stock + 'S' + Alpha.encode("GSCO", 4) // F
            + 10 + REFERENCE // E
            + 20 + 1_899_900 // C
            + 30 // X
            + REFERENCE + 2 + 1_900_200 // U
            + REFERENCE + 2 // D
            + 1_900_300 + REFERENCE + 3 // P
            + 1_900_400 + 60 // Q
            + REFERENCE + 3 // B
            + 25; // H, counted by its length
        assertEquals(expected, feed.checksum());
    }

    @Test
    void noAllocationPerMessageAfterWarmUp() {
        final int packets = 64;
        final ExpandableArrayBuffer capture = new ExpandableArrayBuffer(packets * 512);
        final int[] offsets = new int[packets + 1];
        long sequence = 1;
        for (int p = 0; p < packets; p++) {
            final byte[] payload = p % 16 == 15
                ? BigEndianWriter.moldPacket("SESSION001", sequence) // a heartbeat now and then
                : BigEndianWriter.moldPacket("SESSION001", sequence, SampleFeed.everyDecodedType(p, TIME + p));
            capture.putBytes(offsets[p], payload);
            offsets[p + 1] = offsets[p] + payload.length;
            sequence += p % 16 == 15 ? 0 : 12;
        }
        final ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        final long thread = Thread.currentThread().getId();
        final MoldUdp64Packet packet = new MoldUdp64Packet();
        final SampleFeed feed = new SampleFeed();
        final int[] reports = {0};
        final MoldSequenceTracker tracker = new MoldSequenceTracker(new MoldSequenceListener() {
            @Override
            public void gap(final String session, final long from, final long to) {
                reports[0]++;
            }

            @Override
            public void endOfSession(final String session, final long nextSequence) {
                reports[0]++;
            }
        });
        threads.getThreadAllocatedBytes(thread);

        final int warmUpRounds = 2_000;
        final int rounds = 1_000;
        for (int round = 0; round < warmUpRounds; round++) {
            replay(capture, offsets, packet, tracker, feed);
        }
        final long before = threads.getThreadAllocatedBytes(thread);
        for (int round = 0; round < rounds; round++) {
            replay(capture, offsets, packet, tracker, feed);
        }
        final long allocated = threads.getThreadAllocatedBytes(thread) - before;

        final long messages = (long) rounds * 60 * 12;
        // any allocation per message (16 bytes at least) would be megabytes; the slack covers the JVM's own bookkeeping
        assertTrue(allocated < SLACK_BYTES, allocated + " bytes for " + messages + " messages");
        // every round after the first replays the same sequence numbers: all duplicates, no gap
        assertEquals(0, reports[0]);
        assertEquals((warmUpRounds + rounds - 1) * 60L, tracker.duplicatePackets());
        assertEquals((warmUpRounds + rounds) * 60L * 12, feed.counts().total());
    }

    private static void replay(final ExpandableArrayBuffer capture, final int[] offsets, final MoldUdp64Packet packet,
        final MoldSequenceTracker tracker, final SampleFeed feed) {
        for (int p = 0; p + 1 < offsets.length; p++) {
            packet.wrap(capture, offsets[p], offsets[p + 1] - offsets[p]);
            tracker.track(packet);
            feed.read(packet);
        }
    }
}
