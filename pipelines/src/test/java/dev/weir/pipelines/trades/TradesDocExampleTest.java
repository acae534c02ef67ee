package dev.weir.pipelines.trades;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.pipelines.replay.OutputFormat;
import dev.weir.pipelines.replay.RowPrinter;
import dev.weir.state.HeapStateBackend;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/**
 * The example of docs/trades.md from MoldUDP64 payloads to rows: its messages decoded, the trades through both
 * jobs, the rows and counts the page shows, so that the page cannot drift from the code.
 */
class TradesDocExampleTest {
    private static final long T0 = 34_200_000_000_000L; // 09:30:00 in nanoseconds since midnight
    private static final int AAPL = 1;

    /** The page's messages, in two packets of session {@code 0000000001}. */
    private static List<byte[]> payloads() {
        return List.of(
            new MoldPayload("0000000001", 1)
                .add(AAPL, T0 + 100_000, 1, 300, "AAPL", 1_901_200)
                .executed(AAPL, T0 + 200_000, 1, 100)
                .replace(AAPL, T0 + 300_000_000, 1, 2, 200, 1_901_500)
                .toBytes(),
            new MoldPayload("0000000001", 4)
                .executedWithPrice(AAPL, T0 + 400_000_000, 2, 50, 'Y', 1_901_400)
                .executedWithPrice(AAPL, T0 + 500_000_000, 2, 50, 'N', 1_901_300)
                .trade(AAPL, T0 + 999_999_999, 20, "AAPL", 1_901_000)
                .executed(AAPL, T0 + 1_000_000_000, 2, 100)
                .toBytes());
    }

    @Test
    void ohlcvRowsOfThePage() {
        final TradeReplay replay = new TradeReplay();

        assertEquals(List.of(
            "symbol,window_start,open,high,low,close,volume,trades",
            "AAPL,34200000,190.1200,190.1400,190.1000,190.1000,170,3",
            "AAPL,34201000,190.1500,190.1500,190.1500,190.1500,100,1"),
            replay.runPayloads(new OhlcvJob(), payloads(), HeapStateBackend.INSTANCE));
        assertEquals(List.of(), replay.warnings());
    }

    @Test
    void jsonRowsKeepPricesAsNumbers() {
        final String line = new RowPrinter(OutputFormat.JSONL, new OhlcvJob().schema())
            .line(new OhlcvRow("AAPL", 34_200_000, 1_901_200, 1_901_400, 1_901_000, 1_901_000, 170, 3));

        assertEquals("{\"symbol\":\"AAPL\",\"window_start\":34200000,\"open\":190.1200,\"high\":190.1400,\"low\":190.1000,"
            + "\"close\":190.1000,\"volume\":170,\"trades\":3}", line);
    }

    @Test
    void vwapRowsOfThePage() {
        final TradeReplay replay = new TradeReplay();

        assertEquals(List.of(
            "symbol,window_start,window_end,vwap,volume",
            "AAPL,33960000,34260000,190.1333,270",
            "AAPL,34020000,34320000,190.1333,270",
            "AAPL,34080000,34380000,190.1333,270",
            "AAPL,34140000,34440000,190.1333,270",
            "AAPL,34200000,34500000,190.1333,270"),
            replay.runPayloads(new VwapJob(), payloads(), HeapStateBackend.INSTANCE));
    }

    @Test
    void countsOfThePage() {
        final ItchTradeDecoder decoder = new ItchTradeDecoder(new TradeReplay().context());
        final long[] packet = {0};
        for (final byte[] payload : payloads()) {
            decoder.decode(new UnsafeBuffer(payload), 0, payload.length, "feed.pcap", ++packet[0],
                (trade, millis) -> { });
        }
        final Map<String, Long> expected = new LinkedHashMap<>();
        expected.put("messages", 7L);
        expected.put("messages A", 1L);
        expected.put("messages E", 2L);
        expected.put("messages C", 2L);
        expected.put("messages U", 1L);
        expected.put("messages P", 1L);
        expected.put("unknown message types", 0L);
        expected.put("mis-sized messages", 0L);
        expected.put("trades", 4L);
        expected.put("executions of unknown orders", 0L);
        expected.put("sequence gaps", 0L);
        expected.put("missed messages", 0L);
        expected.put("duplicate messages", 0L);
        expected.put("reordered packets", 0L);
        expected.put("open orders", 0L);
        assertEquals(List.copyOf(expected.entrySet()), List.copyOf(decoder.counts().entrySet()));
    }
}
