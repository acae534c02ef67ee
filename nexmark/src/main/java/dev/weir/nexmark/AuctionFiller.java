package dev.weir.nexmark;

import java.util.Random;

/** Fills an {@link Auction} from its event id, its schedule and the event's seeded random draws. */
final class AuctionFiller {
    /** The average size of an auction, in bytes, that the padding aims at. */
    static final int AVERAGE_SIZE = 500;
    /** One auction in this many has a random seller; the others the newest hot seller. */
    static final int HOT_SELLERS_RATIO = 4;
    /** Hot sellers are the first person of each batch of this many. */
    static final int SELLER_BATCH = 100;
    static final long FIRST_CATEGORY = 10L;
    static final int CATEGORIES = 5;
    private static final int ITEM_NAME = 20;
    private static final int DESCRIPTION = 100;
    /** The bytes of the id, initial bid, reserve, times, seller and category, counted in the padded size. */
    private static final int FIXED_SIZE = 8 + 8 + 8 + 8 + 8 + 8;
    /** The events after which {@link IdSpace#IN_FLIGHT_AUCTIONS} more auctions have opened. */
    static final long HORIZON_EVENTS = (long) IdSpace.IN_FLIGHT_AUCTIONS * IdSpace.RUN / IdSpace.AUCTIONS;

    private AuctionFiller() {
    }

    static void fill(final long eventId, final long count, final long time, final EventSchedule schedule, final Random random,
            final Auction auction) {
        auction.id = IdSpace.lastAuction(eventId) + IdSpace.FIRST_AUCTION_ID;
        final long seller;
        if (random.nextInt(HOT_SELLERS_RATIO) > 0) {
            seller = IdSpace.lastPerson(eventId) / SELLER_BATCH * SELLER_BATCH;
        } else {
            seller = IdSpace.randomPerson(eventId, random);
        }
        auction.seller = seller + IdSpace.FIRST_PERSON_ID;
        auction.category = FIRST_CATEGORY + random.nextInt(CATEGORIES);
        auction.initialBid = RandomText.price(random);
        final long horizon = schedule.time(schedule.shuffledNumber(count) + HORIZON_EVENTS) - time;
        auction.expires = time + 1L + IdSpace.below(random, Math.max(horizon * 2, 1L));
        auction.itemName.clear();
        RandomText.appendWord(random, ITEM_NAME, auction.itemName);
        auction.description.clear();
        RandomText.appendWord(random, DESCRIPTION, auction.description);
        auction.reserve = auction.initialBid + RandomText.price(random);
        auction.dateTime = time;
        final int size = FIXED_SIZE + auction.itemName.length() + auction.description.length();
        RandomText.fillExtra(random, size, AVERAGE_SIZE, auction.extra);
    }
}
