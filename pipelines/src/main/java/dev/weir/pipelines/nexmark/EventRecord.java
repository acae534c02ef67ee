package dev.weir.pipelines.nexmark;

import dev.weir.nexmark.Event;
import dev.weir.nexmark.EventKind;

/**
 * An immutable Nexmark event, as {@link NexmarkSource} emits it: the member {@link #kind()} names is set, the other
 * two are null. Immutable values are what windows, joins and keyed state may hold: the generator's pooled
 * {@link Event} changes with the next event.
 *
 * @param kind what the event is
 * @param time the event time, in milliseconds since the epoch (the member's {@code dateTime})
 * @param person the person, or null
 * @param auction the auction, or null
 * @param bid the bid, or null
 */
public record EventRecord(EventKind kind, long time, PersonRecord person, AuctionRecord auction, BidRecord bid) {
    /**
     * @param event a pooled event
     * @return its detached value
     */
    public static EventRecord of(final Event event) {
        return switch (event.kind()) {
            case PERSON -> new EventRecord(EventKind.PERSON, event.time(), PersonRecord.of(event.person()), null, null);
            case AUCTION -> new EventRecord(EventKind.AUCTION, event.time(), null, AuctionRecord.of(event.auction()), null);
            case BID -> new EventRecord(EventKind.BID, event.time(), null, null, BidRecord.of(event.bid()));
        };
    }
}
