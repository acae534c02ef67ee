package dev.weir.pipelines.nexmark;

import dev.weir.nexmark.Bid;

/**
 * An immutable bid: the value a pipeline keeps in place of the generator's pooled {@link Bid}.
 *
 * @param auction the auction's id
 * @param bidder the bidder's person id
 * @param price the bid, in cents
 * @param dateTime the event time, in milliseconds since the epoch
 * @param extra the padding
 */
public record BidRecord(long auction, long bidder, long price, long dateTime, String extra) {
    /**
     * @param bid a pooled bid
     * @return its detached value
     */
    public static BidRecord of(final Bid bid) {
        return new BidRecord(bid.auction(), bid.bidder(), bid.price(), bid.dateTime(), bid.extra().toString());
    }
}
