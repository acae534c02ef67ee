package dev.weir.codec.itch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.SplittableRandom;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/** The ring of {@link HeldPackets}: copies read back intact across its end, sequence order per session, the bound. */
class HeldPacketsTest {
    private final MoldUdp64Packet packet = new MoldUdp64Packet();
    private final MoldUdp64Packet readBack = new MoldUdp64Packet();

    /** A packet of {@code messages} raw messages of {@code size} bytes each, every byte derived from the sequence number. */
    private static byte[] payload(final String session, final long sequence, final int messages, final int size) {
        final ByteBuffer payload = ByteBuffer.allocate(MoldUdp64Packet.HEADER_LENGTH + messages * (2 + size));
        final byte[] name = session.getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < MoldUdp64Packet.SESSION_LENGTH; i++) {
            payload.put(i < name.length ? name[i] : (byte) ' ');
        }
        payload.putLong(sequence).putShort((short) messages);
        for (int m = 0; m < messages; m++) {
            payload.putShort((short) size);
            for (int i = 0; i < size; i++) {
                payload.put((byte) (sequence * 31 + m * 7 + i));
            }
        }
        return payload.array();
    }

    private void hold(final HeldPackets held, final int session, final byte[] payload, final long packetNumber) {
        assertTrue(held.fits(payload.length), "fits " + payload.length);
        held.hold(session, packet.wrap(new UnsafeBuffer(payload), 0, payload.length), "f" + packetNumber, packetNumber);
    }

    private byte[] copyOf(final HeldPackets held, final int slot) {
        held.wrap(slot, readBack);
        final byte[] bytes = new byte[readBack.length()];
        readBack.buffer().getBytes(readBack.offset(), bytes);
        return bytes;
    }

    @Test
    void copiesReadBackIntactWhileTheRingWrapsManyTimes() {
        final HeldPackets held = new HeldPackets(8, 400);
        final SplittableRandom random = new SplittableRandom(5);
        final Deque<byte[]> waiting = new ArrayDeque<>();
        long sequence = 1;
        long released = 0;
        for (int round = 0; round < 2_000; round++) {
            final byte[] payload = payload("S", sequence, 1 + random.nextInt(3), random.nextInt(40));
            while (!held.fits(payload.length)) {
                assertArrayEquals(waiting.pollFirst(), copyOf(held, held.first(0)));
                held.releaseFirst(0);
                released++;
            }
            hold(held, 0, payload, round);
            waiting.addLast(payload);
            sequence += 10;
            assertEquals(waiting.size(), held.size());
            assertEquals(waiting.stream().mapToLong(bytes -> bytes.length).sum(), held.bytes());
        }
        assertTrue(released > 1_000, "released " + released);
        while (held.size() > 0) {
            assertArrayEquals(waiting.pollFirst(), copyOf(held, held.first(0)));
            held.releaseFirst(0);
        }
        assertEquals(0, held.bytes());
        assertEquals(-1, held.first(0));
    }

    @Test
    void eachSessionGivesItsPacketsInSequenceOrderAndEqualOnesInArrivalOrder() {
        final HeldPackets held = new HeldPackets(10, 10_000);
        final long[] sequences = {40, 10, 30, 10, 20};
        for (int i = 0; i < sequences.length; i++) {
            hold(held, 1, payload("B", sequences[i], 1, 3), i + 1);
        }
        hold(held, 0, payload("A", 99, 1, 3), 9);
        assertTrue(held.holds(1, 30, 1));
        assertFalse(held.holds(1, 30, 2));
        assertFalse(held.holds(1, 35, 1));
        assertFalse(held.holds(0, 30, 1));
        assertFalse(held.holds(5, 30, 1)); // a session never held

        final StringBuilder order = new StringBuilder();
        while (held.first(1) >= 0) {
            final int slot = held.first(1);
            order.append(held.sequenceAt(slot)).append('/').append(held.fileAt(slot)).append('/').append(held.packetNumberAt(slot))
                .append(' ');
            held.releaseFirst(1);
        }
        assertEquals("10/f2/2 10/f4/4 20/f5/5 30/f3/3 40/f1/1 ", order.toString());
        assertEquals(1, held.size());
        assertEquals(0, held.oldestSession());
    }

    @Test
    void theBoundCountsFromTheOldestPacketStillHeld() {
        final byte[] small = payload("A", 1, 1, 10); // 32 bytes
        final HeldPackets held = new HeldPackets(3, 1_000);
        hold(held, 0, small, 1); // the oldest: session 0
        hold(held, 1, payload("B", 1, 1, 10), 2);
        hold(held, 1, payload("B", 2, 1, 10), 3);
        assertFalse(held.fits(small.length)); // three packets
        held.releaseFirst(1);
        held.releaseFirst(1);
        assertEquals(1, held.size());
        assertFalse(held.fits(small.length)); // released after the oldest: their room waits for it
        held.releaseFirst(0);
        assertTrue(held.fits(small.length));

        final HeldPackets bytes = new HeldPackets(100, 3 * small.length);
        hold(bytes, 0, small, 1);
        hold(bytes, 0, payload("A", 2, 1, 10), 2);
        hold(bytes, 0, payload("A", 3, 1, 10), 3);
        assertFalse(bytes.fits(1 + MoldUdp64Packet.HEADER_LENGTH));
        bytes.releaseFirst(0);
        assertTrue(bytes.fits(small.length)); // at the ring's start again
        assertFalse(bytes.fits(small.length + 1));
    }

    /**
     * Memory follows what is held, not the number of sessions: a packet held for session 5,000,000 (a capture naming a
     * new session per packet reaches such indexes) takes a small index, not one of the ring's size for every session
     * below it (which was gigabytes), and one session may still hold the whole ring.
     */
    @Test
    void aSessionOfAHighIndexTakesRoomForWhatItHolds() {
        final HeldPackets held = new HeldPackets(1_000, 1 << 20);
        final byte[] far = payload("FAR", 9, 1, 4);
        hold(held, 5_000_000, far, 1);
        assertArrayEquals(far, copyOf(held, held.first(5_000_000)));
        assertEquals(-1, held.first(4_999_999));
        for (int i = 0; i < 999; i++) {
            hold(held, 7, payload("MANY", 1_000 - i, 1, 4), 2 + i);
        }
        assertFalse(held.fits(24));
        for (long sequence = 2; sequence <= 1_000; sequence++) {
            assertEquals(sequence, held.sequenceAt(held.first(7)));
            held.releaseFirst(7);
        }
        assertEquals(-1, held.first(7));
        assertEquals(1, held.size());
        assertEquals(5_000_000, held.oldestSession());
    }
}
