package dev.weir.codec.itch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

class MoldSequenceTrackerTest {
    private static final String ONE = "SESSION001";
    private static final String TWO = "SESSION002";

    private final List<String> reports = new ArrayList<>();
    private final MoldSequenceTracker tracker = new MoldSequenceTracker(new MoldSequenceListener() {
        @Override
        public void gap(final String session, final long from, final long to) {
            reports.add("gap " + session + " " + from + ".." + to);
        }

        @Override
        public void endOfSession(final String session, final long nextSequence) {
            reports.add("end " + session + " next " + nextSequence);
        }
    });
    private final MoldUdp64Packet packet = new MoldUdp64Packet();

    /** Tracks a packet of the session carrying {@code messages} one-byte messages from {@code sequence}. */
    private int track(final String session, final long sequence, final int messages) {
        final byte[][] bodies = new byte[messages][];
        for (int i = 0; i < messages; i++) {
            bodies[i] = new byte[] {(byte) i};
        }
        final byte[] payload = BigEndianWriter.moldPacket(session, sequence, bodies);
        return tracker.track(packet.wrap(new UnsafeBuffer(payload), 0, payload.length));
    }

    private void endOfSession(final String session, final long sequence) {
        final byte[] payload = BigEndianWriter.moldPacket(session, sequence, MoldUdp64Packet.END_OF_SESSION);
        assertEquals(0, tracker.track(packet.wrap(new UnsafeBuffer(payload), 0, payload.length)));
    }

    @Test
    void consecutivePacketsAndHeartbeatsReportNothing() {
        assertEquals(0, track(ONE, 1, 3));
        assertEquals(0, track(ONE, 4, 1));
        assertEquals(0, track(ONE, 5, 0)); // heartbeat
        assertEquals(0, track(ONE, 5, 0));
        assertEquals(0, track(ONE, 5, 2));
        assertEquals(List.of(), reports);
        assertEquals(7, tracker.nextSequence(ONE));
        assertEquals(0, tracker.gaps());
        assertEquals(0, tracker.duplicatePackets());
        assertEquals(0, tracker.duplicateMessages());
    }

    @Test
    void aCaptureStartingMidSessionIsNoGap() {
        track(ONE, 1_000_000, 2);
        assertEquals(List.of(), reports);
        assertEquals(1_000_002, tracker.nextSequence(ONE));
        assertEquals(-1, tracker.nextSequence(TWO));
    }

    @Test
    void gapsAreReportedWithTheirMissingRange() {
        track(ONE, 1, 2);
        track(ONE, 4, 1); // 3 missing
        track(ONE, 10, 3); // 5..9 missing
        track(ONE, 13, 1);
        track(ONE, 20, 0); // a heartbeat past the expected number: 14..19 missing
        assertEquals(List.of("gap SESSION001 3..3", "gap SESSION001 5..9", "gap SESSION001 14..19"), reports);
        assertEquals(3, tracker.gaps());
        assertEquals(12, tracker.missedMessages());
        assertEquals(20, tracker.nextSequence(ONE));
    }

    @Test
    void duplicatesAndReplaysAreCountedAndSkipped() {
        track(ONE, 1, 5);
        assertEquals(3, track(ONE, 1, 3)); // all seen: the first new message would be the 4th
        assertEquals(2, track(ONE, 4, 2)); // the last two again
        assertEquals(2, track(ONE, 4, 4)); // overlaps: 4, 5 seen, 6 and 7 new
        assertEquals(0, track(ONE, 8, 1));
        assertEquals(0, track(ONE, 3, 0)); // a stale heartbeat is no duplicate
        assertEquals(List.of(), reports);
        assertEquals(2, tracker.duplicatePackets());
        assertEquals(7, tracker.duplicateMessages());
        assertEquals(9, tracker.nextSequence(ONE));
    }

    @Test
    void aReorderedPacketCountsAsDuplicateAfterTheGapItLeft() {
        track(ONE, 1, 1);
        track(ONE, 3, 1);
        assertEquals(1, track(ONE, 2, 1));
        assertEquals(List.of("gap SESSION001 2..2"), reports);
        assertEquals(1, tracker.duplicatePackets());
    }

