package dev.weir.pipelines.generate;

import dev.weir.codec.itch.Alpha;

/**
 * The stocks a generated ITCH day lists: well-known tickers with a plausible price first, then made-up
 * three- and four-letter ones (starting {@code ZZ}, so they never clash with the real ones) for larger counts.
 * Stateless and thread-safe.
 */
final class ListedStocks {
    /** The most stocks a generated day lists. */
    static final int MAX = 5_000;
    private static final String[] TICKERS = {
        "AAPL", "MSFT", "NVDA", "AMZN", "GOOGL", "META", "TSLA", "AVGO", "COST", "NFLX", "AMD", "PEP", "ADBE", "CSCO", "INTC",
        "QCOM", "TXN", "AMGN", "INTU", "SBUX", "BKNG", "ISRG", "GILD", "MDLZ", "ADP", "REGN", "VRTX", "PANW", "MU", "LRCX",
        "ADI", "KLAC", "SNPS", "CDNS", "MRVL", "PYPL", "ABNB", "CRWD", "FTNT", "ORLY", "MAR", "CTAS", "PDD", "ASML", "CSX",
        "MNST", "KDP", "ROST", "PCAR", "PAYX", "ODFL", "CPRT", "AEP", "EXC", "XEL", "IDXX", "FAST", "EA", "DXCM", "ZS",
    };
    /** Dollars, whole: a realistic level for each of {@link #TICKERS}. */
    private static final int[] DOLLARS = {
        190, 420, 120, 180, 170, 500, 250, 160, 900, 650, 160, 170, 500, 50, 30,
        170, 200, 300, 650, 90, 3_900, 400, 70, 70, 240, 1_000, 480, 330, 110, 90,
        220, 700, 560, 300, 70, 65, 140, 350, 70, 1_000, 250, 170, 110, 900, 35,
        55, 33, 150, 100, 130, 200, 55, 90, 40, 60, 480, 70, 140, 80, 190,
    };

    private ListedStocks() {
    }

    /**
     * @param index 0 to {@link #MAX} - 1
     * @return the stock's symbol
     */
    static String symbol(final int index) {
        if (index < TICKERS.length) {
            return TICKERS[index];
        }
        // ZZA, ZZB, ... ZZZ, then ZZAA ... : distinct and at most 8 characters for any index below MAX
        int rest = index - TICKERS.length;
        final StringBuilder letters = new StringBuilder();
        do {
            letters.insert(0, (char) ('A' + rest % 26));
            rest = rest / 26 - 1;
        } while (rest >= 0);
        return "ZZ" + letters;
    }

    /** @return the stock's symbol in Alpha form (8 bytes) */
    static long stock(final int index) {
        return Alpha.encode(symbol(index), 8);
    }

    /** @return the stock's price at the open, 4-decimal fixed point */
    static long openingPrice(final int index) {
        final long dollars = index < DOLLARS.length ? DOLLARS[index] : 10 + (index * 37L) % 190;
        return dollars * 10_000;
    }
}
