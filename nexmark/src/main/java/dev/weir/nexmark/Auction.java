package dev.weir.nexmark;

/**
 * An auction a person opens. Mutable and reused: the generator refills one instance per event; take a {@link #copy()}
 * to keep it.
 */
public final class Auction {
    final AsciiText itemName = new AsciiText(20);
    final AsciiText description = new AsciiText(100);
    final AsciiText extra = new AsciiText(600);
    long id;
    long initialBid;
    long reserve;
    long dateTime;
    long expires;
    long seller;
    long category;

    /** The auction's id, from 1000 up, three per fifty events. */
    public long id() {
        return id;
    }

    /** A random item name, up to 19 characters. */
    public CharSequence itemName() {
        return itemName;
    }

    /** A random description, up to 99 characters. */
    public CharSequence description() {
        return description;
    }

    /** The opening price, in cents. */
    public long initialBid() {
        return initialBid;
    }

    /** The lowest price the seller accepts, in cents: the initial bid plus a random price. */
    public long reserve() {
        return reserve;
    }

    /** The opening's event time, in milliseconds since the epoch. */
    public long dateTime() {
        return dateTime;
    }

    /** When the auction closes, in event-time milliseconds: after the opening, twice the in-flight horizon at most. */
    public long expires() {
        return expires;
    }

    /** The seller's person id. */
    public long seller() {
        return seller;
    }

    /** The category, 10 to 14. */
    public long category() {
        return category;
    }

    /** Padding that brings the auction to 500 bytes on average. */
    public CharSequence extra() {
        return extra;
    }

    /** A detached copy of this auction, which later events do not change. */
    public Auction copy() {
        final Auction copy = new Auction();
        copyTo(copy);
        return copy;
    }

    void copyTo(final Auction target) {
        target.id = id;
        itemName.copyTo(target.itemName);
        description.copyTo(target.description);
        target.initialBid = initialBid;
        target.reserve = reserve;
        target.dateTime = dateTime;
        target.expires = expires;
        target.seller = seller;
        target.category = category;
        extra.copyTo(target.extra);
    }

    @Override
    public String toString() {
        return "Auction{id=" + id + ", itemName=" + itemName + ", description=" + description + ", initialBid="
                + initialBid + ", reserve=" + reserve + ", dateTime=" + dateTime + ", expires=" + expires + ", seller="
                + seller + ", category=" + category + ", extra=" + extra + '}';
    }
}
