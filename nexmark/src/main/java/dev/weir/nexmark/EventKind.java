package dev.weir.nexmark;

/** What a Nexmark event is: a new person, a new auction, or a bid on an auction. */
public enum EventKind {
    /** A person registers (one event in fifty). */
    PERSON,
    /** A person opens an auction (three events in fifty). */
    AUCTION,
    /** A person bids on an auction (forty-six events in fifty). */
    BID
}
