package dev.weir.pipelines.trades;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.codec.itch.ItchMessageType;
import dev.weir.codec.itch.MoldUdp64Packet;
import dev.weir.pipelines.generate.ItchTrafficGenerator;
import dev.weir.pipelines.generate.ItchTrafficOptions;
import dev.weir.pipelines.generate.ItchTrafficSummary;
import dev.weir.pipelines.replay.ReplayContext;
import dev.weir.pipelines.trades.TradeReplay.Print;
import dev.weir.state.HeapStateBackend;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/**
 * Whole generated ITCH sessions (consistent order flow on a book, every message type) through the decoder and the
 * {@code ohlcv} pipeline: the decoder's counts agree with what the generator sent, no execution refers to an
 * order the decoder lost track of, the rows agree with bars computed by a plain loop over the decoded trades, and a
 * session whose packets the wire reordered decodes as the same session in order.
 */
class GeneratedSessionTest {
    private static final Pattern GAP = Pattern.compile(
        "feed\\.pcap: packet \\d+: MoldUDP64 session 0000000001: gap, expected sequence (\\d+), got (\\d+) \\((\\d+) messages? lost\\): "
            + "bars may be wrong");

    /** The payloads of a generated session, in capture order. */
    private static List<byte[]> session(final ItchTrafficOptions options, final ItchTrafficSummary[] summary) {
        final List<byte[]> payloads = new ArrayList<>();
        summary[0] = new ItchTrafficGenerator(options).generate((time, source, sourcePort, destination, port, payload, offset, length) -> {
            final byte[] bytes = new byte[length];
            payload.getBytes(offset, bytes);
            payloads.add(bytes);
        });
        return payloads;
    }

    /** Decodes the payloads, keeping a copy of every trade. */
    private static ItchTradeDecoder decode(final List<byte[]> payloads, final List<String> warnings, final List<Print> trades,
            final Map<ItchMessageType, Long> tradesByMessage, final Map<SymbolKey, Boolean> keys) {
        final ItchTradeDecoder decoder = new ItchTradeDecoder(new ReplayContext(warnings::add, 64));
        long packet = 0;
        for (final byte[] payload : payloads) {
            decoder.decode(new UnsafeBuffer(payload), 0, payload.length, "feed.pcap", ++packet, (trade, millis) -> {
                trades.add(new Print(trade.symbol().text(), trade.price(), trade.shares(), millis));
                tradesByMessage.merge(trade.message(), 1L, Long::sum);
                keys.put(trade.symbol(), true);
            });
        }
        decoder.endOfInput();
        return decoder;
    }

    @Test
    void aSessionWithoutLossDecodesEveryMessageAndKnowsEveryExecutedOrder() {
        final ItchTrafficSummary[] summary = new ItchTrafficSummary[1];
        final List<byte[]> payloads = session(new ItchTrafficOptions(12, 60_000, 20_000, 0, 7, 0, 26_400, 0xE9360C6F), summary);
        final List<String> warnings = new ArrayList<>();
        final List<Print> trades = new ArrayList<>();
        final Map<ItchMessageType, Long> byMessage = new EnumMap<>(ItchMessageType.class);
        final Map<SymbolKey, Boolean> keys = new IdentityHashMap<>();

        final Map<String, Long> counts = decode(payloads, warnings, trades, byMessage, keys).counts();

        assertEquals(summary[0].counts().total(), counts.get("messages"));
        for (final ItchMessageType type : ItchMessageType.values()) {
            assertEquals(summary[0].counts().count(type), counts.getOrDefault("messages " + type.code(), 0L), type.name());
        }
        assertEquals(0, counts.get("unknown message types"));
        assertEquals(0, counts.get("mis-sized messages"));
        assertEquals(0, counts.get("executions of unknown orders"));
        assertEquals(0, counts.get("sequence gaps"));
        assertEquals(0, counts.get("duplicate messages"));
        assertEquals(List.of(), warnings);
        // every E and P prints; C only when printable, which most are
        assertEquals(counts.get("messages E"), byMessage.get(ItchMessageType.ORDER_EXECUTED));
        assertEquals(counts.get("messages P"), byMessage.get(ItchMessageType.TRADE));
        final long printedC = byMessage.getOrDefault(ItchMessageType.ORDER_EXECUTED_WITH_PRICE, 0L);
        assertTrue(printedC > 0 && printedC < counts.get("messages C"), printedC + " of " + counts.get("messages C"));
        assertEquals((long) trades.size(), counts.get("trades"));
        assertEquals(12, keys.size()); // one key object per symbol
    }

