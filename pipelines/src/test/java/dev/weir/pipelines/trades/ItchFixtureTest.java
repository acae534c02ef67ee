package dev.weir.pipelines.trades;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.clock.SystemNanoClock;
import dev.weir.codec.capture.CaptureFile;
import dev.weir.codec.capture.CapturePacket;
import dev.weir.codec.capture.Datagram;
import dev.weir.codec.capture.DatagramDecoder;
import dev.weir.codec.capture.DatagramFilter;
import dev.weir.pipelines.replay.OutputFormat;
import dev.weir.pipelines.replay.ReplayJob;
import dev.weir.pipelines.replay.ReplayOptions;
import dev.weir.pipelines.replay.ReplayRun;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The recorded ITCH fixture (src/test/resources/replay/itch-small.pcap, tcpdump on loopback, with a packet left
 * out and packets overtaken on the wire) through {@code ohlcv} and {@code vwap} end to end, against bars computed
 * here by a plain loop that reads the MoldUDP64 and ITCH bytes by their offsets in the protocol specifications,
 * in sequence-number order, with an order book in a HashMap. The capture's packets are read with the capture
 * reader, which CaptureFixturesTest and RecordedFixturesTest check against tshark.
 */
class ItchFixtureTest {
    private static Path fixture(final String name) throws Exception {
        return Path.of(ItchFixtureTest.class.getResource("/replay/" + name).toURI());
    }

    /** One trade as the specification defines it. */
    record Print(String symbol, long timestampNanos, long price, long shares) {
        long millis() {
            return timestampNanos / 1_000_000;
        }
    }

    /** An order on the book: its stock, price and remaining shares. */
    static final class Order {
        final String stock;
        long price;
        long shares;

        Order(final String stock, final long price, final long shares) {
            this.stock = stock;
            this.price = price;
            this.shares = shares;
        }
    }

    /** The trades of the capture in sequence order: each MoldUDP64 packet once, by its first sequence number. */
    static List<Print> trades(final Path capture) {
        final TreeMap<Long, byte[]> packets = new TreeMap<>();
        try (CaptureFile file = CaptureFile.open(capture)) {
            final CapturePacket packet = new CapturePacket();
            final Datagram datagram = new Datagram();
            final DatagramDecoder decoder = new DatagramDecoder(DatagramFilter.any().destinationPort(26400));
            while (file.next(packet)) {
                if (decoder.decode(packet, datagram)) {
                    final byte[] payload = new byte[datagram.payloadLength()];
                    datagram.buffer().getBytes(datagram.payloadOffset(), payload);
                    packets.putIfAbsent(ByteBuffer.wrap(payload).getLong(10), payload);
                }
            }
        }
        final Map<Long, Order> book = new HashMap<>();
        final List<Print> trades = new ArrayList<>();
        for (final byte[] payload : packets.values()) {
            final ByteBuffer bytes = ByteBuffer.wrap(payload);
            final int count = bytes.getShort(18) & 0xFFFF;
            int at = 20;
            for (int i = 0; i < count && count != 0xFFFF; i++) {
                final int length = bytes.getShort(at) & 0xFFFF;
                message(ByteBuffer.wrap(payload, at + 2, length).slice(), book, trades);
                at += 2 + length;
            }
        }
        return trades;
    }

    private static void message(final ByteBuffer m, final Map<Long, Order> book, final List<Print> trades) {
        final long timestamp = (long) (m.getShort(5) & 0xFFFF) << 32 | m.getInt(7) & 0xFFFF_FFFFL;
        switch ((char) m.get(0)) {
            case 'A', 'F' -> book.put(m.getLong(11), new Order(stock(m, 24), m.getInt(32) & 0xFFFF_FFFFL, m.getInt(20) & 0xFFFF_FFFFL));
            case 'E' -> {
                final Order order = book.get(m.getLong(11));
                final long shares = m.getInt(19) & 0xFFFF_FFFFL;
                trades.add(new Print(order.stock, timestamp, order.price, shares));
                reduce(book, m.getLong(11), shares);
            }
            case 'C' -> {
                final Order order = book.get(m.getLong(11));
                final long shares = m.getInt(19) & 0xFFFF_FFFFL;
                if (m.get(31) == 'Y') {
                    trades.add(new Print(order.stock, timestamp, m.getInt(32) & 0xFFFF_FFFFL, shares));
                }
                reduce(book, m.getLong(11), shares);
            }
            case 'X' -> reduce(book, m.getLong(11), m.getInt(19) & 0xFFFF_FFFFL);
            case 'D' -> book.remove(m.getLong(11));
            case 'U' -> {
                final Order original = book.remove(m.getLong(11));
                if (original != null) {
                    book.put(m.getLong(19), new Order(original.stock, m.getInt(31) & 0xFFFF_FFFFL, m.getInt(27) & 0xFFFF_FFFFL));
                }
            }
            case 'P' -> trades.add(new Print(stock(m, 24), timestamp, m.getInt(32) & 0xFFFF_FFFFL, m.getInt(20) & 0xFFFF_FFFFL));
            default -> {
                // no trade, no change to the book
            }
        }
    }

