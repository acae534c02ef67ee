package dev.weir.pipelines.nexmark;

import dev.weir.api.DataStream;
import java.math.BigDecimal;

/**
 * Nexmark query 1, currency conversion: every bid with its price times 0.908 (dollars to euros). In the SQL,
 * {@code 0.908 * price} multiplies a {@code DECIMAL(3, 3)} by a {@code BIGINT} ({@code DECIMAL(19, 0)}), which gives a
 * {@code DECIMAL(23, 3)}: the exact product, never rounded. Here it is {@code price * 908} with scale 3, exact as long
 * as the price is below {@code Long.MAX_VALUE / 908} (generated prices are below 10^8). CSV columns
 * {@code auction,bidder,price,dateTime,extra}: {@code price} with exactly three decimals ({@code 29537.240} for 32530,
 * {@code 0.908}, {@code 908.000}), {@code dateTime} as {@link SqlTimestamp}, {@code extra} as {@link CsvText}.
 */
public final class Q1CurrencyConversion {
    /** The CSV header. */
    public static final String HEADER = "auction,bidder,price,dateTime,extra";
    private static final int SCALE = 3;
    private static final long RATE_THOUSANDTHS = 908L;

    private Q1CurrencyConversion() {
    }

    /**
     * @param events the Nexmark events
     * @return one CSV row per bid, with the bid's time
     */
    public static DataStream<String> rows(final DataStream<EventRecord> events) {
        return NexmarkStreams.bids(events).map(Q1CurrencyConversion::row);
    }

    /**
     * @param dollars a price
     * @return {@code 0.908 * dollars} as a {@code DECIMAL(23, 3)}
     * @throws ArithmeticException if the product overflows a long
     */
    public static BigDecimal euros(final long dollars) {
        return BigDecimal.valueOf(Math.multiplyExact(dollars, RATE_THOUSANDTHS), SCALE);
    }

    private static String row(final BidRecord bid) {
        return bid.auction() + "," + bid.bidder() + "," + euros(bid.price()).toPlainString() + ","
                + SqlTimestamp.format(bid.dateTime()) + "," + CsvText.field(bid.extra());
    }
}
