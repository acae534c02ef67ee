package dev.weir.pipelines.trades;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.pipelines.replay.ReplayContext;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/**
 * {@link ItchTradeDecoder} puts MoldUDP64 packets that arrive out of order back in sequence: hand-built packets of
 * {@code P} trades in a stock named as their session, whose shares are their message's sequence number, so that the
 * trades show the order in which messages were decoded.
 */
class ItchTradeDecoderReorderingTest {
    private static final long T = 34_200_000_000_000L;
    private static final int LOCATE = 7;
    /** Messages per packet: packet {@code k} (1-based) carries sequence numbers {@code 2k - 1} and {@code 2k}. */
    private static final int PER_PACKET = 2;

    private final List<String> warnings = new ArrayList<>();
    private final List<String> trades = new ArrayList<>();
    private long packets;

    private static ItchTradeDecoder decoder(final List<String> warnings, final int holdPackets, final int holdBytes) {
        return new ItchTradeDecoder(new ReplayContext(warnings::add, 64), holdPackets, holdBytes);
    }

    private ItchTradeDecoder decoder() {
        return new ItchTradeDecoder(new ReplayContext(warnings::add, 64));
    }

    /**
     * Packet {@code k} of a session: {@link #PER_PACKET} trades in a stock named as the session, each of as many shares
     * as its sequence number.
     */
    private static byte[] packet(final String session, final int k) {
        final long first = (long) PER_PACKET * (k - 1) + 1;
        final MoldPayload payload = new MoldPayload(session, first);
        for (long sequence = first; sequence < first + PER_PACKET; sequence++) {
            payload.trade(session.charAt(0), T + sequence, sequence, session, 1_000_000);
        }
        return payload.toBytes();
    }

    /** Decodes the payload as the next packet of {@code feed.pcap}, keeping the trades' symbol (session) and shares. */
    private void decode(final ItchTradeDecoder decoder, final byte[] payload) {
        decoder.decode(new UnsafeBuffer(payload), 0, payload.length, "feed.pcap", ++packets,
            (trade, millis) -> trades.add(trade.symbol().text() + trade.shares()));
    }

    private void decodePackets(final ItchTradeDecoder decoder, final String session, final int... order) {
        for (final int k : order) {
            decode(decoder, packet(session, k));
        }
    }

    /** @return the trades of the session's messages {@code from} to {@code to}, in sequence order */
    private static List<String> messages(final String session, final long from, final long to) {
        return LongStream.rangeClosed(from, to).mapToObj(sequence -> session + sequence).toList();
    }

    private static List<String> concat(final List<String> first, final List<String> second) {
        final List<String> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
    }

    @Test
    void aLatePacketIsDecodedInItsPlaceWhateverItsDelay() {
        for (final int delay : new int[] {1, 2, 5, 30}) {
            trades.clear();
            final ItchTradeDecoder decoder = decoder();
            final List<Integer> order = new ArrayList<>(List.of(1));
            for (int k = 3; k <= 2 + delay; k++) {
                order.add(k); // later packets overtake packet 2
            }
            order.add(2);
            order.add(3 + delay);
            for (final int k : order) {
                decode(decoder, packet("A", k));
                if (k == 2 + delay) {
                    assertEquals(messages("A", 1, 2), trades, "held until packet 2 comes, delay " + delay);
                }
            }

            assertEquals(messages("A", 1, PER_PACKET * (3L + delay)), trades, "delay " + delay);
            assertEquals(List.of(), warnings);
            assertEquals(0, decoder.counts().get("sequence gaps"));
            assertEquals(0, decoder.counts().get("duplicate messages"));
            assertEquals(1, decoder.counts().get("reordered packets"));
        }
    }

