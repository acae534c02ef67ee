package dev.weir.pipelines.nexmark;

/**
 * The text of a bid's seven columns in the bid view's order, {@code auction,bidder,price,channel,url,dateTime,extra}:
 * the whole bid, as queries 18, 19 and 20 select it. Numbers in decimal, texts as {@link CsvText}, {@code dateTime}
 * as {@link SqlTimestamp}.
 */
final class BidColumns {
    /** The columns' names. */
    static final String HEADER = "auction,bidder,price,channel,url,dateTime,extra";

    private BidColumns() {
    }

    /**
     * @param bid a bid
     * @return its seven columns, comma-separated
     */
    static String of(final BidRecord bid) {
        return bid.auction() + "," + bid.bidder() + "," + bid.price() + "," + CsvText.field(bid.channel()) + "," + CsvText.field(bid.url())
                + "," + SqlTimestamp.format(bid.dateTime()) + "," + CsvText.field(bid.extra());
    }
}
