package dev.weir.pipelines.nexmark;

import dev.weir.nexmark.Bid;

/** The expected side's text of a generated bid's seven columns, written from the SQL's bid view. */
final class BidText {
    private BidText() {
    }

    /** @return {@code auction,bidder,price,channel,url,dateTime,extra} of the pooled bid */
    static String of(final Bid bid) {
        return bid.auction() + "," + bid.bidder() + "," + bid.price() + "," + QueryRun.text(bid.channel()) + "," + QueryRun.text(bid.url()) + ","
                + QueryRun.timestamp(bid.dateTime()) + "," + QueryRun.text(bid.extra());
    }
}