    @Test
    void lostPacketsAreWarnedOneByOneWithTheirMessages() {
        final ItchTrafficSummary[] summary = new ItchTrafficSummary[1];
        final List<byte[]> payloads = session(new ItchTrafficOptions(5, 20_000, 10_000, 0, 3, 4, 26_400, 0xE9360C6F), summary);
        final List<String> warnings = new ArrayList<>();

        final Map<String, Long> counts = decode(payloads, warnings, new ArrayList<>(), new EnumMap<>(ItchMessageType.class),
            new IdentityHashMap<>()).counts();

        assertEquals(4, warnings.size());
        long lost = 0;
        for (final String warning : warnings) {
            final Matcher gap = GAP.matcher(warning);
            assertTrue(gap.matches(), warning);
            final long missing = Long.parseLong(gap.group(3));
            assertEquals(Long.parseLong(gap.group(2)) - Long.parseLong(gap.group(1)), missing, warning);
            lost += missing;
        }
        assertEquals(summary[0].droppedMessages(), lost);
        assertEquals(4, counts.get("sequence gaps"));
        assertEquals(summary[0].droppedMessages(), counts.get("missed messages"));
        assertEquals(summary[0].counts().total(), counts.get("messages"));
    }

    @Test
    void ohlcvRowsOfAGeneratedSessionMatchThePlainLoopOverItsTrades() {
        final ItchTrafficSummary[] summary = new ItchTrafficSummary[1];
        final List<byte[]> payloads = session(new ItchTrafficOptions(8, 30_000, 2_000, 0, 11, 0, 26_400, 0xE9360C6F), summary);
        final List<Print> trades = new ArrayList<>();
        decode(payloads, new ArrayList<>(), trades, new EnumMap<>(ItchMessageType.class), new IdentityHashMap<>());
        final TradeReplay replay = new TradeReplay();

        final List<String> lines = replay.runPayloads(new OhlcvJob(), payloads, HeapStateBackend.INSTANCE);

        TradeReplay.assertRows("symbol,window_start,open,high,low,close,volume,trades", OhlcvJobTest.expectedRows(trades), lines);
        assertTrue(lines.size() > 50, "rows " + lines.size());
        assertEquals(0, replay.context().lateSideOutput());
    }

    /** @return packets that carry messages and arrive after a packet of a higher sequence number (or heartbeat announcing one) */
    private static long arrivingLate(final List<byte[]> payloads) {
        final MoldUdp64Packet packet = new MoldUdp64Packet();
        long reached = 0;
        long late = 0;
        for (final byte[] payload : payloads) {
            packet.wrap(new UnsafeBuffer(payload), 0, payload.length);
            if (packet.carriedMessages() > 0 && packet.sequenceNumber() < reached) {
                late++;
            }
            reached = Math.max(reached, packet.sequenceNumber() + packet.carriedMessages());
        }
        return late;
    }

    @Test
    void aSessionReorderedOnTheWireDecodesTheTradesOfTheSessionInOrder() {
        final List<Print> inOrder = new ArrayList<>();
        final ItchTrafficSummary[] plain = new ItchTrafficSummary[1];
        final List<byte[]> sent = session(new ItchTrafficOptions(8, 30_000, 2_000, 0, 11, 0, 26_400, 0xE9360C6F), plain);
        decode(sent, new ArrayList<>(), inOrder, new EnumMap<>(ItchMessageType.class), new IdentityHashMap<>());
        assertEquals(0, arrivingLate(sent));
        for (final long disorder : new long[] {3, 40, 400}) {
            final ItchTrafficSummary[] summary = new ItchTrafficSummary[1];
            final List<byte[]> captured = session(new ItchTrafficOptions(8, 30_000, 2_000, disorder, 11, 0, 26_400, 0xE9360C6F),
                summary);
            final long late = arrivingLate(captured);
            assertTrue(late > 0 && late <= summary[0].delayed(), late + " late of " + summary[0].delayed() + " delayed");
            final List<String> warnings = new ArrayList<>();
            final List<Print> trades = new ArrayList<>();

            final Map<String, Long> counts = decode(captured, warnings, trades, new EnumMap<>(ItchMessageType.class),
                new IdentityHashMap<>()).counts();

            assertEquals(inOrder, trades, "disorder " + disorder);
            assertEquals(List.of(), warnings);
            assertEquals(late, counts.get("reordered packets"));
            assertEquals(0, counts.get("sequence gaps"));
            assertEquals(0, counts.get("duplicate messages"));
            assertEquals(0, counts.get("executions of unknown orders"));
            assertEquals(summary[0].counts().total(), counts.get("messages"));

            final TradeReplay replay = new TradeReplay();
            final List<String> lines = replay.runPayloads(new OhlcvJob(), captured, HeapStateBackend.INSTANCE);

            TradeReplay.assertRows("symbol,window_start,open,high,low,close,volume,trades", OhlcvJobTest.expectedRows(inOrder), lines);
            assertEquals(List.of(), replay.warnings());
        }
    }
}
