package dev.weir.nexmark;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A deliberately plain Nexmark stream for tests, written from the published formulas: strings built with
 * {@link StringBuilder} and {@link String#format}, a new {@link Random} per event, every id and time recomputed from
 * scratch. It shares no code with the generator, so that the two can check each other.
 */
final class ReferenceStream {
    /** One reference event: its kind, id, time, watermark and fields by name, in the order of the model. */
    record Row(EventKind kind, long id, long time, long watermark, List<Object> fields) {
    }

    private static final String[] FIRST = "Peter,Paul,Luke,John,Saul,Vicky,Kate,Julie,Sarah,Deiter,Walter".split(",");
    private static final String[] LAST = "Shultz,Abrams,Spencer,White,Bartels,Walton,Smith,Jones,Noris".split(",");
    private static final String[] CITIES =
            "Phoenix,Los Angeles,San Francisco,Boise,Portland,Bend,Redmond,Seattle,Kent,Cheyenne".split(",");
    private static final String[] STATES = "AZ,CA,ID,OR,WA,WY".split(",");

    private ReferenceStream() {
    }

    /** All events of split {@code split} of {@code splits}, in the order the split produces them. */
    static List<Row> events(final long total, final int rate, final int group, final long baseTime, final int splits,
            final int split) {
        final long all = total == 0 ? Long.MAX_VALUE / (50L * 500L) : total;
        long share = all / splits;
        final long first = share * split;
        if (split == splits - 1) {
            share = all - share * (splits - 1);
        }
        final long delayUs = (1_000_000L + rate / 2) / rate * splits;
        final List<Row> rows = new ArrayList<>();
        for (long count = 0; count < share; count++) {
            final long number = count / group * group + count * 953 % group;
            final long eventId = first + number;
            final long time = baseTime + number * delayUs / 1000;
            final long watermark = baseTime + (count / group * group) * delayUs / 1000;
            final Random random = new Random(eventId);
            final long rem = eventId % 50;
            if (rem == 0) {
                rows.add(new Row(EventKind.PERSON, eventId, time, watermark, person(eventId, random, time)));
            } else if (rem <= 3) {
                final long horizonMs = baseTime + (number + 100L * 50 / 3) * delayUs / 1000 - time;
                rows.add(new Row(EventKind.AUCTION, eventId, time, watermark, auction(eventId, random, time, horizonMs)));
            } else {
                rows.add(new Row(EventKind.BID, eventId, time, watermark, bid(eventId, random, time)));
            }
        }
        return rows;
    }

    private static long personsBefore(final long eventId) {
        // the person of the event's run of fifty has been generated (or is being generated) at this event
        return eventId / 50;
    }

    private static long auctionsBefore(final long eventId) {
        final long rem = eventId % 50;
        if (rem == 0) {
            return eventId / 50 * 3 - 1;
        }
        if (rem <= 3) {
            return eventId / 50 * 3 + rem - 1;
        }
        return eventId / 50 * 3 + 2;
    }

    private static long randomBelow(final Random random, final long n) {
        return n < Integer.MAX_VALUE ? random.nextInt((int) n) : Math.abs(random.nextLong() % n);
    }

    private static long somePerson(final long eventId, final Random random) {
        final long people = personsBefore(eventId) + 1;
        final long active = Math.min(people, 1000);
        return people - active + randomBelow(random, active + 10);
    }

    private static long someAuction(final long eventId, final Random random) {
        final long max = auctionsBefore(eventId);
        final long min = Math.max(max - 100, 0);
        return min + randomBelow(random, max - min + 1 + 10);
    }

    private static String word(final Random random, final int maxLength) {
        final StringBuilder sb = new StringBuilder();
        for (int i = 3 + random.nextInt(maxLength - 3); i > 0; i--) {
            sb.append(random.nextInt(13) == 0 ? ' ' : (char) ('a' + random.nextInt(26)));
        }
        return sb.toString().trim();
    }

    private static String extra(final Random random, final int size, final int average) {
        if (size > average) {
            return "";
        }
        final int rest = average - size;
        final int delta = (int) Math.round(rest * 0.2);
        final int length = rest - delta + (delta == 0 ? 0 : random.nextInt(2 * delta));
        final StringBuilder sb = new StringBuilder();
        int value = 0;
        for (int i = 0; i < length; i++) {
            if (i % 6 == 0) {
                value = random.nextInt();
            }
            sb.append((char) ('a' + value % 26));
            value /= 26;
        }
        return sb.toString();
    }

    private static long price(final Random random) {
        return Math.round(Math.pow(10.0, random.nextDouble() * 6.0) * 100.0);
    }

    private static List<Object> person(final long eventId, final Random random, final long time) {
        final String name = FIRST[random.nextInt(FIRST.length)] + " " + LAST[random.nextInt(LAST.length)];
        final String email = word(random, 7) + "@" + word(random, 5) + ".com";
        final String card = String.format("%04d %04d %04d %04d", random.nextInt(10000), random.nextInt(10000),
                random.nextInt(10000), random.nextInt(10000));
        final String city = CITIES[random.nextInt(CITIES.length)];
        final String state = STATES[random.nextInt(STATES.length)];
        final int size = 8 + name.length() + email.length() + card.length() + city.length() + state.length();
        final String extra = extra(random, size, 200);
        return List.of(1000 + personsBefore(eventId), name, email, card, city, state, time, extra);
    }

    private static List<Object> auction(final long eventId, final Random random, final long time, final long horizonMs) {
        final long seller = 1000 + (random.nextInt(4) > 0 ? personsBefore(eventId) / 100 * 100 : somePerson(eventId, random));
        final long category = 10 + random.nextInt(5);
        final long initialBid = price(random);
        final long expires = time + 1 + randomBelow(random, Math.max(2 * horizonMs, 1));
        final String name = word(random, 20);
        final String description = word(random, 100);
        final long reserve = initialBid + price(random);
        final String extra = extra(random, 48 + name.length() + description.length(), 500);
        return List.of(1000 + auctionsBefore(eventId), name, description, initialBid, reserve, time, expires, seller,
                category, extra);
    }

    private static List<Object> bid(final long eventId, final Random random, final long time) {
        final long auction = 1000 + (random.nextInt(2) > 0 ? auctionsBefore(eventId) / 100 * 100 : someAuction(eventId, random));
        final long bidder = 1000 + (random.nextInt(4) > 0 ? personsBefore(eventId) / 100 * 100 + 1 : somePerson(eventId, random));
        final long price = price(random);
        return List.of(auction, bidder, price, time, extra(random, 32, 100));
    }

    /** The fields of a generated event, in the reference's order, as strings and longs. */
    static List<Object> fields(final Event event) {
        return switch (event.kind()) {
            case PERSON -> {
                final Person p = event.person();
                yield List.of(p.id(), p.name().toString(), p.emailAddress().toString(), p.creditCard().toString(),
                        p.city().toString(), p.state().toString(), p.dateTime(), p.extra().toString());
            }
            case AUCTION -> {
                final Auction a = event.auction();
                yield List.of(a.id(), a.itemName().toString(), a.description().toString(), a.initialBid(), a.reserve(),
                        a.dateTime(), a.expires(), a.seller(), a.category(), a.extra().toString());
            }
            case BID -> {
                final Bid b = event.bid();
                yield List.of(b.auction(), b.bidder(), b.price(), b.dateTime(), b.extra().toString());
            }
        };
    }
}
