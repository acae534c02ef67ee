package dev.weir.pipelines.nexmark;

import dev.weir.api.DataStream;

/**
 * Nexmark query 22, get URL directories: every bid with the third, fourth and fifth pieces of its url split at
 * {@code /}, as the SQL's {@code SPLIT_INDEX(url, '/', 3)} ... {@code 5} (pieces counted from 0, every piece kept,
 * empty ones included: {@code https://www.nexmark.com/a/b/c/item.htm} gives {@code a}, {@code b}, {@code c}). A
 * piece past the url's last one is null and prints as an empty field; an empty url has no pieces. CSV columns
 * {@code auction,bidder,price,channel,dir1,dir2,dir3} (texts as {@link CsvText}).
 */
public final class Q22UrlDirectories {
    /** The CSV header. */
    public static final String HEADER = "auction,bidder,price,channel,dir1,dir2,dir3";
    private static final char SEPARATOR = '/';

    private Q22UrlDirectories() {
    }

    /**
     * @param events the Nexmark events
     * @return one CSV row per bid
     */
    public static DataStream<String> rows(final DataStream<EventRecord> events) {
        return NexmarkStreams.bids(events).map(bid -> bid.auction() + "," + bid.bidder() + "," + bid.price() + "," + CsvText.field(bid.channel())
                + "," + field(piece(bid.url(), 3)) + "," + field(piece(bid.url(), 4)) + "," + field(piece(bid.url(), 5)));
    }

    /**
     * @param url a url
     * @param index a piece's position, from 0
     * @return the piece of the url at that position when split at every {@code /}, or null when the url has fewer
     *     pieces (an empty url has none)
     */
    static String piece(final String url, final int index) {
        if (url.isEmpty() || index < 0) {
            return null;
        }
        int start = 0;
        for (int i = 0; i < index; i++) {
            final int slash = url.indexOf(SEPARATOR, start);
            if (slash < 0) {
                return null;
            }
            start = slash + 1;
        }
        final int end = url.indexOf(SEPARATOR, start);
        return url.substring(start, end < 0 ? url.length() : end);
    }

    private static String field(final String piece) {
        return piece == null ? "" : CsvText.field(piece);
    }
}