    @Test
    void anAddThatArrivesAfterItsExecutionStillMakesTheTrade() {
        final ItchTradeDecoder decoder = decoder();
        final List<String> prints = new ArrayList<>();
        final byte[][] payloads = {
            new MoldPayload("A", 1).trade(LOCATE, T, 5, "AAPL", 1_000_000).toBytes(),
            new MoldPayload("A", 2).add(LOCATE, T + 1, 900, 300, "AAPL", 1_500_000).toBytes(),
            new MoldPayload("A", 3).executed(LOCATE, T + 2, 900, 100).executedWithPrice(LOCATE, T + 3, 900, 50, 'Y', 1_490_000)
                .toBytes()};
        for (final int i : new int[] {0, 2, 1}) {
            decoder.decode(new UnsafeBuffer(payloads[i]), 0, payloads[i].length, "feed.pcap", i + 1,
                (trade, millis) -> prints.add(trade.toString()));
        }

        assertEquals(List.of("P AAPL 5@1000000 t=34200000000000", "E AAPL 100@1500000 t=34200000000002",
            "C AAPL 50@1490000 t=34200000000003"), prints);
        assertEquals(0, decoder.counts().get("executions of unknown orders"));
        assertEquals(1, decoder.counts().get("open orders"));
        assertEquals(1, decoder.counts().get("reordered packets"));
    }

    /** Every order of packets 2 to 6 after packet 1 (which starts the session) decodes all messages in sequence. */
    @Test
    void everyOrderOfFivePacketsDecodesInSequence() {
        final List<int[]> orders = new ArrayList<>();
        permutations(new int[] {2, 3, 4, 5, 6}, 0, orders);
        assertEquals(120, orders.size());
        for (final int[] order : orders) {
            trades.clear();
            final ItchTradeDecoder decoder = decoder();
            decode(decoder, packet("A", 1));
            int latePackets = 0;
            int highest = 1;
            for (final int k : order) {
                if (k < highest) {
                    latePackets++; // arrives after a later packet
                }
                highest = Math.max(highest, k);
                decode(decoder, packet("A", k));
            }

            final String name = java.util.Arrays.toString(order);
            assertEquals(messages("A", 1, 12), trades, name);
            assertEquals(List.of(), warnings, name);
            assertEquals(0, decoder.counts().get("sequence gaps"), name);
            assertEquals(latePackets, decoder.counts().get("reordered packets"), name);
            assertEquals(12, decoder.counts().get("messages"), name);
        }
    }

    /** @return {@code first}, then {@code from} to {@code to} */
    private static int[] concatPackets(final int first, final int from, final int to) {
        final int[] order = new int[to - from + 2];
        order[0] = first;
        for (int k = from; k <= to; k++) {
            order[k - from + 1] = k;
        }
        return order;
    }

    private static void permutations(final int[] items, final int from, final List<int[]> out) {
        if (from == items.length) {
            out.add(items.clone());
            return;
        }
        for (int i = from; i < items.length; i++) {
            swap(items, from, i);
            permutations(items, from + 1, out);
            swap(items, from, i);
        }
    }

    private static void swap(final int[] items, final int i, final int j) {
        final int kept = items[i];
        items[i] = items[j];
        items[j] = kept;
    }

    @Test
    void twoSwappedPacketsAnywhereInTheSession() {
        for (final int swapped : new int[] {2, 5, 9}) {
            trades.clear();
            final ItchTradeDecoder decoder = decoder();
            for (int k = 1; k <= 10; k++) {
                final int arriving = k == swapped ? k + 1 : k == swapped + 1 ? k - 1 : k;
                decode(decoder, packet("A", arriving));
            }

            assertEquals(messages("A", 1, 20), trades);
            assertEquals(1, decoder.counts().get("reordered packets"));
            assertEquals(0, decoder.counts().get("sequence gaps"));
        }
        assertEquals(List.of(), warnings);
    }

