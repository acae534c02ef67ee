package dev.weir.pipelines.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.codec.capture.CaptureFormat;
import dev.weir.codec.itch.ItchMessageType;
import dev.weir.codec.itch.MoldUdp64Packet;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Generated ITCH sessions read back as a receiver reads them: complete, consistent, timed and numbered as specified. */
class ItchTrafficGeneratorTest {
    private static final long NINE_THIRTY = 34_200L * 1_000_000_000L;
    private static final long DAY_NANOS = 1_795_996_800L * 1_000_000_000L;
    private static final int MULTICAST = SampleDatagrams.ipv4(233, 54, 12, 111);

    @TempDir
    Path dir;

    private static List<ReadBack.Sent> generate(final ItchTrafficOptions options) {
        final ReadBack.Recorder recorder = new ReadBack.Recorder();
        new ItchTrafficGenerator(options).generate(recorder);
        return recorder.sent();
    }

    private static ItchTrafficOptions options(final int symbols, final long messages, final long rate, final long disorder,
            final long seed, final int gaps) {
        return new ItchTrafficOptions(symbols, messages, rate, disorder, seed, gaps, ItchTrafficOptions.DEFAULT_PORT, MULTICAST);
    }

    private static long lastTimestamp(final ReadBack.Sent datagram) {
        final MoldUdp64Packet packet = new MoldUdp64Packet().wrap(new UnsafeBuffer(datagram.payload()), 0, datagram.payload().length);
        long last = -1;
        while (packet.next()) {
            last = (long) (packet.buffer().getShort(packet.messageOffset() + 5, java.nio.ByteOrder.BIG_ENDIAN) & 0xFFFF) << 32
                    | packet.buffer().getInt(packet.messageOffset() + 7, java.nio.ByteOrder.BIG_ENDIAN) & 0xFFFF_FFFFL;
        }
        return last;
    }

    @Test
    void aSessionIsCompleteConsistentAndInOrder() {
        final ItchTrafficOptions options = options(8, 20_000, 10_000, 0, 7, 0);
        final ReadBack.Recorder recorder = new ReadBack.Recorder();
        final ItchTrafficSummary summary = new ItchTrafficGenerator(options).generate(recorder);
        final List<ReadBack.Sent> sent = recorder.sent();
        final ItchFeedReplay feed = new ItchFeedReplay();
        feed.read(sent, true);

        assertEquals(List.of("O", "S", "Q", "M", "E", "C"), feed.systemEvents());
        assertEquals(List.of("1 AAPL 100", "2 MSFT 100", "3 NVDA 100", "4 AMZN 100", "5 GOOGL 100", "6 META 100", "7 TSLA 100",
                "8 AVGO 100"), feed.directory());
        assertEquals(20_000, feed.counts().total());
        for (final ItchMessageType type : List.of(ItchMessageType.ADD_ORDER, ItchMessageType.ADD_ORDER_WITH_MPID,
                ItchMessageType.ORDER_EXECUTED, ItchMessageType.ORDER_EXECUTED_WITH_PRICE, ItchMessageType.ORDER_CANCEL,
                ItchMessageType.ORDER_DELETE, ItchMessageType.ORDER_REPLACE, ItchMessageType.TRADE, ItchMessageType.CROSS_TRADE,
                ItchMessageType.BROKEN_TRADE, ItchMessageType.STOCK_TRADING_ACTION, ItchMessageType.REG_SHO_RESTRICTION,
                ItchMessageType.MARKET_PARTICIPANT_POSITION, ItchMessageType.NET_ORDER_IMBALANCE, ItchMessageType.RETAIL_INTEREST)) {
            assertTrue(feed.counts().count(type) > 0, "some " + type);
            assertEquals(feed.counts().count(type), summary.counts().count(type), "the summary counts " + type);
        }
        assertEquals(6, feed.counts().count(ItchMessageType.SYSTEM_EVENT));
        assertEquals(8, feed.counts().count(ItchMessageType.STOCK_DIRECTORY));
        assertTrue(feed.partialExecutions() > 0 && feed.fullExecutions() > 0);
        assertEquals(Set.of('Y', 'N'), feed.printables());
        assertTrue(feed.crossTypes().contains('I'));
        assertTrue(feed.mpids().size() > 1);
        assertTrue(feed.liveOrders() > 0 && feed.liveOrders() <= 800, "the book stays near 50 orders a stock: " + feed.liveOrders());

        // in order: no gap, no repeat, one end of session, capture times rising with the ITCH times
        assertEquals(0, feed.tracker().gaps() + feed.tracker().duplicatePackets() + feed.tracker().duplicateMessages());
        assertEquals(List.of("end 0000000001 20001"), feed.sessionEvents());
        assertEquals(1, feed.endsOfSession());
        assertTrue(feed.timestampsInOrder());
        assertEquals(NINE_THIRTY, feed.firstTimestamp());
        final double seconds = (feed.lastTimestamp() - feed.firstTimestamp()) / 1e9;
        assertTrue(seconds > 1.7 && seconds < 2.3, "20,000 messages at 10,000 a second take about 2 s, not " + seconds);
        long previous = 0;
        for (final ReadBack.Sent d : sent) {
            assertTrue(d.timestampNanos() >= previous);
            previous = d.timestampNanos();
            assertEquals(SampleDatagrams.ipv4(10, 0, 0, 1), d.source());
            assertEquals(26_401, d.sourcePort());
            assertEquals(MULTICAST, d.destination());
            assertEquals(26_400, d.destinationPort());
            final long last = lastTimestamp(d);
            if (last >= 0) {
                assertEquals(DAY_NANOS + last, d.timestampNanos(), "a packet is sent at its last message's time");
            }
        }
        assertEquals(sent.size(), summary.packets());
        assertEquals(sent.stream().mapToLong(d -> d.payload().length).sum(), summary.payloadBytes());
        assertTrue(sent.size() < 20_000 / 2, "bursts share packets: " + sent.size() + " packets");
        assertEquals(0, summary.delayed() + summary.droppedPackets() + summary.droppedMessages());
    }

