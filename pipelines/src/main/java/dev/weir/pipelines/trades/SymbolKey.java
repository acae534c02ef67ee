package dev.weir.pipelines.trades;

import dev.weir.codec.itch.Alpha;

/**
 * The key of a stock's trades: its 8-byte ITCH symbol field and, for output, the symbol without its padding.
 * {@link SymbolKeys} makes one instance per symbol on first sight, so keying a stream by it allocates nothing
 * per event. Equality and hash code come from the symbol field alone, the same in every JVM (key groups use
 * {@link #hashCode()}), and hold for copies a state backend reads back. Immutable and thread-safe.
 */
public final class SymbolKey {
    private final long symbol;
    private final String text;

    /** @param symbol the 8-byte symbol field in {@link Alpha} form */
    public SymbolKey(final long symbol) {
        this.symbol = symbol;
        this.text = Alpha.text(symbol, Long.BYTES);
    }

    /** @return the 8-byte symbol field in {@link Alpha} form, padding spaces included */
    public long symbol() {
        return symbol;
    }

    /** @return the symbol without its padding spaces, e.g. {@code AAPL} */
    public String text() {
        return text;
    }

    @Override
    public boolean equals(final Object other) {
        return other instanceof SymbolKey && ((SymbolKey) other).symbol == symbol;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(symbol);
    }

    @Override
    public String toString() {
        return text;
    }
}
