package dev.weir.nexmark;

import java.util.Random;

/** Fills a {@link Bid} from its event id and the event's seeded random draws. */
final class BidFiller {
    /** The average size of a bid, in bytes, that the padding aims at. */
    static final int AVERAGE_SIZE = 100;
    /** One bid in this many is on a random auction; the others on the newest hot auction. */
    static final int HOT_AUCTION_RATIO = 2;
    /** One bid in this many is by a random bidder; the others by the newest hot bidder. */
    static final int HOT_BIDDERS_RATIO = 4;
    /** Hot auctions are the first of each batch of this many auctions; hot bidders the second person of a batch. */
    static final int BATCH = 100;
    /** The bytes of the auction, bidder, price and time, counted in the padded size. */
    private static final int FIXED_SIZE = 8 + 8 + 8 + 8;

    private BidFiller() {
    }

    static void fill(final long eventId, final long time, final Random random, final Bid bid) {
        final long auction;
        if (random.nextInt(HOT_AUCTION_RATIO) > 0) {
            auction = IdSpace.lastAuction(eventId) / BATCH * BATCH;
        } else {
            auction = IdSpace.randomAuction(eventId, random);
        }
        bid.auction = auction + IdSpace.FIRST_AUCTION_ID;
        final long bidder;
        if (random.nextInt(HOT_BIDDERS_RATIO) > 0) {
            bidder = IdSpace.lastPerson(eventId) / BATCH * BATCH + 1;
        } else {
            bidder = IdSpace.randomPerson(eventId, random);
        }
        bid.bidder = bidder + IdSpace.FIRST_PERSON_ID;
        bid.price = RandomText.price(random);
        bid.dateTime = time;
        RandomText.fillExtra(random, FIXED_SIZE, AVERAGE_SIZE, bid.extra);
    }
}
