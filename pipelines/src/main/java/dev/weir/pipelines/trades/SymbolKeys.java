package dev.weir.pipelines.trades;

import org.agrona.collections.Long2ObjectHashMap;

/**
 * Interns {@link SymbolKey}s: one instance per symbol, made the first time the symbol is seen, and a look-up by
 * ITCH stock locate code for messages that name the stock only by locate (an execution names its order, the
 * order its locate). A locate maps to the symbol last seen with it, so a locate the exchange gives another stock
 * on a later day follows it. Allocates only for a new symbol. Not thread-safe: the decoder's thread owns it.
 */
public final class SymbolKeys {
    /** Stock locate codes are unsigned 16-bit numbers. */
    private static final int LOCATES = 1 << 16;

    private final SymbolKey[] byLocate = new SymbolKey[LOCATES];
    private final Long2ObjectHashMap<SymbolKey> bySymbol = new Long2ObjectHashMap<>();

    /**
     * @param locate the stock locate code, 0 to 65,535
     * @param symbol the 8-byte symbol field in {@code Alpha} form
     * @return the symbol's one key; the locate maps to it from now on
     */
    public SymbolKey intern(final int locate, final long symbol) {
        final SymbolKey cached = byLocate[locate];
        if (cached != null && cached.symbol() == symbol) {
            return cached;
        }
        SymbolKey key = bySymbol.get(symbol);
        if (key == null) {
            key = new SymbolKey(symbol);
            bySymbol.put(symbol, key);
        }
        byLocate[locate] = key;
        return key;
    }

    /**
     * @param locate a stock locate code, 0 to 65,535
     * @return the key of the symbol last interned with the locate, or null if none was
     */
    public SymbolKey ofLocate(final int locate) {
        return byLocate[locate];
    }

    /** @return the number of distinct symbols seen */
    public int size() {
        return bySymbol.size();
    }
}
