package dev.weir.nexmark;

/**
 * One Nexmark event, pooled: it holds one person, one auction and one bid, and the generator refills the one that
 * {@link #kind()} names. Its other two members keep stale values. Take a {@link #copy()} to keep an event.
 */
public final class Event {
    private final Person person = new Person();
    private final Auction auction = new Auction();
    private final Bid bid = new Bid();
    private EventKind kind = EventKind.PERSON;
    private long id;
    private long time;
    private long watermark;

    /** What this event is, which names the member that holds it. */
    public EventKind kind() {
        return kind;
    }

    /** The event id, unique over all generators of a configuration, which seeds the event's random draws. */
    public long id() {
        return id;
    }

    /** The event time, in milliseconds since the epoch (the member's {@code dateTime}). */
    public long time() {
        return time;
    }

    /** No later event of the same generator has an earlier time than this, in milliseconds since the epoch. */
    public long watermark() {
        return watermark;
    }

    /** The person, when {@link #kind()} is {@link EventKind#PERSON}. */
    public Person person() {
        return person;
    }

    /** The auction, when {@link #kind()} is {@link EventKind#AUCTION}. */
    public Auction auction() {
        return auction;
    }

    /** The bid, when {@link #kind()} is {@link EventKind#BID}. */
    public Bid bid() {
        return bid;
    }

    void set(final EventKind newKind, final long newId, final long newTime, final long newWatermark) {
        this.kind = newKind;
        this.id = newId;
        this.time = newTime;
        this.watermark = newWatermark;
    }

    /** A detached copy of this event, which later events do not change. */
    public Event copy() {
        final Event copy = new Event();
        copy.set(kind, id, time, watermark);
        switch (kind) {
            case PERSON -> person.copyTo(copy.person);
            case AUCTION -> auction.copyTo(copy.auction);
            default -> bid.copyTo(copy.bid);
        }
        return copy;
    }

    @Override
    public String toString() {
        final Object member = switch (kind) {
            case PERSON -> person;
            case AUCTION -> auction;
            default -> bid;
        };
        return "Event{kind=" + kind + ", id=" + id + ", time=" + time + ", watermark=" + watermark + ", " + member + '}';
    }
}