    @Test
    void theSameSeedMakesTheSameBytesAndAnotherSeedOthers() {
        final List<ReadBack.Sent> first = generate(options(3, 2_000, 5_000, 2, 42, 2));
        assertEquals(first, generate(options(3, 2_000, 5_000, 2, 42, 2)));
        assertNotEquals(first, generate(options(3, 2_000, 5_000, 2, 43, 2)));
    }

    @Test
    void disorderDelaysSomePacketsWithinTheBoundAndOtherwiseChangesNothing() {
        final List<ReadBack.Sent> inOrder = generate(options(4, 30_000, 20_000, 0, 11, 0));
        final ReadBack.Recorder recorder = new ReadBack.Recorder();
        final ItchTrafficSummary summary = new ItchTrafficGenerator(options(4, 30_000, 20_000, 3, 11, 0)).generate(recorder);
        final List<ReadBack.Sent> reordered = recorder.sent();
        long previous = 0;
        long late = 0;
        for (final ReadBack.Sent d : reordered) {
            assertTrue(d.timestampNanos() >= previous, "captured in time order");
            previous = d.timestampNanos();
            final long last = lastTimestamp(d);
            if (last >= 0) {
                final long delay = d.timestampNanos() - DAY_NANOS - last;
                assertTrue(delay >= 0 && delay <= 3_000_000, "delayed by at most 3 ms: " + delay);
                late += delay > 0 ? 1 : 0;
            }
        }
        assertTrue(late > 0 && late <= summary.delayed(), late + " late of " + summary.delayed());
        assertEquals(inOrder.stream().map(d -> java.util.Arrays.toString(d.payload())).sorted().collect(Collectors.toList()),
                reordered.stream().map(d -> java.util.Arrays.toString(d.payload())).sorted().collect(Collectors.toList()),
                "the same packets");
        assertNotEquals(inOrder.stream().map(d -> java.util.Arrays.toString(d.payload())).collect(Collectors.toList()),
                reordered.stream().map(d -> java.util.Arrays.toString(d.payload())).collect(Collectors.toList()), "in another order");
        final ItchFeedReplay feed = new ItchFeedReplay();
        feed.read(reordered, false);
        assertTrue(feed.tracker().gaps() > 0 && feed.tracker().duplicatePackets() > 0, "a receiver sees packets out of order");
    }

    @Test
    void gapsLeaveOutExactlyThatManyPacketsOfOrderFlow() {
        for (final int gaps : new int[] {1, 3, 10}) {
            final List<ReadBack.Sent> complete = generate(options(5, 5_000, 10_000, 0, 3, 0));
            final ReadBack.Recorder recorder = new ReadBack.Recorder();
            final ItchTrafficSummary summary = new ItchTrafficGenerator(options(5, 5_000, 10_000, 0, 3, gaps)).generate(recorder);
            final ItchFeedReplay feed = new ItchFeedReplay();
            feed.read(recorder.sent(), false);
            assertEquals(gaps, feed.tracker().gaps());
            assertEquals(gaps, summary.droppedPackets());
            assertEquals(summary.droppedMessages(), feed.tracker().missedMessages());
            assertEquals(5_000 - summary.droppedMessages(), feed.counts().total());
            assertEquals(complete.size() - gaps, recorder.sent().size());
            final Set<ReadBack.Sent> received = new java.util.HashSet<>(recorder.sent());
            assertEquals(gaps, complete.stream().filter(d -> !received.contains(d)).count(), "only the dropped packets differ");
            assertEquals(5, feed.directory().size(), "the directory is never dropped");
            assertEquals("C", feed.systemEvents().get(feed.systemEvents().size() - 1), "nor the end of the messages");
        }
    }

