package dev.weir.pipelines.nexmark;

import dev.weir.api.DataStream;

/**
 * Nexmark query 14, calculation: the bids whose price in euros, {@code 0.908 * price} (the exact
 * {@code DECIMAL(23, 3)} of {@link Q1CurrencyConversion#euros}), lies strictly between 1,000,000 and 50,000,000, with
 * the time of day they came in and the number of {@code c}s in their padding ({@code count_char(extra, 'c')}).
 * {@code bidTimeType} is the SQL's {@code CASE} on {@code HOUR(dateTime)} (UTC): {@code dayTime} from 8 to 18,
 * {@code nightTime} up to 6 and from 20, {@code otherTime} at 7 and 19. CSV columns
 * {@code auction,bidder,price,bidTimeType,dateTime,extra,c_counts}, {@code price} with exactly three decimals,
 * {@code dateTime} as {@link SqlTimestamp}, {@code extra} as {@link CsvText}.
 */
public final class Q14Calculation {
    /** The CSV header. */
    public static final String HEADER = "auction,bidder,price,bidTimeType,dateTime,extra,c_counts";
    /** The lower bound of the price in euros, exclusive, in thousandths. */
    private static final long ABOVE_THOUSANDTHS = 1_000_000_000L;
    /** The upper bound of the price in euros, exclusive, in thousandths. */
    private static final long BELOW_THOUSANDTHS = 50_000_000_000L;
    private static final long RATE_THOUSANDTHS = 908L;

    private Q14Calculation() {
    }

    /**
     * @param events the Nexmark events
     * @return one CSV row per bid in the price range, with the bid's time
     */
    public static DataStream<String> rows(final DataStream<EventRecord> events) {
        return NexmarkStreams.bids(events).filter(Q14Calculation::inRange).map(Q14Calculation::row);
    }

    /**
     * @param hour {@code HOUR(dateTime)}, 0 to 23
     * @return {@code dayTime}, {@code nightTime} or {@code otherTime}
     */
    public static String bidTimeType(final int hour) {
        if (hour >= 8 && hour <= 18) {
            return "dayTime";
        }
        return hour <= 6 || hour >= 20 ? "nightTime" : "otherTime";
    }

    /**
     * @param text a text
     * @param character the character counted
     * @return how many times the character occurs in the text
     */
    public static long countChar(final String text, final char character) {
        long count = 0;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == character) {
                count++;
            }
        }
        return count;
    }

    private static boolean inRange(final BidRecord bid) {
        final long thousandths = Math.multiplyExact(bid.price(), RATE_THOUSANDTHS);
        return thousandths > ABOVE_THOUSANDTHS && thousandths < BELOW_THOUSANDTHS;
    }

    private static String row(final BidRecord bid) {
        return bid.auction() + "," + bid.bidder() + "," + Q1CurrencyConversion.euros(bid.price()).toPlainString() + ","
                + bidTimeType(SqlDateFormat.hour(bid.dateTime())) + "," + SqlTimestamp.format(bid.dateTime()) + ","
                + CsvText.field(bid.extra()) + "," + countChar(bid.extra(), 'c');
    }
}
