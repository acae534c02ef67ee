package dev.weir.perf;

import java.util.Arrays;
import org.agrona.collections.Long2LongHashMap;
import org.agrona.collections.Long2ObjectHashMap;

/**
 * The 1 s OHLCV bars of {@link ReplayBaseline} that are still open, per symbol and window, fired by a watermark
 * of bounded out-of-orderness that follows every trade: {@code watermark = max event time - bound - 1}; a
 * window {@code [start, start + 1000)} fires once {@code watermark >= start + 999}, and a trade for a window
 * that has fired is late and dropped. Bars of one firing are emitted by window, then by symbol in the order
 * the symbols were first seen, so a capture always gives the same sequence of bars.
 *
 * <p>Bars live in an Agrona {@link Long2ObjectHashMap} keyed by {@code windowIndex << 32 | symbolIndex}, and
 * come from a pool of reused {@link Bar} objects: once the pool and maps have grown to the peak of open bars,
 * a trade allocates nothing. Shared by {@link ReplayBaseline} and the ceiling of {@code weir bench ohlcv}. Not
 * thread-safe.
 */
public final class OpenBars {
    private static final long WINDOW_MILLIS = 1_000;

    private final long outOfOrdernessMillis;
    private final Long2LongHashMap symbolIndexes = new Long2LongHashMap(-1);
    private long[] symbols = new long[1024];
    private final Long2ObjectHashMap<Bar> bars = new Long2ObjectHashMap<>(4096, 0.65f);
    private Bar[] pool = new Bar[0];
    private int pooled;
    private long[] firing = new long[1024];
    private long maxEventTime = Long.MIN_VALUE;
    private long watermark = Long.MIN_VALUE;
    private long earliestOpenEnd = Long.MAX_VALUE;
    private long late;
    private long emitted;

    /** @param outOfOrdernessMillis the watermarks' bound, milliseconds */
    public OpenBars(final long outOfOrdernessMillis) {
        this.outOfOrdernessMillis = outOfOrdernessMillis;
    }

    /**
     * Adds a trade to its bar, then fires the bars the advanced watermark closes.
     *
     * @param symbol the stock, in Alpha form
     * @param eventTimeMillis milliseconds since midnight
     * @param price 1/10,000 dollar
     * @param shares shares traded
     * @param sink receives fired bars
     */
    public void trade(final long symbol, final long eventTimeMillis, final long price, final long shares, final BarSink sink) {
        final long windowIndex = eventTimeMillis / WINDOW_MILLIS;
        final long windowEnd = (windowIndex + 1) * WINDOW_MILLIS;
        if (windowEnd - 1 <= watermark) {
            late++;
            return;
        }
        final long key = windowIndex << 32 | symbolIndex(symbol);
        Bar bar = bars.get(key);
        if (bar == null) {
            bar = pooled > 0 ? pool[--pooled] : new Bar();
            bar.open(symbol, price);
            bars.put(key, bar);
            earliestOpenEnd = Math.min(earliestOpenEnd, windowEnd);
        }
        bar.add(price, shares);
        if (eventTimeMillis > maxEventTime) {
            maxEventTime = eventTimeMillis;
            watermark = maxEventTime - outOfOrdernessMillis - 1;
            if (watermark >= earliestOpenEnd - 1) {
                fire(sink);
            }
        }
    }

    /**
     * Fires every open bar, as the watermark at the end of the input does.
     *
     * @param sink receives the bars
     */
    public void endOfInput(final BarSink sink) {
        watermark = Long.MAX_VALUE;
        fire(sink);
    }

    /** @return trades dropped because their window had fired */
    public long late() {
        return late;
    }

    /** @return bars emitted */
    public long emitted() {
        return emitted;
    }

    /** @return symbols seen */
    public int symbolCount() {
        return symbolIndexes.size();
    }

    private long symbolIndex(final long symbol) {
        long index = symbolIndexes.get(symbol);
        if (index < 0) {
            index = symbolIndexes.size();
            if (index == symbols.length) {
                symbols = Arrays.copyOf(symbols, symbols.length * 2);
            }
            symbols[(int) index] = symbol;
            symbolIndexes.put(symbol, index);
        }
        return index;
    }

    private void fire(final BarSink sink) {
        int count = 0;
        long nextEarliest = Long.MAX_VALUE;
        for (final Long2ObjectHashMap<Bar>.KeyIterator keys = bars.keySet().iterator(); keys.hasNext();) {
            final long key = keys.nextLong();
            final long windowEnd = ((key >>> 32) + 1) * WINDOW_MILLIS;
            if (windowEnd - 1 <= watermark) {
                if (count == firing.length) {
                    firing = Arrays.copyOf(firing, count * 2);
                }
                firing[count++] = key;
            } else {
                nextEarliest = Math.min(nextEarliest, windowEnd);
            }
        }
        earliestOpenEnd = nextEarliest;
        // window index in the high half, symbol index in the low half: sorting the keys orders by window, then symbol
        Arrays.sort(firing, 0, count);
        for (int i = 0; i < count; i++) {
            final long key = firing[i];
            final Bar bar = bars.remove(key);
            emitted++;
            sink.bar(bar.symbol, (key >>> 32) * WINDOW_MILLIS, bar.open, bar.high, bar.low, bar.close, bar.volume, bar.trades);
            if (pooled == pool.length) {
                pool = Arrays.copyOf(pool, Math.max(64, pooled * 2));
            }
            pool[pooled++] = bar;
        }
    }

    /** One symbol's bar of one window, refilled in place when it comes back from the pool. */
    private static final class Bar {
        long symbol;
        long open;
        long high;
        long low;
        long close;
        long volume;
        long trades;

        void open(final long stock, final long price) {
            symbol = stock;
            open = price;
            high = price;
            low = price;
            close = price;
            volume = 0;
            trades = 0;
        }

        void add(final long price, final long shares) {
            high = Math.max(high, price);
            low = Math.min(low, price);
            close = price;
            volume += shares;
            trades++;
        }
    }
}