    @Test
    void whenTheHoldIsFullTheGapIsDeclaredLostAndTheLatePacketIsARepeat() {
        final ItchTradeDecoder decoder = decoder(warnings, 3, 1 << 20);
        decodePackets(decoder, "A", 1, 3, 4, 5);
        assertEquals(messages("A", 1, 2), trades);
        assertEquals(List.of(), warnings);

        decodePackets(decoder, "A", 6); // a fourth packet to hold: packet 2 is given up
        assertEquals(List.of("feed.pcap: packet 2: MoldUDP64 session A: gap, expected sequence 3, got 5 (2 messages lost): "
            + "bars may be wrong"), warnings);
        assertEquals(concat(messages("A", 1, 2), messages("A", 5, 12)), trades);

        decodePackets(decoder, "A", 2, 7); // too late: a repeat
        decoder.endOfInput();

        assertEquals(List.of("feed.pcap: packet 2: MoldUDP64 session A: gap, expected sequence 3, got 5 (2 messages lost): "
            + "bars may be wrong", "feed.pcap: packet 6: MoldUDP64 session A: 2 messages seen before skipped (sequence 3 to 4): "
            + "a repeated or reordered packet; later repeats are only counted"), warnings);
        assertEquals(concat(messages("A", 1, 2), messages("A", 5, 14)), trades);
        assertEquals(1, decoder.counts().get("sequence gaps"));
        assertEquals(2, decoder.counts().get("missed messages"));
        assertEquals(2, decoder.counts().get("duplicate messages"));
        assertEquals(0, decoder.counts().get("reordered packets"));
    }

    @Test
    void theByteBoundDeclaresTheGapToo() {
        final int packetBytes = packet("A", 1).length;
        final ItchTradeDecoder decoder = decoder(warnings, 1_000, 2 * packetBytes);
        decodePackets(decoder, "A", 1, 3, 4);
        assertEquals(List.of(), warnings);

        decodePackets(decoder, "A", 5); // a third packet's bytes do not fit

        assertEquals(List.of("feed.pcap: packet 2: MoldUDP64 session A: gap, expected sequence 3, got 5 (2 messages lost): "
            + "bars may be wrong"), warnings);
        assertEquals(concat(messages("A", 1, 2), messages("A", 5, 10)), trades);
    }

    @Test
    void aPacketLargerThanTheWholeHoldDeclaresItsGapAtOnce() {
        final ItchTradeDecoder decoder = decoder(warnings, 1_000, packet("A", 1).length - 1);
        decodePackets(decoder, "A", 1, 3);

        assertEquals(List.of("feed.pcap: packet 2: MoldUDP64 session A: gap, expected sequence 3, got 5 (2 messages lost): "
            + "bars may be wrong"), warnings);
        assertEquals(concat(messages("A", 1, 2), messages("A", 5, 6)), trades);
    }

    @Test
    void aGapNeverFilledIsWarnedOnceAtTheEndAndTheHeldTradesThenFollow() {
        final ItchTradeDecoder decoder = decoder();
        decodePackets(decoder, "A", 1, 2, 4, 5, 7, 8);
        assertEquals(messages("A", 1, 4), trades);
        assertEquals(List.of(), warnings);

        decoder.endOfInput();
        decoder.endOfInput(); // nothing left

        assertEquals(List.of(
            "feed.pcap: packet 3: MoldUDP64 session A: gap, expected sequence 5, got 7 (2 messages lost): bars may be wrong",
            "feed.pcap: packet 5: MoldUDP64 session A: gap, expected sequence 11, got 13 (2 messages lost): bars may be wrong"),
            warnings);
        assertEquals(concat(concat(messages("A", 1, 4), messages("A", 7, 10)), messages("A", 13, 16)), trades);
        assertEquals(2, decoder.counts().get("sequence gaps"));
        assertEquals(4, decoder.counts().get("missed messages"));
        assertEquals(0, decoder.counts().get("reordered packets"));
    }

