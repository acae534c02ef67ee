package dev.weir.pipelines.nexmark;

/**
 * Query 5's count of one auction's bids in one sliding window.
 *
 * @param auction the auction's id
 * @param bids how many bids it got in the window
 * @param windowEnd the window's end, exclusive, in milliseconds since the epoch
 */
public record AuctionBids(long auction, long bids, long windowEnd) {
}
