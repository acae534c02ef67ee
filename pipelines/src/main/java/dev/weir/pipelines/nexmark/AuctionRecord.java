package dev.weir.pipelines.nexmark;

import dev.weir.nexmark.Auction;

/**
 * An immutable auction: the value a pipeline keeps in place of the generator's pooled {@link Auction}.
 *
 * @param id the auction id
 * @param itemName the item's name
 * @param description the description
 * @param initialBid the initial bid, in cents
 * @param reserve the reserve price, in cents
 * @param dateTime the event time, in milliseconds since the epoch
 * @param expires when the auction ends, in milliseconds since the epoch
 * @param seller the seller's person id
 * @param category the category, 10 to 14
 * @param extra the padding
 */
public record AuctionRecord(long id, String itemName, String description, long initialBid, long reserve, long dateTime,
        long expires, long seller, long category, String extra) {
    /**
     * @param auction a pooled auction
     * @return its detached value
     */
    public static AuctionRecord of(final Auction auction) {
        return new AuctionRecord(auction.id(), auction.itemName().toString(), auction.description().toString(),
                auction.initialBid(), auction.reserve(), auction.dateTime(), auction.expires(), auction.seller(),
                auction.category(), auction.extra().toString());
    }
}
