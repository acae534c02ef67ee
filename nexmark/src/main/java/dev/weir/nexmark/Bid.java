package dev.weir.nexmark;

/**
 * A bid on an auction. Mutable and reused: the generator refills one instance per event; take a {@link #copy()} to
 * keep it.
 */
public final class Bid {
    final AsciiText extra = new AsciiText(128);
    final AsciiText channel = new AsciiText(16);
    final AsciiText url = new AsciiText(96);
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

    /**
     * The channel the bid came through: {@code Google}, {@code Facebook}, {@code Baidu}, {@code Apple} or
     * {@code channel-n}. Not in Beam's model: Weir's extension for the queries that read it (docs/nexmark.md).
     */
    public CharSequence channel() {
        return channel;
    }

    /** The channel's url, with {@code &channel_id=n} for most non-hot channels. Not in Beam's model, as {@link #channel()}. */
    public CharSequence url() {
        return url;
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
        channel.copyTo(target.channel);
        url.copyTo(target.url);
    }

    @Override
    public String toString() {
        return "Bid{auction=" + auction + ", bidder=" + bidder + ", price=" + price + ", dateTime=" + dateTime
                + ", channel=" + channel + ", url=" + url + ", extra=" + extra + '}';
    }
}
