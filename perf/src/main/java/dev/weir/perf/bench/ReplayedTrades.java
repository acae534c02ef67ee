package dev.weir.perf.bench;

import dev.weir.perf.harness.EventFactory;

/**
 * The input of {@code ohlcv}: the trades of a decoded capture ({@link DecodedTrades}) handed out in order, each pass
 * over the capture shifted in time by whole seconds past the previous one when a run needs more events than the
 * capture has. A pool of pre-allocated events refilled in place: allocates nothing. Not thread-safe: used by one
 * generating thread.
 */
final class ReplayedTrades implements EventFactory<ReplayedTrade> {
    private final DecodedTrades trades;
    private final long passNanos;
    private final ReplayedTrade[] pool;
    private final int mask;

    /**
     * @param trades the decoded capture
     * @param poolSize events in the pool (rounded up to a power of two), more than every system holds in flight
     */
    ReplayedTrades(final DecodedTrades trades, final int poolSize) {
        if (poolSize < 1 || poolSize > 1 << 30) {
            throw new IllegalArgumentException("the pool size must be within 1..2^30: " + poolSize);
        }
        this.trades = trades;
        this.passNanos = trades.passNanos();
        final int size = poolSize == 1 ? 1 : Integer.highestOneBit(poolSize - 1) << 1;
        this.pool = new ReplayedTrade[size];
        for (int i = 0; i < size; i++) {
            pool[i] = new ReplayedTrade();
        }
        this.mask = size - 1;
    }

    @Override
    public ReplayedTrade next(final long index, final long intendedNanos) {
        final long pass = index / trades.size();
        return trades.refill(pool[(int) (index & mask)], (int) (index % trades.size()), pass * passNanos, intendedNanos);
    }
}