    @Test
    void aGapNeverFilledIsWarnedOnceAtTheBoundAndNotAgainAtTheEnd() {
        final ItchTradeDecoder decoder = decoder(warnings, 2, 1 << 20);
        decodePackets(decoder, "A", 1, 3, 4, 5, 6, 7);
        decoder.endOfInput();

        assertEquals(List.of(
            "feed.pcap: packet 2: MoldUDP64 session A: gap, expected sequence 3, got 5 (2 messages lost): bars may be wrong"),
            warnings);
        assertEquals(concat(messages("A", 1, 2), messages("A", 5, 14)), trades);
        assertEquals(1, decoder.counts().get("sequence gaps"));
    }

    @Test
    void copiesOfHeldPacketsAreRepeatsAndTheFirstIsWarned() {
        final ItchTradeDecoder decoder = decoder();
        decodePackets(decoder, "A", 1, 3, 3, 4, 3, 4, 2, 4);

        assertEquals(messages("A", 1, 8), trades);
        assertEquals(List.of("feed.pcap: packet 3: MoldUDP64 session A: 2 messages seen before skipped (sequence 5 to 6): "
            + "a repeated or reordered packet; later repeats are only counted"), warnings);
        assertEquals(8, decoder.counts().get("duplicate messages"));
        assertEquals(8, decoder.counts().get("messages"));
        assertEquals(1, decoder.counts().get("reordered packets"));
    }

    @Test
    void aRepeatOverlappingAHeldPacketDecodesOnlyItsNewMessages() {
        final ItchTradeDecoder decoder = decoder();
        decodePackets(decoder, "A", 1, 3);
        // messages 4 to 7: 5 and 6 are held already, 4 comes with packet 2, only 7 is new
        final MoldPayload overlapping = new MoldPayload("A", 4);
        for (long sequence = 4; sequence <= 7; sequence++) {
            overlapping.trade('A', T + sequence, sequence, "A", 1_000_000);
        }
        decode(decoder, overlapping.toBytes());
        decodePackets(decoder, "A", 2);

        assertEquals(messages("A", 1, 7), trades);
        assertEquals(3, decoder.counts().get("duplicate messages"));
        assertEquals(0, decoder.counts().get("sequence gaps"));
    }

    @Test
    void heartbeatsAndTheEndOfSessionWaitInSequenceToo() {
        final ItchTradeDecoder decoder = decoder();
        decodePackets(decoder, "A", 1);
        decode(decoder, new MoldPayload("A", 5).toBytes()); // a heartbeat announcing 3 and 4 before them
        decode(decoder, new MoldPayload("A", 5).withCount(0xFFFF)); // the end of the session, as early
        decodePackets(decoder, "A", 2);
        decode(decoder, new MoldPayload("A", 1).toBytes()); // a heartbeat sent long ago: nothing to do
        decoder.endOfInput();

        assertEquals(messages("A", 1, 4), trades);
        assertEquals(List.of(), warnings);
        assertEquals(0, decoder.counts().get("sequence gaps"));
        assertEquals(1, decoder.counts().get("reordered packets"));
    }

    @Test
    void aHeartbeatAnnouncingMessagesThatNeverComeIsAGapAtTheEnd() {
        final ItchTradeDecoder decoder = decoder();
        decodePackets(decoder, "A", 1);
        decode(decoder, new MoldPayload("A", 9).toBytes());
        assertEquals(List.of(), warnings);
        decoder.endOfInput();

        assertEquals(List.of(
            "feed.pcap: packet 2: MoldUDP64 session A: gap, expected sequence 3, got 9 (6 messages lost): bars may be wrong"),
            warnings);
    }

