package dev.weir.pipelines.trades;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.pipelines.trades.TradeReplay.Print;
import dev.weir.state.HeapStateBackend;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The {@code ohlcv} pipeline against bars computed by a plain loop over the same trades. */
class OhlcvJobTest {
    private static final String HEADER = "symbol,window_start,open,high,low,close,volume,trades";

    private static String price(final long tenThousandths) {
        return BigDecimal.valueOf(tenThousandths, 4).toPlainString();
    }

    /** The oracle: bars per symbol and second, open and close by publishing order. */
    static List<String> expectedRows(final List<Print> trades) {
        final Map<String, long[]> bars = new LinkedHashMap<>(); // open, high, low, close, volume, trades
        for (final Print trade : trades) {
            final long start = trade.millis() - trade.millis() % 1_000;
            final long[] bar = bars.computeIfAbsent(trade.symbol() + "," + start,
                k -> new long[] {trade.price(), trade.price(), trade.price(), 0, 0, 0});
            bar[1] = Math.max(bar[1], trade.price());
            bar[2] = Math.min(bar[2], trade.price());
            bar[3] = trade.price();
            bar[4] += trade.shares();
            bar[5]++;
        }
        final List<String> rows = new ArrayList<>();
        bars.forEach((window, bar) -> rows.add(window + "," + price(bar[0]) + "," + price(bar[1]) + "," + price(bar[2]) + ","
            + price(bar[3]) + "," + bar[4] + "," + bar[5]));
        return rows;
    }

    @Test
    void barsOfAFewTradesWithExactColumns() {
        final List<Print> trades = List.of(
            new Print("AAPL", 1_901_200, 100, 34_200_000), // 09:30:00.000, the window's first millisecond
            new Print("AAPL", 1_905_000, 50, 34_200_400),
            new Print("AAPL", 1_899_900, 10, 34_200_400), // the same millisecond: later in message order
            new Print("AAPL", 1_900_000, 40, 34_200_999), // the window's last millisecond
            new Print("AAPL", 1_902_500, 7, 34_201_000), // exactly at the next window's start
            new Print("MSFT", 4_100_001, 300, 34_200_500)); // one trade: open = high = low = close
        final TradeReplay replay = new TradeReplay();

        final List<String> lines = replay.run(new OhlcvJob(), trades, HeapStateBackend.INSTANCE);

        assertEquals(List.of(HEADER,
            "AAPL,34200000,190.1200,190.5000,189.9900,190.0000,200,4",
            "MSFT,34200000,410.0001,410.0001,410.0001,410.0001,300,1",
            "AAPL,34201000,190.2500,190.2500,190.2500,190.2500,7,1"),
            sortedWithinFirings(lines));
        TradeReplay.assertRows(HEADER, expectedRows(trades), lines);
        assertEquals(0, replay.context().lateSideOutput());
    }

    private static List<String> sortedWithinFirings(final List<String> lines) {
        final List<String> sorted = new ArrayList<>(List.of(lines.get(0)));
        sorted.addAll(lines.subList(1, lines.size()).stream().sorted(Comparator.comparingLong(TradeReplay::windowStart)
            .thenComparing(Comparator.naturalOrder())).toList());
        return sorted;
    }

    @ParameterizedTest
    @ValueSource(strings = {"heap", "chronicle"})
    void manySymbolsOverAMinuteMatchThePlainLoop(final String state) {
        final List<Print> trades = TradeReplay.busyFeed(11, 3_000, 40, 34_200_000, 40, 1_000);
        final TradeReplay replay = new TradeReplay();

        final List<String> lines = replay.run(new OhlcvJob(), trades, TradeReplay.backend(state));

        TradeReplay.assertRows(HEADER, expectedRows(trades), lines);
        assertTrue(lines.size() > 1_000, "rows " + lines.size());
        assertEquals(0, replay.context().lateSideOutput());
    }

    @Test
    void aTradeForAWindowAlreadyFiredIsCountedAsLate() {
        final List<Print> trades = List.of(
            new Print("AAPL", 1_000_000, 10, 1_000),
            new Print("AAPL", 1_010_000, 20, 5_000), // watermark 3999 by processing time 5200
            new Print("AAPL", 2_000_000, 30, 1_500, 6_000), // [1000,2000) fired: late
            new Print("AAPL", 1_020_000, 40, 4_500, 6_000)); // [4000,5000) still open
        final TradeReplay replay = new TradeReplay();

        final List<String> lines = replay.run(new OhlcvJob(), trades, HeapStateBackend.INSTANCE);

        assertEquals(List.of(HEADER,
            "AAPL,1000,100.0000,100.0000,100.0000,100.0000,10,1",
            "AAPL,4000,102.0000,102.0000,102.0000,102.0000,40,1",
            "AAPL,5000,101.0000,101.0000,101.0000,101.0000,20,1"), lines);
        assertEquals(1, replay.context().lateSideOutput());
    }

    @Test
    void theJobDescribesItself() {
        final OhlcvJob job = new OhlcvJob();
        assertEquals("ohlcv", job.name());
        assertEquals(List.of("symbol", "window_start", "open", "high", "low", "close", "volume", "trades"), job.schema().columns());
        assertTrue(job.decoder(new TradeReplay().context()) instanceof ItchTradeDecoder);
    }
}
