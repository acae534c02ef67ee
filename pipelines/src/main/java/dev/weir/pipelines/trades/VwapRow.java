package dev.weir.pipelines.trades;

import dev.weir.pipelines.replay.ResultRow;
import dev.weir.pipelines.replay.RowWriter;

/**
 * One row of the {@code vwap} pipeline: a symbol's volume-weighted average price over one 5-minute window.
 * Immutable and thread-safe.
 *
 * @param symbol the symbol without padding
 * @param windowStart the window's start in milliseconds since midnight (inclusive)
 * @param windowEnd the window's end in milliseconds since midnight (exclusive)
 * @param vwap the VWAP in 1/10,000 dollar, rounded half up ({@link VwapSums#vwap()}); written with 4 decimals
 * @param volume the shares traded in the window
 */
public record VwapRow(String symbol, long windowStart, long windowEnd, long vwap, long volume) implements ResultRow {
    @Override
    public void writeTo(final RowWriter row) {
        row.text(symbol).number(windowStart).number(windowEnd).fixed(vwap, 4).number(volume);
    }
}
