package dev.weir.perf;

/**
 * Receives the 1 s OHLCV bars {@link ReplayBaseline} computes, one call per bar, in primitives so that
 * passing a bar allocates nothing. Called on the baseline's thread.
 */
@FunctionalInterface
public interface BarSink {
    /**
     * @param symbol the stock symbol, an 8-byte ITCH text field held in a long
     *        ({@link dev.weir.codec.itch.Alpha} form)
     * @param windowStartMillis the bar's window start, milliseconds since midnight
     * @param open the first trade's price, 1/10,000 dollar
     * @param high the highest price, 1/10,000 dollar
     * @param low the lowest price, 1/10,000 dollar
     * @param close the last trade's price, 1/10,000 dollar
     * @param volume shares traded
     * @param trades trades printed
     */
    void bar(long symbol, long windowStartMillis, long open, long high, long low, long close, long volume, long trades);
}
