package dev.weir.pipelines.trades;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.codec.itch.MoldFormatException;
import dev.weir.codec.itch.MoldUdp64Packet;
import dev.weir.pipelines.replay.PayloadFormatException;
import dev.weir.pipelines.replay.ReplayContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/** The trade rules of {@link ItchTradeDecoder} on hand-built MoldUDP64 payloads. */
class ItchTradeDecoderTest {
    private static final String SESSION = "000042";
    private static final long T = 34_200_000_000_000L; // 09:30:00 in nanoseconds since midnight
    private static final int AAPL = 11;
    private static final int MSFT = 12;

    private final List<String> warnings = new ArrayList<>();
    private final ItchTradeDecoder decoder = new ItchTradeDecoder(new ReplayContext(warnings::add, 64));
    private final List<String> trades = new ArrayList<>();
    private final List<TradePrint> events = new ArrayList<>();
    private long packets;
    private long sequence = 1;

    /** Decodes the payload as the next packet of file {@code feed.pcap}; the trades are copied as text when emitted. */
    private void decode(final byte[] payload) {
        final byte[] framed = new byte[payload.length + 7]; // the payload sits inside a larger buffer, as in a capture
        System.arraycopy(payload, 0, framed, 7, payload.length);
        decoder.decode(new UnsafeBuffer(framed), 7, payload.length, "feed.pcap", ++packets, (trade, millis) -> {
            trades.add(trade + " ms=" + millis);
            events.add(trade);
        });
    }

    /** A payload continuing the session's sequence. */
    private MoldPayload next() {
        return new MoldPayload(SESSION, sequence);
    }

    private void decodeNext(final MoldPayload payload) {
        final byte[] bytes = payload.toBytes();
        sequence += new MoldUdp64Packet().wrap(new UnsafeBuffer(bytes), 0, bytes.length).carriedMessages();
        decode(bytes);
    }

    private long count(final String name) {
        return decoder.counts().get(name);
    }

    @Test
    void anExecutionTradesAtTheOrdersPriceUntilTheOrderIsDone() {
        decodeNext(next().add(AAPL, T, 1001, 300, "AAPL", 1_900_000)
            .executed(AAPL, T + 1_000_000, 1001, 100)
            .executed(AAPL, T + 2_500_000, 1001, 200)
            .executed(AAPL, T + 3_000_000, 1001, 50)); // the order is done: unknown now

        assertEquals(List.of("E AAPL 100@1900000 t=34200001000000 ms=34200001",
            "E AAPL 200@1900000 t=34200002500000 ms=34200002"), trades);
        assertEquals(1, count("executions of unknown orders"));
        assertEquals(0, count("open orders"));
    }

    @Test
    void replacesChainTheOrderToItsNewReferencePriceAndSharesInTheSameStock() {
        decodeNext(next().add(AAPL, T, 1, 100, "AAPL", 1_000_000)
            .replace(AAPL, T + 1, 1, 2, 400, 1_010_000)
            .replace(AAPL, T + 2, 2, 3, 500, 1_020_000)
            .executed(AAPL, T + 3, 1, 10) // replaced: gone
            .executed(AAPL, T + 4, 2, 10) // replaced too
            .executed(AAPL, T + 5, 3, 450)
            .executed(AAPL, T + 6, 3, 50)
            .executed(AAPL, T + 7, 3, 1));

        assertEquals(List.of("E AAPL 450@1020000 t=34200000000005 ms=34200000", "E AAPL 50@1020000 t=34200000000006 ms=34200000"),
            trades);
        assertEquals(3, count("executions of unknown orders"));
        assertEquals(0, count("open orders"));
    }

    @Test
    void aReplaceOfAnUnknownOrderAddsNothing() {
        decodeNext(next().replace(AAPL, T, 77, 78, 100, 1_000_000).executed(AAPL, T + 1, 78, 100));

        assertEquals(List.of(), trades);
        assertEquals(1, count("executions of unknown orders"));
        assertEquals(0, count("open orders"));
    }

    @Test
    void aPartialExecutionThenADeleteLeavesNoOrder() {
        decodeNext(next().add(MSFT, T, 5, 500, "MSFT", 4_100_000)
            .executed(MSFT, T + 1, 5, 200)
            .delete(MSFT, T + 2, 5)
            .executed(MSFT, T + 3, 5, 300));

        assertEquals(List.of("E MSFT 200@4100000 t=34200000000001 ms=34200000"), trades);
        assertEquals(1, count("executions of unknown orders"));
        assertEquals(0, count("open orders"));
    }

    @Test
    void aCancelTakesSharesOffWithoutATrade() {
        decodeNext(next().add(MSFT, T, 5, 300, "MSFT", 4_100_000)
            .cancel(MSFT, T + 1, 5, 100)
            .executed(MSFT, T + 2, 5, 150)
            .executed(MSFT, T + 3, 5, 50)
            .executed(MSFT, T + 4, 5, 1)
            .cancel(MSFT, T + 5, 99, 1)); // unknown: ignored

        assertEquals(List.of("E MSFT 150@4100000 t=34200000000002 ms=34200000", "E MSFT 50@4100000 t=34200000000003 ms=34200000"),
            trades);
        assertEquals(1, count("executions of unknown orders"));
    }

