package dev.weir.pipelines.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.codec.itch.ItchMessageType;
import dev.weir.codec.itch.MoldSequenceListener;
import dev.weir.codec.itch.MoldSequenceTracker;
import dev.weir.codec.itch.MoldUdp64Packet;
import dev.weir.codec.itch.OrderDelete;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Packets the framer builds read back through MoldUdp64Packet and MoldSequenceTracker as built. */
class MoldUdp64FramerTest {
    private final ItchMessageWriter writer = new ItchMessageWriter();
    private final MoldUdp64Packet packet = new MoldUdp64Packet();
    private final List<String> events = new ArrayList<>();
    private final MoldSequenceTracker tracker = new MoldSequenceTracker(new MoldSequenceListener() {
        @Override
        public void gap(final String session, final long from, final long to) {
            events.add("gap " + session + " " + from + ".." + to);
        }

        @Override
        public void endOfSession(final String session, final long next) {
            events.add("end " + session + " " + next);
        }
    });

    /** Adds order deletes for references from..to-1 while they fit; returns the first reference not added. */
    private long fill(final MoldUdp64Framer framer, final long from, final long to) {
        long reference = from;
        while (reference < to && framer.fits(ItchMessageType.ORDER_DELETE.length())) {
            final int at = framer.add(ItchMessageType.ORDER_DELETE.length());
            writer.orderDelete(framer.buffer(), at, 1, 0, reference, reference);
            reference++;
        }
        return reference;
    }

    private MoldUdp64Packet read(final MoldUdp64Framer framer) {
        return packet.wrap(framer.buffer(), 0, framer.length());
    }

    @Test
    void messagesFillPacketsUpToTheMaximumPayloadAndNumberOnAcrossPackets() {
        final MoldUdp64Framer framer = new MoldUdp64Framer("0000000001", 1, 1_400);
        final OrderDelete delete = new OrderDelete();
        long reference = 1;
        long expectedSequence = 1;
        // 20 + 65 x (2 + 19) = 1,385 bytes: a 66th delete would need 1,406
        for (int p = 0; p < 3; p++) {
            reference = fill(framer, reference, 1_000);
            assertEquals(1_385, framer.length());
            assertFalse(framer.fits(19));
            assertTrue(framer.fits(13), "a 13-byte message still fits in 15 bytes");
            read(framer);
            assertEquals("0000000001", packet.sessionText());
            assertEquals(expectedSequence, packet.sequenceNumber());
            assertEquals(65, packet.messageCount());
            assertEquals(0, tracker.track(packet));
            while (packet.next()) {
                delete.wrap(packet.buffer(), packet.messageOffset(), packet.messageLength());
                assertEquals(packet.messageSequenceNumber(), delete.orderReference(), "message numbers follow the references");
            }
            framer.next();
            expectedSequence += 65;
        }
        assertEquals(196, reference);
        assertEquals(List.of(), events);
        assertEquals(0, tracker.gaps());
    }

    @Test
    void aPacketNotSentIsAGapAndHeartbeatsAndTheEndOfSessionCarryTheNextNumber() {
        final MoldUdp64Framer framer = new MoldUdp64Framer("SESSION 42", 1_000, 200);
        fill(framer, 1, 4);
        assertEquals(3, framer.messageCount());
        tracker.track(read(framer));
        framer.next();
        fill(framer, 4, 6);
        framer.next(); // dropped: 1003 and 1004 never sent
        assertEquals(1_005, framer.sequenceNumber());
        assertEquals(20, framer.length());
        tracker.track(read(framer)); // a heartbeat
        assertTrue(packet.isHeartbeat());
        assertEquals(1_005, packet.sequenceNumber());
        framer.next();
        fill(framer, 6, 7);
        tracker.track(read(framer));
        framer.next();
        framer.endOfSession();
        tracker.track(read(framer));
        assertTrue(packet.isEndOfSession());
        assertEquals(1_006, packet.sequenceNumber());
        assertEquals(0, packet.carriedMessages());
        assertEquals(List.of("gap SESSION 42 1003..1004", "end SESSION 42 1006"), events);
        framer.next();
        assertEquals(1_006, framer.sequenceNumber(), "the end of the session numbers no message");
    }

    @Test
    void misuseIsRefused() {
        assertEquals("session 'ABC' is not 10 ASCII characters",
                assertThrows(IllegalArgumentException.class, () -> new MoldUdp64Framer("ABC", 1, 1_400)).getMessage());
        assertEquals("session 'ÄBCDEFGHIJ' is not 10 ASCII characters",
                assertThrows(IllegalArgumentException.class, () -> new MoldUdp64Framer("ÄBCDEFGHIJ", 1, 1_400)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> new MoldUdp64Framer("0000000001", 1, 22));
        assertThrows(IllegalArgumentException.class, () -> new MoldUdp64Framer("0000000001", 1, 65_508));
        final MoldUdp64Framer framer = new MoldUdp64Framer("0000000001", 1, 40);
        framer.add(18);
        assertEquals("a message of 1 bytes does not fit the packet's 0 free bytes",
                assertThrows(IllegalStateException.class, () -> framer.add(1)).getMessage());
        assertEquals("the packet holds 1 messages; send it before the end of the session",
                assertThrows(IllegalStateException.class, framer::endOfSession).getMessage());
    }
}
