package dev.weir.pipelines.nexmark;

/**
 * Query 4's aggregate of one category: the sum and the number of its auctions' winning prices.
 *
 * @param sum the winning prices added, in cents
 * @param count how many auctions
 */
record PriceAverage(long sum, long count) {
    /**
     * @param winner an auction's winning bid, or a new one replacing the winner printed before
     * @return the aggregate with it: a new auction adds its price, a replacement swaps the old price for the new
     */
    PriceAverage with(final WinningBid winner) {
        return winner.replaced() == null
                ? new PriceAverage(sum + winner.bid().price(), count + 1)
                : new PriceAverage(sum - winner.replaced().price() + winner.bid().price(), count);
    }

    /** @return SQL's {@code AVG} of BIGINT, a BIGINT: the sum divided by the count, truncated */
    long average() {
        return sum / count;
    }
}