    @Test
    void sessionsAreTrackedApart() {
        track(ONE, 1, 2);
        track(TWO, 50, 1);
        track(ONE, 3, 1);
        track(TWO, 52, 1); // 51 missing in the second session only
        assertEquals(1, track(ONE, 3, 1));
        track(TWO, 53, 1);
        assertEquals(List.of("gap SESSION002 51..51"), reports);
        assertEquals(2, tracker.sessions());
        assertEquals(4, tracker.nextSequence(ONE));
        assertEquals(54, tracker.nextSequence(TWO));
        assertEquals(1, tracker.duplicatePackets());
    }

    @Test
    void manySessionsKeepTheirOwnNumbers() {
        for (int s = 0; s < 9; s++) {
            track("S" + s, 100 * s + 1, s + 1);
        }
        for (int s = 0; s < 9; s++) {
            assertEquals(0, track("S" + s, 100 * s + 2 + s, 1));
            assertEquals(100 * s + 3 + s, tracker.nextSequence(String.format("%-10s", "S" + s)));
        }
        assertEquals(9, tracker.sessions());
        assertEquals(List.of(), reports);
    }

    @Test
    void sessionIndexesFollowFirstSightAndANewSessionHasNoNextNumberYet() {
        final byte[][] payloads = new byte[12][];
        for (int s = 0; s < payloads.length; s++) {
            payloads[s] = BigEndianWriter.moldPacket("S" + s, 10 * s + 5, new byte[][] {{1}});
        }
        for (int s = 0; s < payloads.length; s++) {
            packet.wrap(new UnsafeBuffer(payloads[s]), 0, payloads[s].length);
            assertEquals(s, tracker.sessionIndex(packet)); // seen, not tracked
            assertEquals(-1, tracker.nextSequence(s));
            tracker.track(packet);
            assertEquals(10 * s + 6, tracker.nextSequence(s));
        }
        packet.wrap(new UnsafeBuffer(payloads[3]), 0, payloads[3].length);
        assertEquals(3, tracker.sessionIndex(packet));
        assertEquals(12, tracker.sessions());
        assertEquals(List.of(), reports);
    }

    @Test
    void endOfSessionIsReportedOnceAndAfterItsGap() {
        track(ONE, 1, 2);
        track(TWO, 1, 1);
        assertFalse(tracker.isEnded(ONE));
        endOfSession(ONE, 5); // 3 and 4 missing, then the end
        endOfSession(ONE, 5); // the end is sent again and again
        endOfSession(TWO, 2);
        assertEquals(List.of("gap SESSION001 3..4", "end SESSION001 next 5", "end SESSION002 next 2"), reports);
        assertTrue(tracker.isEnded(ONE));
        assertTrue(tracker.isEnded(TWO));
        assertEquals(5, tracker.nextSequence(ONE));
    }

    @Test
    void anEndSeenFirstStartsAndEndsTheSession() {
        endOfSession(ONE, 77);
        assertEquals(List.of("end SESSION001 next 77"), reports);
        assertEquals(77, tracker.nextSequence(ONE));
    }

    /**
     * A hostile capture may name a new session in every packet: 300,000 sessions (many differing in one byte only),
     * each found again by its bytes, track in about the time of as many packets of one session, not in time growing
     * with the square of the sessions (which took minutes: a hang).
     */
    @Test
    void manySessionsAreFoundWithoutScanningThemAll() {
        final int sessions = 300_000;
        final byte[][] first = new byte[sessions][];
        final byte[][] second = new byte[sessions][];
        for (int s = 0; s < sessions; s++) {
            final String name = String.format("S%09d", s);
            first[s] = BigEndianWriter.moldPacket(name, 1, new byte[][] {{1}});
            second[s] = BigEndianWriter.moldPacket(name, 3, new byte[][] {{1}});
        }
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            for (int s = 0; s < sessions; s++) {
                assertEquals(s, tracker.sessionIndex(packet.wrap(new UnsafeBuffer(first[s]), 0, first[s].length)));
                tracker.track(packet);
            }
            for (int s = sessions - 1; s >= 0; s--) {
                assertEquals(s, tracker.sessionIndex(packet.wrap(new UnsafeBuffer(second[s]), 0, second[s].length)));
                tracker.track(packet);
            }
        });
        assertEquals(sessions, tracker.sessions());
        assertEquals(sessions, tracker.gaps());
        assertEquals(sessions, tracker.missedMessages());
        assertEquals(4, tracker.nextSequence("S000000007"));
        assertEquals("gap S000299999 2..2", reports.get(0));
        assertEquals("gap S000000000 2..2", reports.get(sessions - 1));
    }
}