    @Test
    void moreGapsThanTheFlowHasPacketsAreRefused() {
        final ItchTrafficGenerator generator = new ItchTrafficGenerator(options(2, 40, 10_000, 0, 1, 30));
        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> generator.generate(new ReadBack.Recorder()));
        assertTrue(error.getMessage().startsWith("gaps: 30 gaps need 59 packets of order flow, the 40 messages make "), error.getMessage());
    }

    @Test
    void aQuietFeedSendsAHeartbeatEverySecondWithTheNextSequenceNumber() {
        final ReadBack.Recorder recorder = new ReadBack.Recorder();
        final ItchTrafficSummary summary = new ItchTrafficGenerator(options(1, 40, 1, 0, 5, 0)).generate(recorder);
        final ItchFeedReplay feed = new ItchFeedReplay();
        feed.read(recorder.sent(), true);
        assertTrue(summary.heartbeats() > 0);
        assertEquals(summary.heartbeats(), feed.heartbeats());
        assertEquals(0, feed.tracker().gaps());
        long previous = 0;
        for (final ReadBack.Sent d : recorder.sent()) {
            assertTrue(d.timestampNanos() - previous <= 1_000_000_000L || previous == 0, "no second without a packet");
            previous = d.timestampNanos();
        }
    }

    @Test
    void aLoopbackDestinationIsSentFromLoopback() {
        final List<ReadBack.Sent> sent = generate(new ItchTrafficOptions(2, 100, 1_000, 0, 1, 0, 5_000, SampleDatagrams.ipv4(127, 0, 0, 1)));
        for (final ReadBack.Sent d : sent) {
            assertEquals(SampleDatagrams.ipv4(127, 0, 0, 1), d.source());
            assertEquals(5_001, d.sourcePort());
            assertEquals(5_000, d.destinationPort());
        }
    }

    @Test
    void aGeneratedCaptureReadsBackAsGenerated() {
        final ItchTrafficOptions options = options(6, 3_000, 50_000, 1, 9, 1);
        final Path file = dir.resolve("itch.pcapng");
        try (CaptureWriter writer = CaptureWriter.create(file, CaptureEncoding.PCAPNG_NANOSECONDS)) {
            new ItchTrafficGenerator(options).generate(writer);
        }
        assertEquals(generate(options), ReadBack.file(file, CaptureFormat.PCAPNG));
    }

    @Test
    void badOptionsAreRefusedNamingTheOption() {
        assertEquals("symbols: 0 is not within 1..5000",
                assertThrows(IllegalArgumentException.class, () -> options(0, 100, 1, 0, 1, 0)).getMessage());
        assertEquals("symbols: 5001 is not within 1..5000",
                assertThrows(IllegalArgumentException.class, () -> options(5_001, 10_000, 1, 0, 1, 0)).getMessage());
        assertEquals("messages: 13 is too few for 8 symbols (at least 14: the system events and one stock directory message per symbol)",
                assertThrows(IllegalArgumentException.class, () -> options(8, 13, 1, 0, 1, 0)).getMessage());
        assertEquals("rate: 0 messages a second is not positive",
                assertThrows(IllegalArgumentException.class, () -> options(8, 100, 0, 0, 1, 0)).getMessage());
        assertEquals("rate: 100000 messages at 2 a second take more than 45000 s and would run past midnight; raise the rate",
                assertThrows(IllegalArgumentException.class, () -> options(8, 100_000, 2, 0, 1, 0)).getMessage());
        assertEquals("disorder: -1 ms is not within 0..60000",
                assertThrows(IllegalArgumentException.class, () -> options(8, 100, 1, -1, 1, 0)).getMessage());
        assertEquals("gaps: -2 is negative", assertThrows(IllegalArgumentException.class, () -> options(8, 100, 1, 0, 1, -2)).getMessage());
        assertEquals("port: 65536 is not within 0..65535", assertThrows(IllegalArgumentException.class,
                () -> new ItchTrafficOptions(1, 100, 1, 0, 1, 0, 65_536, MULTICAST)).getMessage());
    }

    @Test
    void beyondTheWellKnownTickersStocksGetDistinctMadeUpOnes() {
        final Set<String> symbols = new java.util.HashSet<>();
        for (int i = 0; i < ListedStocks.MAX; i++) {
            final String symbol = ListedStocks.symbol(i);
            assertTrue(symbol.length() <= 8 && symbol.matches("[A-Z]+"), symbol);
            assertTrue(ListedStocks.openingPrice(i) >= 10_000);
            symbols.add(symbol);
        }
        assertEquals(ListedStocks.MAX, symbols.size());
        assertEquals("ZZA", ListedStocks.symbol(60));
        assertEquals("ZZZ", ListedStocks.symbol(85));
        assertEquals("ZZAA", ListedStocks.symbol(86));
    }
}