    @Test
    void sessionsAreHeldApart() {
        final ItchTradeDecoder decoder = decoder();
        decode(decoder, packet("A", 1));
        decode(decoder, packet("B", 1));
        decode(decoder, packet("A", 3)); // A waits for 2
        decode(decoder, packet("B", 2)); // B goes on
        assertEquals(List.of("A1", "A2", "B1", "B2", "B3", "B4"), trades);
        decode(decoder, packet("B", 4)); // B waits for 3
        decode(decoder, packet("A", 2));
        decode(decoder, packet("B", 3));
        decode(decoder, packet("C", 5)); // a session that starts in the middle

        assertEquals(List.of("A1", "A2", "B1", "B2", "B3", "B4", "A3", "A4", "A5", "A6", "B5", "B6", "B7", "B8", "C9", "C10"),
            trades);
        assertEquals(List.of(), warnings);
        assertEquals(2, decoder.counts().get("reordered packets"));
    }

    @Test
    void aFullHoldGivesUpTheGapOfTheSessionThatHasWaitedLongest() {
        final ItchTradeDecoder decoder = decoder(warnings, 3, 1 << 20);
        decode(decoder, packet("A", 1));
        decode(decoder, packet("B", 1));
        decode(decoder, packet("A", 3)); // held first
        decode(decoder, packet("B", 3));
        decode(decoder, packet("B", 4));
        decode(decoder, packet("B", 5)); // full: A has waited longest

        assertEquals(List.of("feed.pcap: packet 3: MoldUDP64 session A: gap, expected sequence 3, got 5 (2 messages lost): "
            + "bars may be wrong"), warnings);
        assertEquals(List.of("A1", "A2", "B1", "B2", "A5", "A6"), trades);
        decode(decoder, packet("B", 2));

        assertEquals(List.of("A1", "A2", "B1", "B2", "A5", "A6", "B3", "B4", "B5", "B6", "B7", "B8", "B9", "B10"), trades);
        assertEquals(1, decoder.counts().get("sequence gaps"));
    }

    @Test
    void theBoundMustHoldAtLeastOnePacketHeader() {
        final List<String> none = new ArrayList<>();
        assertEquals("packets to hold must be at least 1: 0",
            assertThrows(IllegalArgumentException.class, () -> decoder(none, 0, 1 << 20)).getMessage());
        assertEquals("bytes to hold must be at least 20: 19",
            assertThrows(IllegalArgumentException.class, () -> decoder(none, 10, 19)).getMessage());
        assertEquals("bytes to hold must be at most 268435456: 268435457",
            assertThrows(IllegalArgumentException.class, () -> decoder(none, 10, (256 << 20) + 1)).getMessage());
    }

    /**
     * The trades a release hands on at once are distinct events, intact after the call, even when the replay's event
     * pool is smaller than a full hold's trades: the decoder's pool has room for them.
     */
    @Test
    void aWholeHoldReleasedAtOnceHandsOnDistinctIntactEvents() {
        for (final int holdBytes : new int[] {1_000, 4_000, 1 << 20}) {
            final ItchTradeDecoder decoder = new ItchTradeDecoder(new ReplayContext(warnings::add, 8), 1_000, holdBytes);
            final List<TradePrint> events = new ArrayList<>();
            final int heldCount = Math.min(holdBytes / packet("A", 1).length, 60); // as many as fit
            for (final int k : concatPackets(1, 3, heldCount + 2)) {
                final byte[] payload = packet("A", k);
                decoder.decode(new UnsafeBuffer(payload), 0, payload.length, "feed.pcap", k, (trade, millis) -> events.add(trade));
            }
            events.clear();
            final byte[] late = packet("A", 2);
            decoder.decode(new UnsafeBuffer(late), 0, late.length, "feed.pcap", 2, (trade, millis) -> events.add(trade));

            assertEquals(PER_PACKET * (heldCount + 1), events.size(), "hold of " + holdBytes + " bytes");
            for (int i = 0; i < events.size(); i++) {
                assertEquals(3 + i, events.get(i).shares(), "hold of " + holdBytes + " bytes, trade " + i);
            }
        }
        assertEquals(List.of(), warnings);
    }
}
