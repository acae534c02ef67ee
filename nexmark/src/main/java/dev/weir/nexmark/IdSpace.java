package dev.weir.nexmark;

import java.util.Random;

/**
 * How event ids map to kinds and to person and auction ids. In every run of fifty event ids the first is a person,
 * the next three are auctions and the other forty-six are bids, so the newest person and auction ids follow from the
 * event id alone, whichever generator produces it. Ids are counted from 0 here ("base 0"); the events add
 * {@link #FIRST_PERSON_ID} and {@link #FIRST_AUCTION_ID}.
 */
final class IdSpace {
    /** The id of the first person. */
    static final long FIRST_PERSON_ID = 1_000L;
    /** The id of the first auction. */
    static final long FIRST_AUCTION_ID = 1_000L;
    /** Persons in each run of {@link #RUN} events. */
    static final int PERSONS = 1;
    /** Auctions in each run of {@link #RUN} events. */
    static final int AUCTIONS = 3;
    /** Bids in each run of {@link #RUN} events. */
    static final int BIDS = 46;
    /** The events of one run: a person, then auctions, then bids. */
    static final int RUN = PERSONS + AUCTIONS + BIDS;
    /** The people a random pick draws from: the newest ones. */
    static final int ACTIVE_PEOPLE = 1_000;
    /** The auctions a random pick draws from: the newest ones, which may still be open. */
    static final int IN_FLIGHT_AUCTIONS = 100;
    /** How many ids beyond the newest a random pick may return (people or auctions not generated yet). */
    static final int LEAD = 10;
    /** The largest average event size, in bytes (an auction's). */
    private static final int LARGEST_AVERAGE_SIZE = 500;
    /** The number of events of an unbounded configuration (0 events): small enough that sizes do not overflow. */
    static final long UNBOUNDED_EVENTS = Long.MAX_VALUE / ((long) RUN * LARGEST_AVERAGE_SIZE);

    private IdSpace() {
    }

    /** What the event with id {@code eventId} is. */
    static EventKind kind(final long eventId) {
        final long offset = eventId % RUN;
        if (offset < PERSONS) {
            return EventKind.PERSON;
        }
        return offset < PERSONS + AUCTIONS ? EventKind.AUCTION : EventKind.BID;
    }

    /** The newest person id (base 0) at event {@code eventId}: the new person's own id if it is a person event. */
    static long lastPerson(final long eventId) {
        final long run = eventId / RUN;
        final long offset = Math.min(eventId % RUN, PERSONS - 1);
        return run * PERSONS + offset;
    }

    /** The newest auction id (base 0) at event {@code eventId}: the new auction's own id if it is an auction event. */
    static long lastAuction(final long eventId) {
        long run = eventId / RUN;
        long offset = eventId % RUN;
        if (offset < PERSONS) {
            run--;
            offset = AUCTIONS - 1;
        } else if (offset >= PERSONS + AUCTIONS) {
            offset = AUCTIONS - 1;
        } else {
            offset -= PERSONS;
        }
        return run * AUCTIONS + offset;
    }

    /** A random person id (base 0) among the active people at {@code eventId}, or a few beyond the newest. */
    static long randomPerson(final long eventId, final Random random) {
        final long people = lastPerson(eventId) + 1;
        final long active = Math.min(people, ACTIVE_PEOPLE);
        return people - active + below(random, active + LEAD);
    }

    /** A random auction id (base 0) among the in-flight auctions at {@code eventId}, or a few beyond the newest. */
    static long randomAuction(final long eventId, final Random random) {
        final long newest = lastAuction(eventId);
        final long oldest = Math.max(newest - IN_FLIGHT_AUCTIONS, 0);
        return oldest + below(random, newest - oldest + 1 + LEAD);
    }

    /**
     * A random long in {@code [0, bound)}: one {@code nextInt} below {@link Integer#MAX_VALUE}, else the absolute
     * value of {@code nextLong() % bound} (skewed, as the reference generator draws it).
     */
    static long below(final Random random, final long bound) {
        if (bound < Integer.MAX_VALUE) {
            return random.nextInt((int) bound);
        }
        return Math.abs(random.nextLong() % bound);
    }
}
