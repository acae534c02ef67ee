package dev.weir.codec.itch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

class MoldUdp64PacketTest {
    private static final int AT = 7; // the payload lies at an offset in the buffer, as behind UDP headers

    private static UnsafeBuffer placed(final byte[] payload) {
        final byte[] bytes = new byte[AT + payload.length + 5];
        System.arraycopy(payload, 0, bytes, AT, payload.length);
        return new UnsafeBuffer(bytes);
    }

    private static MoldUdp64Packet wrap(final byte[] payload) {
        return new MoldUdp64Packet().wrap(placed(payload), AT, payload.length);
    }

    private static List<byte[]> messages(final MoldUdp64Packet packet) {
        final List<byte[]> messages = new ArrayList<>();
        while (packet.next()) {
            final byte[] message = new byte[packet.messageLength()];
            packet.buffer().getBytes(packet.messageOffset(), message);
            messages.add(message);
        }
        return messages;
    }

    @Test
    void readsHeaderAndIteratesMessagesWithTheirSequenceNumbers() {
        final byte[] first = {'S', 1, 2};
        final byte[] second = {'A'};
        final byte[] third = new byte[300];
        Arrays.fill(third, (byte) 9);
        final MoldUdp64Packet packet = wrap(BigEndianWriter.moldPacket("000012345A", 0x1_0000_0002L, first, second, third));

        assertEquals("000012345A", packet.sessionText());
        assertEquals(0x1_0000_0002L, packet.sequenceNumber());
        assertEquals(3, packet.messageCount());
        assertEquals(3, packet.carriedMessages());
        assertFalse(packet.isHeartbeat());
        assertFalse(packet.isEndOfSession());
        assertTrue(packet.next());
        assertEquals(AT + 22, packet.messageOffset());
        assertEquals(0, packet.messageIndex());
        assertEquals(0x1_0000_0002L, packet.messageSequenceNumber());
        assertTrue(packet.next());
        assertEquals(AT + 27, packet.messageOffset());
        assertEquals(0x1_0000_0003L, packet.messageSequenceNumber());
        assertTrue(packet.next());
        assertEquals(300, packet.messageLength());
        assertEquals(0x1_0000_0004L, packet.messageSequenceNumber());
        assertFalse(packet.next());

        packet.rewind();
        final List<byte[]> read = messages(packet);
        assertEquals(3, read.size());
        assertArrayEquals(first, read.get(0));
        assertArrayEquals(second, read.get(1));
        assertArrayEquals(third, read.get(2));
    }

    @Test
    void emptyMessagesAndTheLargestSequenceNumberAreRead() {
        final MoldUdp64Packet packet = wrap(BigEndianWriter.moldPacket("S1", -1L, new byte[0], new byte[0]));
        assertEquals(-1L, packet.sequenceNumber()); // u64 all ones: Long.toUnsignedString gives 18446744073709551615
        assertEquals(2, messages(packet).size());
        assertEquals("S1        ", packet.sessionText());
    }

    @Test
    void heartbeatCarriesNoMessage() {
        final MoldUdp64Packet packet = wrap(BigEndianWriter.moldPacket("SESSION001", 42));
        assertTrue(packet.isHeartbeat());
        assertFalse(packet.isEndOfSession());
        assertEquals(42, packet.sequenceNumber());
        assertEquals(0, packet.carriedMessages());
        assertFalse(packet.next());
    }

    @Test
    void endOfSessionCarriesNoMessage() {
        final MoldUdp64Packet packet = wrap(BigEndianWriter.moldPacket("SESSION001", 1000, 0xFFFF));
        assertTrue(packet.isEndOfSession());
        assertFalse(packet.isHeartbeat());
        assertEquals(0xFFFF, packet.messageCount());
        assertEquals(0, packet.carriedMessages());
        assertFalse(packet.next());
    }

    @Test
    void sessionIsComparedAndCopiedWithoutText() {
        final MoldUdp64Packet packet = wrap(BigEndianWriter.moldPacket("ABCDEFGHIJ", 1));
        final byte[] copy = new byte[10];
        packet.copySession(copy);
        assertArrayEquals("ABCDEFGHIJ".getBytes(StandardCharsets.US_ASCII), copy);
        assertTrue(packet.sessionEquals(copy));
        copy[9] = 'K';
        assertFalse(packet.sessionEquals(copy));
    }

    @Test
    void aPayloadShorterThanTheHeaderIsRejected() {
        for (final int length : new int[] {0, 1, 19}) {
            final MoldFormatException e = assertThrows(MoldFormatException.class,
                () -> new MoldUdp64Packet().wrap(new UnsafeBuffer(new byte[40]), 0, length));
            assertEquals(length, e.payloadOffset());
            assertEquals("payload offset " + length + ": payload of " + length
                + " bytes is shorter than the 20-byte MoldUDP64 header", e.getMessage());
        }
    }

    @Test
    void aCountLargerThanTheMessagesNamesTheOffsetWhereTheMissingLengthShouldBe() {
        final byte[] payload = BigEndianWriter.moldPacket("S", 5, 3, new byte[] {1, 2}, new byte[] {3});
        final MoldFormatException e = assertThrows(MoldFormatException.class, () -> wrap(payload));
        assertEquals(27, e.payloadOffset());
        assertEquals("payload offset 27: message 3 of 3: its length field runs past the payload's end (27 bytes)",
            e.getMessage());
    }

    @Test
    void aMessageLengthRunningPastTheEndNamesItsOffset() {
        final byte[] payload = BigEndianWriter.moldPacket("S", 5, new byte[] {1, 2}, new byte[] {3, 4, 5});
        final byte[] cut = Arrays.copyOf(payload, payload.length - 1);
        final MoldFormatException e = assertThrows(MoldFormatException.class, () -> wrap(cut));
        assertEquals(24, e.payloadOffset());
        assertEquals("payload offset 24: message 2 of 2 has length 3 and runs past the payload's end (28 bytes)",
            e.getMessage());

        final byte[] halfLength = Arrays.copyOf(payload, 25);
        assertEquals(24, assertThrows(MoldFormatException.class, () -> wrap(halfLength)).payloadOffset());
    }

    @Test
    void bytesAfterTheCountedMessagesAreRejected() {
        final byte[] payload = BigEndianWriter.moldPacket("S", 5, 1, new byte[] {1, 2}, new byte[] {3});
        final MoldFormatException e = assertThrows(MoldFormatException.class, () -> wrap(payload));
        assertEquals(24, e.payloadOffset());
        assertEquals("payload offset 24: 3 bytes follow the last of 1 messages", e.getMessage());

        final byte[] heartbeatWithTail = BigEndianWriter.moldPacket("S", 5, 0, new byte[] {1});
        assertEquals(20, assertThrows(MoldFormatException.class, () -> wrap(heartbeatWithTail)).payloadOffset());
    }

    @Test
    void theFlyweightIsReusedAcrossPackets() {
        final MoldUdp64Packet packet = new MoldUdp64Packet();
        final byte[] one = BigEndianWriter.moldPacket("S", 1, new byte[] {1});
        final byte[] two = BigEndianWriter.moldPacket("S", 2, new byte[] {2}, new byte[] {3});
        packet.wrap(placed(one), AT, one.length);
        assertTrue(packet.next());
        packet.wrap(placed(two), AT, two.length);
        assertEquals(2, packet.sequenceNumber());
        assertEquals(2, messages(packet).size());
    }
}
