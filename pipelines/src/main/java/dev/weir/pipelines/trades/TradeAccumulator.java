package dev.weir.pipelines.trades;

/**
 * What a trade pipeline keeps per symbol and window instead of the pooled trades themselves: it copies what it
 * needs out of each {@link TradePrint}. Implementations are plain classes of mutable primitive fields, so that a
 * state backend can write them and read them back in place. Not thread-safe.
 *
 * @param <A> the implementation's own type
 */
public interface TradeAccumulator<A extends TradeAccumulator<A>> {
    /**
     * @param trade a trade, after those already added; read now, never kept
     * @return this accumulator, updated
     */
    A add(TradePrint trade);

    /**
     * @param other another accumulator of the same symbol (merging windows)
     * @return this accumulator, with the other's trades added
     */
    A merge(A other);
}
