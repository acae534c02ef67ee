package dev.weir.pipelines.trades;

import dev.weir.pipelines.replay.ResultRow;
import dev.weir.pipelines.replay.RowWriter;

/**
 * One row of the {@code ohlcv} pipeline: a symbol's bar over one 1-second window. Prices are written with
 * exactly 4 decimals (dollars). Immutable and thread-safe.
 *
 * @param symbol the symbol without padding
 * @param windowStart the window's start in milliseconds since midnight (it ends 1,000 ms later, exclusive)
 * @param open the first trade's price, 1/10,000 dollar
 * @param high the highest price, 1/10,000 dollar
 * @param low the lowest price, 1/10,000 dollar
 * @param close the last trade's price, 1/10,000 dollar
 * @param volume the shares traded
 * @param trades the number of trades
 */
public record OhlcvRow(String symbol, long windowStart, long open, long high, long low, long close, long volume, long trades)
        implements ResultRow {
    /**
     * @param symbol the symbol without padding
     * @param windowStart the window's start in milliseconds since midnight
     * @param bar the window's bar
     * @return the row
     */
    public static OhlcvRow of(final String symbol, final long windowStart, final OhlcvBar bar) {
        return new OhlcvRow(symbol, windowStart, bar.open(), bar.high(), bar.low(), bar.close(), bar.volume(), bar.trades());
    }

    @Override
    public void writeTo(final RowWriter row) {
        row.text(symbol).number(windowStart).fixed(open, 4).fixed(high, 4).fixed(low, 4).fixed(close, 4).number(volume)
            .number(trades);
    }
}
