package dev.weir.pipelines.nexmark;

/**
 * The winning bid of one auction, as {@link WinningBidJoin} finds it: the highest of the auction's bids from its
 * opening to its expiry, the earliest of the highest on a tie.
 *
 * @param auction the auction
 * @param bid its winning bid
 * @param replaced the winning bid this one replaces, printed before; null when this is the auction's first
 */
public record WinningBid(AuctionRecord auction, BidRecord bid, BidRecord replaced) {
}
