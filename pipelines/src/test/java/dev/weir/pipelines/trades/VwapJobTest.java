package dev.weir.pipelines.trades;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.pipelines.trades.TradeReplay.Print;
import dev.weir.state.HeapStateBackend;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The {@code vwap} pipeline against VWAPs computed by a plain loop over the same trades. */
class VwapJobTest {
    private static final String HEADER = "symbol,window_start,window_end,vwap,volume";
    private static final long SIZE = 300_000;
    private static final long SLIDE = 60_000;

    /** The oracle: every 5-minute window starting at a whole minute that holds the trade; VWAP by BigDecimal. */
    private static List<String> expectedRows(final List<Print> trades) {
        final Map<String, BigDecimal[]> windows = new LinkedHashMap<>(); // notional, volume
        for (final Print trade : trades) {
            final long lastStart = Math.floorDiv(trade.millis(), SLIDE) * SLIDE;
            for (long start = lastStart; start > trade.millis() - SIZE; start -= SLIDE) {
                final BigDecimal[] sums = windows.computeIfAbsent(trade.symbol() + "," + start + "," + (start + SIZE),
                    k -> new BigDecimal[] {BigDecimal.ZERO, BigDecimal.ZERO});
                sums[0] = sums[0].add(BigDecimal.valueOf(trade.price()).multiply(BigDecimal.valueOf(trade.shares())));
                sums[1] = sums[1].add(BigDecimal.valueOf(trade.shares()));
            }
        }
        final List<String> rows = new ArrayList<>();
        windows.forEach((window, sums) -> rows.add(window + ","
            + sums[0].divide(sums[1].scaleByPowerOfTen(4), 4, RoundingMode.HALF_UP).toPlainString() + "," + sums[1]));
        return rows;
    }

    @Test
    void everyTradeIsInFiveWindowsAndAWindowStartIsInclusive() {
        final List<Print> trades = List.of(
            new Print("AAPL", 1_000_000, 100, 30_000), // windows start before midnight: -240000 ... 0
            new Print("AAPL", 1_000_100, 300, 60_000), // exactly at a minute: in [60000,360000), not in [-240000,60000)
            new Print("MSFT", 2_000_000, 1, 60_000));
        final TradeReplay replay = new TradeReplay();

        final List<String> lines = replay.run(new VwapJob(), trades, HeapStateBackend.INSTANCE);

        TradeReplay.assertRows(HEADER, List.of(
            "AAPL,-240000,60000,100.0000,100",
            "AAPL,-180000,120000,100.0075,400", // (100.0000 × 100 + 100.0100 × 300) / 400
            "AAPL,-120000,180000,100.0075,400",
            "AAPL,-60000,240000,100.0075,400",
            "AAPL,0,300000,100.0075,400",
            "AAPL,60000,360000,100.0100,300",
            "MSFT,-180000,120000,200.0000,1",
            "MSFT,-120000,180000,200.0000,1",
            "MSFT,-60000,240000,200.0000,1",
            "MSFT,0,300000,200.0000,1",
            "MSFT,60000,360000,200.0000,1"), lines);
        TradeReplay.assertRows(HEADER, expectedRows(trades), lines);
        assertEquals(0, replay.context().lateSideOutput());
    }

    @Test
    void theVwapIsRoundedHalfUpToFourDecimals() {
        final List<Print> trades = List.of(
            new Print("HALF", 100, 1, 600_000), new Print("HALF", 101, 1, 600_001), // 0.01005: up to 0.0101
            new Print("DOWN", 100, 2, 600_000), new Print("DOWN", 101, 1, 600_000), // 0.0100333...: down to 0.0100
            new Print("UP", 100, 1, 600_000), new Print("UP", 101, 2, 600_000)); // 0.0100666...: up to 0.0101
        final TradeReplay replay = new TradeReplay();

        final List<String> lines = replay.run(new VwapJob(), trades, HeapStateBackend.INSTANCE);

        assertEquals(16, lines.size());
        for (final String row : lines.subList(1, lines.size())) {
            final String symbol = row.substring(0, row.indexOf(','));
            final String vwap = row.split(",")[3];
            assertEquals(symbol.equals("DOWN") ? "0.0100" : "0.0101", vwap, row);
        }
        TradeReplay.assertRows(HEADER, expectedRows(trades), lines);
    }

    @Test
    void hugePricesAndSharesDoNotOverflow() {
        final long max = 0xFFFF_FFFFL; // the largest ITCH price and share count
        final List<Print> trades = List.of(new Print("BIG", max, max, 0), new Print("BIG", max - 1, max, 1), new Print("BIG", 1, 1, 2));
        final TradeReplay replay = new TradeReplay();

        final List<String> lines = replay.run(new VwapJob(), trades, HeapStateBackend.INSTANCE);

        TradeReplay.assertRows(HEADER, expectedRows(trades), lines);
        assertTrue(lines.get(1).startsWith("BIG,-240000,60000,429496.7294,8589934591"), lines.get(1));
    }

    @ParameterizedTest
    @ValueSource(strings = {"heap", "chronicle"})
    void manySymbolsOverTwentyMinutesMatchThePlainLoop(final String state) {
        final List<Print> trades = TradeReplay.busyFeed(23, 2_000, 30, 36_000_000, 1_200, SLIDE);
        final TradeReplay replay = new TradeReplay();

        final List<String> lines = replay.run(new VwapJob(), trades, TradeReplay.backend(state));

        TradeReplay.assertRows(HEADER, expectedRows(trades), lines);
        assertTrue(lines.size() > 500, "rows " + lines.size());
        assertEquals(0, replay.context().lateSideOutput());
    }

    @Test
    void aTradeTooLateForAllItsWindowsIsCountedAsLateAndOneLateForSomeIsKeptInTheOthers() {
        final List<Print> trades = List.of(
            new Print("AAPL", 1_000_000, 10, 0),
            new Print("AAPL", 1_010_000, 20, 400_000), // by processing time 401000: watermark 398999, windows ending by 399000 fired
            new Print("AAPL", 2_000_000, 30, 50_000, 401_000), // all its windows fired: late, counted
            new Print("AAPL", 1_020_000, 40, 150_000, 401_000)); // only [120000,420000) still open: kept there, not counted
        final TradeReplay replay = new TradeReplay();

        final List<String> lines = replay.run(new VwapJob(), trades, HeapStateBackend.INSTANCE);

        TradeReplay.assertRows(HEADER, List.of(
            "AAPL,-240000,60000,100.0000,10",
            "AAPL,-180000,120000,100.0000,10",
            "AAPL,-120000,180000,100.0000,10",
            "AAPL,-60000,240000,100.0000,10",
            "AAPL,0,300000,100.0000,10",
            "AAPL,120000,420000,101.6667,60", // (101 × 20 + 102 × 40) / 60 = 101.66666...
            "AAPL,180000,480000,101.0000,20",
            "AAPL,240000,540000,101.0000,20",
            "AAPL,300000,600000,101.0000,20",
            "AAPL,360000,660000,101.0000,20"), lines);
        assertEquals("AAPL,0,300000,100.0000,10", lines.get(5)); // fired before the late trades came
        assertEquals(1, replay.context().lateSideOutput());
    }

    @Test
    void theJobDescribesItself() {
        final VwapJob job = new VwapJob();
        assertEquals("vwap", job.name());
        assertEquals(List.of("symbol", "window_start", "window_end", "vwap", "volume"), job.schema().columns());
        assertTrue(job.decoder(new TradeReplay().context()) instanceof ItchTradeDecoder);
    }
}
