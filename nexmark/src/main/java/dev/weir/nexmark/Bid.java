package dev.weir.nexmark;

/**
 * A bid on an auction. Mutable and reused: the generator refills one instance per event; take a {@link #copy()} to
 * keep it.
 */
public final class Bid {
    final AsciiText extra = new AsciiText(128);
    long auction;
    long bidder;
    long price;
    long dateTime;

    /** The auction's id. */
    public long auction() {
        return auction;
    }

    /** The bidder's person id. */
    public long bidder() {
        return bidder;
    }

    /** The bid, in cents. */
    public long price() {
        return price;
    }

    /** The bid's event time, in milliseconds since the epoch. */
    public long dateTime() {
        return dateTime;
    }

    /** Padding that brings the bid to 100 bytes on average. */
    public CharSequence extra() {
        return extra;
    }

    /** A detached copy of this bid, which later events do not change. */
    public Bid copy() {
        final Bid copy = new Bid();
        copyTo(copy);
        return copy;
    }

    void copyTo(final Bid target) {
        target.auction = auction;
        target.bidder = bidder;
        target.price = price;
        target.dateTime = dateTime;
        extra.copyTo(target.extra);
    }

    @Override
    public String toString() {
        return "Bid{auction=" + auction + ", bidder=" + bidder + ", price=" + price + ", dateTime=" + dateTime
                + ", extra=" + extra + '}';
    }
}
