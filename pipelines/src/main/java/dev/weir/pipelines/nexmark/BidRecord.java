package dev.weir.pipelines.nexmark;

import dev.weir.nexmark.Bid;

/**
 * An immutable bid: the value a pipeline keeps in place of the generator's pooled {@link Bid}.
 *
 * @param auction the auction's id
 * @param bidder the bidder's person id
 * @param price the bid, in cents
 * @param channel the channel the bid came through (Weir's extension of Beam's model, docs/nexmark.md)
 * @param url the channel's url (the same extension)
 * @param dateTime the event time, in milliseconds since the epoch
 * @param extra the padding
 */
public record BidRecord(long auction, long bidder, long price, String channel, String url, long dateTime, String extra) {
    /**
     * @param bid a pooled bid
     * @return its detached value
     */
    public static BidRecord of(final Bid bid) {
        return new BidRecord(bid.auction(), bid.bidder(), bid.price(), bid.channel().toString(), bid.url().toString(), bid.dateTime(),
                bid.extra().toString());
    }
}