    private static void reduce(final Map<Long, Order> book, final long reference, final long shares) {
        final Order order = book.get(reference);
        if (order != null && (order.shares -= shares) <= 0) {
            book.remove(reference);
        }
    }

    private static String stock(final ByteBuffer m, final int at) {
        final byte[] text = new byte[8];
        m.get(at, text);
        return new String(text, StandardCharsets.US_ASCII).trim();
    }

    private static String price(final long tenThousandths) {
        return tenThousandths / 10_000 + "." + String.format("%04d", tenThousandths % 10_000);
    }

    private static List<String> replay(final ReplayJob<?> job, final Path capture, final List<String> warnings) throws Exception {
        final List<String> lines = new ArrayList<>();
        // a bound of a minute: no trade of the capture is late, so every one is in a bar
        new ReplayRun<>(job, ReplayOptions.of(List.of(capture)).withOutOfOrderness(60_000), lines::add, warnings::add,
                SystemNanoClock.INSTANCE).execute(OutputFormat.CSV);
        final List<String> rows = new ArrayList<>(lines.subList(1, lines.size()));
        rows.sort(null);
        rows.add(0, lines.get(0));
        return rows;
    }

    @Test
    void ohlcvBarsEqualAPlainLoopOverTheMessagesInSequenceOrder() throws Exception {
        final Map<String, long[]> bars = new TreeMap<>();
        for (final Print trade : trades(fixture("itch-small.pcap"))) {
            final long start = trade.millis() / 1000 * 1000;
            final long[] bar = bars.get(trade.symbol() + "," + start);
            if (bar == null) {
                bars.put(trade.symbol() + "," + start, new long[] {trade.price(), trade.price(), trade.price(), trade.price(), trade.shares(), 1});
            } else {
                bar[1] = Math.max(bar[1], trade.price());
                bar[2] = Math.min(bar[2], trade.price());
                bar[3] = trade.price();
                bar[4] += trade.shares();
                bar[5]++;
            }
        }
        final List<String> expected = new ArrayList<>();
        bars.forEach((key, bar) -> expected.add(key + "," + price(bar[0]) + "," + price(bar[1]) + "," + price(bar[2]) + "," + price(bar[3])
                + "," + bar[4] + "," + bar[5]));
        expected.sort(null);
        expected.add(0, "symbol,window_start,open,high,low,close,volume,trades");
        assertTrue(expected.size() > 50, expected.size() + " bars");
        final List<String> warnings = new ArrayList<>();
        assertEquals(expected, replay(new OhlcvJob(), fixture("itch-small.pcap"), warnings));
        assertEquals(expected, replay(new OhlcvJob(), fixture("itch-small.pcapng"), new ArrayList<>()));
        assertTrue(warnings.stream().anyMatch(w -> w.contains("MoldUDP64 session 0000000001: gap")), warnings.toString());
    }

    @Test
    void vwapWindowsEqualAPlainLoopOverTheMessagesInSequenceOrder() throws Exception {
        final Map<String, BigInteger[]> windows = new TreeMap<>();
        for (final Print trade : trades(fixture("itch-small.pcap"))) {
            // every 5-minute window that slides by a minute and holds the trade
            final long lastStart = trade.millis() / 60_000 * 60_000;
            for (long start = lastStart; start > trade.millis() - 300_000; start -= 60_000) {
                final BigInteger[] sums = windows.computeIfAbsent(trade.symbol() + "," + start + "," + (start + 300_000),
                        k -> new BigInteger[] {BigInteger.ZERO, BigInteger.ZERO});
                sums[0] = sums[0].add(BigInteger.valueOf(trade.price()).multiply(BigInteger.valueOf(trade.shares())));
                sums[1] = sums[1].add(BigInteger.valueOf(trade.shares()));
            }
        }
        final List<String> expected = new ArrayList<>();
        windows.forEach((key, sums) -> {
            // sum(price x shares) / sum(shares) in 1/10,000 dollar, rounded half up
            final BigInteger[] quotient = sums[0].multiply(BigInteger.TWO).add(sums[1]).divideAndRemainder(sums[1].multiply(BigInteger.TWO));
            expected.add(key + "," + price(quotient[0].longValueExact()) + "," + sums[1]);
        });
        expected.sort(null);
        expected.add(0, "symbol,window_start,window_end,vwap,volume");
        assertEquals(expected, replay(new VwapJob(), fixture("itch-small.pcap"), new ArrayList<>()));
    }
}