    @Test
    void anExecutionWithPriceTradesAtItsPriceOnlyWhenPrintableButAlwaysReducesTheOrder() {
        decodeNext(next().add(AAPL, T, 9, 1_000, "AAPL", 1_000_000)
            .executedWithPrice(AAPL, T + 1, 9, 100, 'Y', 1_005_000)
            .executedWithPrice(AAPL, T + 2, 9, 200, 'N', 1_006_000)
            .executed(AAPL, T + 3, 9, 700) // the rest at the order's own price
            .executedWithPrice(AAPL, T + 4, 9, 1, 'Y', 1_007_000)); // done: unknown

        assertEquals(List.of("C AAPL 100@1005000 t=34200000000001 ms=34200000", "E AAPL 700@1000000 t=34200000000003 ms=34200000"),
            trades);
        assertEquals(1, count("executions of unknown orders"));
        assertEquals(0, count("open orders"));
    }

    @Test
    void aNonPrintableExecutionThatCompletesTheOrderRemovesIt() {
        decodeNext(next().add(AAPL, T, 9, 100, "AAPL", 1_000_000)
            .executedWithPrice(AAPL, T + 1, 9, 100, 'N', 1_006_000)
            .executed(AAPL, T + 2, 9, 1));

        assertEquals(List.of(), trades);
        assertEquals(1, count("executions of unknown orders"));
    }

    @Test
    void aTradeMessagePrintsItsOwnPriceAndStockWhileCrossesAndBrokenTradesPrintNothing() {
        decodeNext(next().trade(MSFT, T + 10, 300, "MSFT", 4_105_500)
            .cross(AAPL, T + 11, 1_000_000, "AAPL", 1_900_000)
            .broken(AAPL, T + 12, 1234)
            .trade(AAPL, T + 13, 1, "AAPL", 1_900_100));

        assertEquals(List.of("P MSFT 300@4105500 t=34200000000010 ms=34200000", "P AAPL 1@1900100 t=34200000000013 ms=34200000"),
            trades);
        assertEquals(1, count("messages Q"));
        assertEquals(1, count("messages B"));
        assertEquals(2, count("trades"));
    }

    @Test
    void anAttributedAddIsAnOrderLikeAnyOther() {
        decodeNext(next().addWithMpid(MSFT, T, 70, 100, "MSFT", 4_000_000).executed(MSFT, T + 1, 70, 100));

        assertEquals(List.of("E MSFT 100@4000000 t=34200000000001 ms=34200000"), trades);
        assertEquals(1, count("messages F"));
    }

    @Test
    void eventTimeIsTheItchTimestampInMillisecondsSinceMidnightRoundedDown() {
        final long[] nanos = {0, 999_999, 1_000_000, 34_200_123_456_789L, 86_399_999_999_999L};
        final MoldPayload payload = next();
        for (final long time : nanos) {
            payload.trade(AAPL, time, 1, "AAPL", 100);
        }
        decodeNext(payload);

        final List<String> millis = new ArrayList<>();
        for (final String trade : trades) {
            millis.add(trade.substring(trade.indexOf("ms=") + 3));
        }
        assertEquals(List.of("0", "0", "1", "34200123", "86399999"), millis);
    }

    @Test
    void oneKeyPerSymbolWhateverMessageOrLocateNamesIt() {
        decodeNext(next().add(AAPL, T, 1, 100, "AAPL", 1_000_000)
            .executed(AAPL, T, 1, 10)
            .trade(AAPL, T, 5, "AAPL", 1_000_100)
            .trade(99, T, 5, "AAPL", 1_000_100) // another locate, the same symbol
            .trade(MSFT, T, 5, "MSFT", 2_000_000));

        assertEquals(4, events.size());
        assertSame(events.get(0).symbol(), events.get(1).symbol());
        assertSame(events.get(0).symbol(), events.get(2).symbol());
        assertEquals("AAPL", events.get(0).symbol().text());
        assertEquals("MSFT", events.get(3).symbol().text());
    }

    @Test
    void unknownTypesAndWrongLengthsAreCountedAndSkipped() {
        decodeNext(next().raw(new byte[] {'T', 0, 0, 0, 1}) // ITCH 4.1's seconds message
            .raw() // empty
            .raw(new byte[] {'E', 0, 1}) // an E far too short
            .add(AAPL, T, 1, 100, "AAPL", 1_000_000)
            .executed(AAPL, T + 1, 1, 100));

        assertEquals(List.of("E AAPL 100@1000000 t=34200000000001 ms=34200000"), trades);
        final Map<String, Long> expected = new LinkedHashMap<>();
        expected.put("messages", 5L);
        expected.put("messages A", 1L);
        expected.put("messages E", 1L);
        expected.put("unknown message types", 2L);
        expected.put("mis-sized messages", 1L);
        expected.put("trades", 1L);
        expected.put("executions of unknown orders", 0L);
        expected.put("sequence gaps", 0L);
        expected.put("missed messages", 0L);
        expected.put("duplicate messages", 0L);
        expected.put("reordered packets", 0L);
        expected.put("open orders", 0L);
        assertEquals(expected, decoder.counts());
        assertEquals(List.copyOf(expected.keySet()), List.copyOf(decoder.counts().keySet())); // in this order
    }

