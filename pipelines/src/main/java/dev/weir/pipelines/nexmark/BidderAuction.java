package dev.weir.pipelines.nexmark;

/**
 * The key of query 18's deduplication: one bidder on one auction.
 *
 * @param bidder the bidder's person id
 * @param auction the auction's id
 */
record BidderAuction(long bidder, long auction) {
    /**
     * @param bid a bid
     * @return its bidder and auction
     */
    static BidderAuction of(final BidRecord bid) {
        return new BidderAuction(bid.bidder(), bid.auction());
    }
}
