package dev.weir.pipelines.nexmark;

/**
 * The three price levels of queries 15 to 17's {@code filter (where ...)} clauses: rank 1 below 10,000, rank 2 from
 * 10,000 to below 1,000,000, rank 3 from 1,000,000 (cents).
 */
public final class PriceRank {
    /** The lowest price of rank 2. */
    public static final long RANK2_FROM = 10_000L;
    /** The lowest price of rank 3. */
    public static final long RANK3_FROM = 1_000_000L;

    private PriceRank() {
    }

    /**
     * @param price a bid's price
     * @return its rank, 1, 2 or 3
     */
    public static int of(final long price) {
        if (price < RANK2_FROM) {
            return 1;
        }
        return price < RANK3_FROM ? 2 : 3;
    }
}
