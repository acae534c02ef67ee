package dev.weir.pipelines.tca;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.pipelines.replay.OutputFormat;
import dev.weir.pipelines.replay.RowPrinter;
import dev.weir.pipelines.replay.RowSchema;
import org.junit.jupiter.api.Test;

/** The numbers of a {@code tca} row: mid, spread in basis points, side against the mid, empty sides. */
class TcaRowTest {
    private static final RowPrinter CSV = new RowPrinter(OutputFormat.CSV,
            RowSchema.of("symbol", "ts", "price", "shares", "bid", "ask", "mid", "spread_bps", "side_vs_mid"));

    @Test
    void eachColumnIsWrittenAsDocumented() {
        // bid 100.00, ask 100.01: mid 100.005, spread 0.01 / 100.005 * 10,000 = 0.99995 bps, 1.00 rounded half up
        assertEquals("AAPL,34200000000123,100.0100,100,100.0000,100.0100,100.00500,1.00,B",
                CSV.line(new TcaRow("AAPL", 34_200_000_000_123L, 1_000_100, 100, 1_000_000, 1_000_100)));
        assertEquals("AAPL,1,100.0000,5,100.0000,100.0100,100.00500,1.00,S",
                CSV.line(new TcaRow("AAPL", 1, 1_000_000, 5, 1_000_000, 1_000_100)));
        // at the mid; bid 10, ask 10.02: 0.02 / 10.01 * 10,000 = 19.98001... bps
        assertEquals("X,2,10.0100,1,10.0000,10.0200,10.01000,19.98,M", CSV.line(new TcaRow("X", 2, 100_100, 1, 100_000, 100_200)));
        // crossed: ask below bid, a negative spread
        assertEquals("X,3,10.0000,1,10.0200,10.0000,10.01000,-19.98,S", CSV.line(new TcaRow("X", 3, 100_000, 1, 100_200, 100_000)));
        // a half basis point rounds up: bid 1, ask 1.0001 over mid 1.00005 -> 0.99995 bps -> 1.00; 0.005 exactly
        assertEquals("Y,4,1.0000,1,1.0000,1.0001,1.00005,1.00,S", CSV.line(new TcaRow("Y", 4, 10_000, 1, 10_000, 10_001)));
        assertEquals("X,5,10.0000,1,,10.0100,,,", CSV.line(new TcaRow("X", 5, 100_000, 1, Quote.NO_PRICE, 100_100)));
        assertEquals("X,6,10.0000,1,9.9900,,,,", CSV.line(new TcaRow("X", 6, 100_000, 1, 99_900, Quote.NO_PRICE)));
        assertEquals("X,7,10.0000,1,,,,,", CSV.line(new TcaRow("X", 7, 100_000, 1, Quote.NO_PRICE, Quote.NO_PRICE)));
    }
}
