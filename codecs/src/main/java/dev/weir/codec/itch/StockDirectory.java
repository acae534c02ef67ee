package dev.weir.codec.itch;

/**
 * Decodes {@code R}, Stock Directory: a stock's reference data for the day.
 * Units and form of the fields as {@link ItchMessage} gives them; offsets count from the type byte.
 */
public final class StockDirectory extends ItchMessage<StockDirectory> {
    /** A decoder pointing at no message yet. */
    public StockDirectory() {
        super(ItchMessageType.STOCK_DIRECTORY);
    }

    /** @return the stock symbol in {@link Alpha} form (8 bytes) */
    public long stock() {
        return alpha8(11);
    }

    /** @return the listing market category */
    public char marketCategory() {
        return ascii(19);
    }

    /** @return the financial status indicator */
    public char financialStatusIndicator() {
        return ascii(20);
    }

    /** @return the number of shares in a round lot */
    public long roundLotSize() {
        return u32(21);
    }

    /** @return {@code Y} if only round lots are accepted, else {@code N} */
    public char roundLotsOnly() {
        return ascii(25);
    }

    /** @return the issue classification */
    public char issueClassification() {
        return ascii(26);
    }

    /** @return the issue sub-type in {@link Alpha} form (2 bytes) */
    public long issueSubType() {
        return u16(27);
    }

    /** @return {@code P} for live production, {@code T} for test */
    public char authenticity() {
        return ascii(29);
    }

    /** @return {@code Y}, {@code N} or space when not available */
    public char shortSaleThresholdIndicator() {
        return ascii(30);
    }

    /** @return {@code Y}, {@code N} or space when not available */
    public char ipoFlag() {
        return ascii(31);
    }

    /** @return the limit up/limit down price tier: {@code 1}, {@code 2} or space */
    public char luldReferencePriceTier() {
        return ascii(32);
    }

    /** @return {@code Y} if an exchange traded product, {@code N}, or space */
    public char etpFlag() {
        return ascii(33);
    }

    /** @return the exchange traded product's leverage factor */
    public long etpLeverageFactor() {
        return u32(34);
    }

    /** @return {@code Y} if an inverse exchange traded product, else {@code N} */
    public char inverseIndicator() {
        return ascii(38);
    }
}
