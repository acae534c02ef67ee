package dev.weir.perf.bench;

import dev.weir.perf.harness.EventFactory;
import dev.weir.pipelines.replay.EventPool;

/**
 * The input of {@code ohlcv}: the trades of a decoded capture ({@link DecodedTrades}) handed out in order, each pass
 * over the capture shifted in time by whole seconds past the previous one when a run needs more events than the
 * capture has. A pool of pre-allocated events refilled in place: allocates nothing. Events must be asked for in
 * index order, as the harness does. Not thread-safe: used by one generating thread.
 */
final class ReplayedTrades implements EventFactory<ReplayedTrade> {
    private final DecodedTrades trades;
    private final long passNanos;
    private final EventPool<ReplayedTrade> pool;

    /**
     * @param trades the decoded capture
     * @param poolSize events in the pool (rounded up to a power of two), more than every system holds in flight
     */
    ReplayedTrades(final DecodedTrades trades, final int poolSize) {
        this.trades = trades;
        this.passNanos = trades.passNanos();
        this.pool = InputPool.of(poolSize, ReplayedTrade::new);
    }

    @Override
    public ReplayedTrade next(final long index, final long intendedNanos) {
        final long pass = index / trades.size();
        return trades.refill(pool.next(), (int) (index % trades.size()), pass * passNanos, intendedNanos);
    }
}