    @Test
    void aGapIsWarnedWithFilePacketSessionAndTheLostMessages() {
        decode(new MoldPayload(SESSION, 10).add(AAPL, T, 1, 100, "AAPL", 1_000_000).toBytes()); // the capture starts at 10
        decode(new MoldPayload(SESSION, 11).trade(AAPL, T, 1, "AAPL", 1).toBytes());
        decode(new MoldPayload(SESSION, 15).executed(AAPL, T + 1, 1, 40).toBytes()); // 12, 13, 14 lost
        decode(new MoldPayload(SESSION, 16).toBytes()); // a heartbeat: on time
        decode(new MoldPayload(SESSION, 17).toBytes()); // a heartbeat announcing one more lost
        assertEquals(List.of(), warnings); // held: the missing packets may yet come
        assertEquals(1, trades.size());
        decoder.endOfInput();

        assertEquals(List.of(
            "feed.pcap: packet 3: MoldUDP64 session 000042: gap, expected sequence 12, got 15 (3 messages lost): bars may be wrong",
            "feed.pcap: packet 5: MoldUDP64 session 000042: gap, expected sequence 16, got 17 (1 message lost): bars may be wrong"),
            warnings);
        assertEquals(2, trades.size()); // the packets after a gap are decoded
        assertEquals(2, count("sequence gaps"));
        assertEquals(4, count("missed messages"));
    }

    @Test
    void duplicatesAreSkippedAndCounted() {
        final byte[] first = new MoldPayload(SESSION, 1).add(AAPL, T, 1, 100, "AAPL", 1_000_000)
            .executed(AAPL, T + 1, 1, 10).toBytes();
        decode(first);
        decode(first); // all seen: nothing applied again
        decode(new MoldPayload(SESSION, 2).executed(AAPL, T + 1, 1, 10) // seen (sequence 2)
            .executed(AAPL, T + 2, 1, 20).toBytes()); // new (sequence 3)

        assertEquals(List.of("E AAPL 10@1000000 t=34200000000001 ms=34200000", "E AAPL 20@1000000 t=34200000000002 ms=34200000"),
            trades);
        assertEquals(3, count("duplicate messages"));
        assertEquals(3, count("messages")); // only the new ones are decoded: A, E, E
        assertEquals(List.of("feed.pcap: packet 2: MoldUDP64 session 000042: 2 messages seen before skipped (sequence 1 to 2):"
            + " a repeated or reordered packet; later repeats are only counted"), warnings); // once: a capture of both feed lines repeats every packet
    }

    @Test
    void sessionsAreTrackedApart() {
        decode(new MoldPayload("A", 1).trade(AAPL, T, 1, "AAPL", 1).toBytes());
        decode(new MoldPayload("B", 100).trade(AAPL, T, 2, "AAPL", 1).toBytes());
        decode(new MoldPayload("A", 2).trade(AAPL, T, 3, "AAPL", 1).toBytes());
        decode(new MoldPayload("B", 101).trade(AAPL, T, 4, "AAPL", 1).toBytes());

        assertEquals(4, trades.size());
        assertEquals(0, count("sequence gaps"));
        assertEquals(0, count("duplicate messages"));
    }

    @Test
    void aPayloadWhoseMessagesDoNotAddUpFailsWithTheOffsetAndReasonOfTheMoldCheck() {
        final MoldPayload two = next().trade(AAPL, T, 1, "AAPL", 1).trade(AAPL, T, 2, "AAPL", 1);
        final List<byte[]> bad = List.of(two.withCount(3), two.withCount(1), new byte[12],
            java.util.Arrays.copyOf(two.toBytes(), two.toBytes().length - 3));
        final List<Integer> offsets = List.of(112, 66, 12, 66);
        for (int i = 0; i < bad.size(); i++) {
            final byte[] payload = bad.get(i);
            final MoldFormatException mold = assertThrows(MoldFormatException.class,
                () -> new MoldUdp64Packet().wrap(new UnsafeBuffer(payload), 0, payload.length));
            final PayloadFormatException e = assertThrows(PayloadFormatException.class, () -> decode(payload));
            assertEquals(offsets.get(i), e.payloadOffset());
            assertEquals(mold.payloadOffset(), e.payloadOffset());
            assertEquals(mold.reason(), e.reason());
        }
        assertEquals("message 3 of 3: its length field runs past the payload's end (112 bytes)",
            assertThrows(PayloadFormatException.class, () -> decode(two.withCount(3))).reason());
        assertEquals(List.of(), trades);
        assertEquals(0, count("messages"));
    }
}
