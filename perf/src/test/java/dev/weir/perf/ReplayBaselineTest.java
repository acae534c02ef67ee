package dev.weir.perf;

import static dev.weir.perf.ItchCapture.nanos;
import static dev.weir.perf.ItchCapture.stock;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.codec.itch.Alpha;
import dev.weir.codec.itch.ItchMessageType;
import dev.weir.pipelines.generate.CaptureEncoding;
import dev.weir.pipelines.generate.CaptureWriter;
import dev.weir.pipelines.generate.ItchTrafficGenerator;
import dev.weir.pipelines.generate.ItchTrafficOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The baseline's bars, message type by message type, on a hand-written capture: what prints a trade (E at the
 * order's current price, C only when printable, P), what changes the book (A, F, U, X, D, an order leaving the
 * book when executed in full), what prints nothing (executions of orders not on the book, other types, unknown
 * and mis-sized messages, repeated packets), when bars are emitted (when the watermark of bound 1000 ms passes
 * their window's end, by window then symbol in order of first sight, the rest at the end) and late trades; and
 * on a generated day, no allocation per message once the tables have grown.
 */
final class ReplayBaselineTest {
    private static final long OPEN = 34_200_000; // 09:30:00.000, a window start
    private static final long AAPL = stock("AAPL");
    private static final long MSFT = stock("MSFT");

    @TempDir
    Path directory;

    @Test
    void barsFollowTheBookAndTheWatermark() {
        final Path file = directory.resolve("day.pcap");
        try (ItchCapture capture = new ItchCapture(file)) {
            final var w = capture.messages;
            w.addOrder(capture.buffer(), capture.at(36), 1, 0, nanos(OPEN), 1, 'B', 100, AAPL, 1_500_000);
            w.addOrderWithMpid(capture.buffer(), capture.at(40), 2, 0, nanos(OPEN + 1), 2, 'S', 200, MSFT, 3_000_000, Alpha.encode("GSCO", 4));
            w.orderExecuted(capture.buffer(), capture.at(31), 1, 0, nanos(OPEN + 100), 1, 30, 901);
            w.orderExecutedWithPrice(capture.buffer(), capture.at(36), 1, 0, nanos(OPEN + 200), 1, 20, 902, 'Y', 1_510_000);
            w.orderExecutedWithPrice(capture.buffer(), capture.at(36), 1, 0, nanos(OPEN + 300), 1, 10, 903, 'N', 1_600_000);
            capture.send(OPEN + 300);
            // order 1 (40 shares left) becomes order 3: 100 shares at 149.0000
            w.orderReplace(capture.buffer(), capture.at(35), 1, 0, nanos(OPEN + 400), 1, 3, 100, 1_490_000);
            w.orderExecuted(capture.buffer(), capture.at(31), 1, 0, nanos(OPEN + 450), 1, 5, 904);
            w.orderExecuted(capture.buffer(), capture.at(31), 1, 0, nanos(OPEN + 500), 3, 10, 905);
            w.orderCancel(capture.buffer(), capture.at(23), 1, 0, nanos(OPEN + 600), 3, 85);
            w.orderExecuted(capture.buffer(), capture.at(31), 1, 0, nanos(OPEN + 700), 3, 5, 906);
            w.orderExecuted(capture.buffer(), capture.at(31), 1, 0, nanos(OPEN + 750), 3, 1, 907);
            capture.send(OPEN + 750);
            w.trade(capture.buffer(), capture.at(44), 2, 0, nanos(OPEN + 800), 'B', 50, MSFT, 2_990_000, 908);
            w.orderDelete(capture.buffer(), capture.at(19), 2, 0, nanos(OPEN + 900), 2);
            w.orderExecuted(capture.buffer(), capture.at(31), 2, 0, nanos(OPEN + 950), 2, 10, 909);
            w.crossTrade(capture.buffer(), capture.at(40), 1, 0, nanos(OPEN + 960), 1_000, AAPL, 1_700_000, 910, 'O');
            w.brokenTrade(capture.buffer(), capture.at(19), 1, 0, nanos(OPEN + 970), 908);
            w.headerOnly(capture.buffer(), capture.at(25), ItchMessageType.STOCK_TRADING_ACTION, 1, 0, nanos(OPEN + 980));
            capture.buffer().putByte(capture.at(5), (byte) 'z'); // no ITCH 5.0 type
            w.headerOnly(capture.buffer(), capture.at(12), ItchMessageType.ADD_ORDER, 1, 0, nanos(OPEN + 990)); // 'A' of 12 bytes, mis-sized
            capture.send(OPEN + 990);
            w.trade(capture.buffer(), capture.at(44), 1, 0, nanos(OPEN + 1_500), 'S', 10, AAPL, 1_520_000, 911);
            w.addOrder(capture.buffer(), capture.at(36), 1, 0, nanos(OPEN + 1_600), 4, 'B', 300, AAPL, 1_480_000);
            capture.send(OPEN + 1_600);
            // the watermark becomes OPEN + 3500 - 1000 - 1: the windows at OPEN and OPEN + 1000 are emitted
            w.trade(capture.buffer(), capture.at(44), 2, 0, nanos(OPEN + 3_500), 'B', 7, MSFT, 3_010_000, 912);
            capture.send(OPEN + 3_500);
            capture.resend(OPEN + 3_501);
            w.trade(capture.buffer(), capture.at(44), 1, 0, nanos(OPEN + 1_800), 'B', 1, AAPL, 1_530_000, 913); // late
            capture.send(OPEN + 3_502);
        }
        final List<String> bars = new ArrayList<>();
        final ReplayBaselineCounts counts = new ReplayBaseline(1_000).run(List.of(file), (symbol, start, open, high, low, close, volume,
                trades) -> bars.add(Alpha.text(symbol, 8) + " " + start + " " + open + " " + high + " " + low + " " + close + " " + volume
                        + " " + trades));
        assertEquals(List.of(
                "AAPL 34200000 1500000 1510000 1490000 1490000 65 4",
                "MSFT 34200000 2990000 2990000 2990000 2990000 50 1",
                "AAPL 34201000 1520000 1520000 1520000 1520000 10 1",
                "MSFT 34203000 3010000 3010000 3010000 3010000 7 1"), bars);
        // 23 messages once each; skipped: the unknown, the mis-sized and the repeated one
        assertEquals(new ReplayBaselineCounts(7, 7, 23, 3, 8, 1, 4, 2, 1), counts);
    }

    @Test
    void aTightBoundEmitsEarlierAndDropsMore() {
        final Path file = directory.resolve("bound.pcap");
        try (ItchCapture capture = new ItchCapture(file)) {
            final var w = capture.messages;
            long match = 1;
            for (final long millis : new long[] {OPEN + 10, OPEN + 1_020, OPEN + 990, OPEN + 2_500, OPEN + 1_999}) {
                w.trade(capture.buffer(), capture.at(44), 1, 0, nanos(millis), 'B', 1, AAPL, 1_000_000 + millis - OPEN, match++);
            }
            capture.send(OPEN + 2_500);
        }
        // bound 0: OPEN + 1020 makes the watermark OPEN + 1019, so OPEN + 990 is late; OPEN + 2500 closes OPEN + 1000's
        // window, so OPEN + 1999 is late too
        assertEquals(List.of("34200000 1 1000010", "34201000 1 1001020", "34202000 1 1002500"), bars(file, 0));
        // bound 1000: only OPEN + 2500 - 1001 = OPEN + 1499 is passed before the end, nothing is late
        assertEquals(List.of("34200000 2 1000990", "34201000 2 1001999", "34202000 1 1002500"), bars(file, 1_000));
    }

    @Test
    void allocatesNothingPerMessageOnceItsTablesHaveGrown() {
        final Path file = directory.resolve("generated.pcap");
        final long messages = 100_000;
        try (CaptureWriter writer = CaptureWriter.create(file, CaptureEncoding.of(false, true))) {
            new ItchTrafficGenerator(new ItchTrafficOptions(30, messages, 5_000, 0, 11, 0, ItchTrafficOptions.DEFAULT_PORT,
                    ItchTrafficOptions.DEFAULT_DESTINATION)).generate(writer);
        }
        new ReplayBaseline(1_000).run(List.of(file), (symbol, start, open, high, low, close, volume, trades) -> { });
        // between the first and the last bar before the end: every message of the 20 s day but the first and last second's
        final SteadyAllocation allocation = new SteadyAllocation(messages);
        final CountingBars bars = new CountingBars(allocation);
        final ReplayBaseline baseline = new ReplayBaseline(1_000);
        bars.follow(baseline);
        final ReplayBaselineCounts counts = baseline.run(List.of(file), bars);
        assertEquals(messages, counts.messages());
        assertEquals(counts.bars(), bars.bars());
        assertTrue(counts.bars() > 20 * 10, counts.toString());
        final double bytesPerMessage = allocation.bytesPer(1);
        assertTrue(bytesPerMessage < 0.01, bytesPerMessage + " bytes per message");
    }

    private static List<String> bars(final Path file, final long bound) {
        final List<String> bars = new ArrayList<>();
        new ReplayBaseline(bound).run(List.of(file), (symbol, start, open, high, low, close, volume, trades)
                -> bars.add(start + " " + trades + " " + close));
        return bars;
    }
}
