package dev.weir.pipelines.tca;

import dev.weir.pipelines.replay.ResultRow;
import dev.weir.pipelines.replay.RowWriter;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * One row of {@code tca}: a trade and the top of book prevailing when it printed,
 * {@code symbol,ts,price,shares,bid,ask,mid,spread_bps,side_vs_mid}. {@code ts} is the ITCH timestamp in nanoseconds
 * since midnight; {@code price}, {@code bid} and {@code ask} have 4 decimals (dollars, as {@code ohlcv} writes them);
 * {@code mid} = (bid + ask) / 2 with 5 decimals, exact; {@code spread_bps} = (ask - bid) / mid × 10,000 rounded half
 * up (away from zero) to 2 decimals, negative for a crossed book; {@code side_vs_mid} is {@code B} for a price above
 * the mid, {@code S} below it, {@code M} at it. A side without orders leaves {@code bid} or {@code ask} empty, and then
 * {@code mid}, {@code spread_bps} and {@code side_vs_mid} too. Immutable and thread-safe.
 *
 * @param symbol the stock without padding
 * @param timestampNanos the trade's ITCH timestamp
 * @param price the trade's price, 1/10,000 dollar
 * @param shares the shares traded
 * @param bid the best bid before the trade, or {@link Quote#NO_PRICE}
 * @param ask the best ask before the trade, or {@link Quote#NO_PRICE}
 */
public record TcaRow(String symbol, long timestampNanos, long price, long shares, long bid, long ask) implements ResultRow {
    /**
     * @param trade a trade
     * @param top the top of book it met
     * @return its row
     */
    public static TcaRow of(final TcaTrade trade, final Quote top) {
        return new TcaRow(trade.symbol(), trade.timestampNanos(), trade.price(), trade.shares(), top.bid(), top.ask());
    }

    @Override
    public void writeTo(final RowWriter row) {
        row.text(symbol).number(timestampNanos).fixed(price, 4).number(shares);
        if (bid == Quote.NO_PRICE) {
            row.text("");
        } else {
            row.fixed(bid, 4);
        }
        if (ask == Quote.NO_PRICE) {
            row.text("");
        } else {
            row.fixed(ask, 4);
        }
        if (bid == Quote.NO_PRICE || ask == Quote.NO_PRICE) {
            row.text("").text("").text("");
            return;
        }
        final long sum = bid + ask; // twice the mid, in 1/10,000 dollar
        row.fixed(sum * 5, 5);
        // (ask - bid) / ((bid + ask) / 2) * 10,000 = (ask - bid) * 20,000 / (bid + ask)
        final BigDecimal bps = BigDecimal.valueOf(ask - bid).multiply(BigDecimal.valueOf(20_000))
                .divide(BigDecimal.valueOf(sum), 2, RoundingMode.HALF_UP);
        row.fixed(bps.unscaledValue().longValueExact(), 2);
        final long twice = price * 2;
        row.text(twice > sum ? "B" : twice < sum ? "S" : "M");
    }
}
