package dev.weir.pipelines.trades;

import java.math.BigInteger;

/**
 * The accumulator of one symbol's VWAP in one window: the notional (the sum of price × shares, in 1/10,000
 * dollar × shares) as an unsigned 128-bit number in two longs, so that no sum of products of u32 prices and
 * shares can overflow, and the volume (the sum of shares). Plain mutable long fields, so a state backend can
 * write it and read it back into the same object. Not thread-safe: the window operator's task owns it.
 */
public final class VwapSums implements TradeAccumulator<VwapSums> {
    private long notionalHigh;
    private long notionalLow;
    private long volume;

    @Override
    public VwapSums add(final TradePrint trade) {
        return add(trade.price(), trade.shares());
    }

    /**
     * @param price a trade's price in 1/10,000 dollar, not negative
     * @param shares its shares, not negative
     * @return these sums
     */
    public VwapSums add(final long price, final long shares) {
        addNotional(Math.multiplyHigh(price, shares), price * shares);
        volume += shares;
        return this;
    }

    /**
     * @param other sums of the same symbol
     * @return these sums, with the other's added
     */
    @Override
    public VwapSums merge(final VwapSums other) {
        addNotional(other.notionalHigh, other.notionalLow);
        volume += other.volume;
        return this;
    }

    private void addNotional(final long high, final long low) {
        final long sum = notionalLow + low;
        // unsigned carry out of the low half
        notionalHigh += high + (Long.compareUnsigned(sum, notionalLow) < 0 ? 1 : 0);
        notionalLow = sum;
    }

    /** @return the sum of shares */
    public long volume() {
        return volume;
    }

    /** @return the sum of price × shares, exactly, in 1/10,000 dollar × shares */
    public BigInteger notional() {
        return new BigInteger(Long.toUnsignedString(notionalHigh)).shiftLeft(Long.SIZE)
            .add(new BigInteger(Long.toUnsignedString(notionalLow)));
    }

    /**
     * The volume-weighted average price, notional / volume, rounded half up to a whole 1/10,000 dollar (4
     * decimals): exact, since the division is done on the exact sums. Allocates: for when a window fires.
     *
     * @return the VWAP in 1/10,000 dollar; 0 when the volume is 0 (only trades of 0 shares)
     */
    public long vwap() {
        if (volume == 0) {
            return 0;
        }
        final BigInteger shares = BigInteger.valueOf(volume);
        final BigInteger[] quotientAndRemainder = notional().divideAndRemainder(shares);
        final boolean up = quotientAndRemainder[1].shiftLeft(1).compareTo(shares) >= 0;
        return quotientAndRemainder[0].longValueExact() + (up ? 1 : 0);
    }
}
