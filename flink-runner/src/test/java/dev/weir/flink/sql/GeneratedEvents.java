package dev.weir.flink.sql;

import dev.weir.nexmark.Event;
import dev.weir.nexmark.GeneratorConfig;
import dev.weir.nexmark.NexmarkGenerator;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.types.Row;

/**
 * The first events of Weir's Nexmark generator ({@code dev.weir.nexmark}, default configuration), in the order it
 * emits them, twice over: as rows of {@link NexmarkEvents} for {@link NexmarkSql}, and as plain records that the
 * expectations of {@code NexmarkSqlGeneratedTest} are computed from. Both are copies of the pooled values.
 *
 * <p>Times: the generator's {@code dateTime} and {@code expires} are milliseconds since the epoch (base time 0 by
 * default); the benchmark's columns are {@code TIMESTAMP(3)}, here the same instant on the UTC clock, so the
 * windows of the SQL start at multiples of their size since 1970-01-01T00:00. The bids' {@code channel} and
 * {@code url}, which Beam's model does not have, are the generator's extension (docs/nexmark.md).
 */
final class GeneratedEvents {
    /** A person, copied. */
    record Person(long id, String name, String emailAddress, String creditCard, String city, String state,
            long dateTime, String extra) {
    }

    /** An auction, copied. */
    record Auction(long id, String itemName, String description, long initialBid, long reserve, long dateTime,
            long expires, long seller, long category, String extra) {
    }

    /** A bid, copied. */
    record Bid(long auction, long bidder, long price, String channel, String url, long dateTime, String extra) {
    }

    private final List<Row> rows = new ArrayList<>();
    private final List<Person> persons = new ArrayList<>();
    private final List<Auction> auctions = new ArrayList<>();
    private final List<Bid> bids = new ArrayList<>();
    private final List<Long> times = new ArrayList<>();

    private GeneratedEvents() {
    }

    /**
     * @param count how many events, from the first
     * @return the first {@code count} events of the default configuration
     */
    static GeneratedEvents first(final long count) {
        final GeneratedEvents events = new GeneratedEvents();
        final NexmarkGenerator generator = new NexmarkGenerator(GeneratorConfig.defaults().withEvents(count));
        final Event event = new Event();
        while (generator.next(event)) {
            events.add(event);
        }
        return events;
    }

    private void add(final Event event) {
        times.add(event.time());
        switch (event.kind()) {
            case PERSON -> {
                final dev.weir.nexmark.Person p = event.person();
                final Person person = new Person(p.id(), text(p.name()), text(p.emailAddress()), text(p.creditCard()),
                        text(p.city()), text(p.state()), p.dateTime(), text(p.extra()));
                persons.add(person);
                rows.add(Row.of(0, Row.of(person.id(), person.name(), person.emailAddress(), person.creditCard(),
                        person.city(), person.state(), timestamp(person.dateTime()), person.extra()), null, null));
            }
            case AUCTION -> {
                final dev.weir.nexmark.Auction a = event.auction();
                final Auction auction = new Auction(a.id(), text(a.itemName()), text(a.description()), a.initialBid(),
                        a.reserve(), a.dateTime(), a.expires(), a.seller(), a.category(), text(a.extra()));
                auctions.add(auction);
                rows.add(Row.of(1, null, Row.of(auction.id(), auction.itemName(), auction.description(),
                        auction.initialBid(), auction.reserve(), timestamp(auction.dateTime()),
                        timestamp(auction.expires()), auction.seller(), auction.category(), auction.extra()), null));
            }
            default -> {
                final dev.weir.nexmark.Bid b = event.bid();
                final Bid bid = new Bid(b.auction(), b.bidder(), b.price(), text(b.channel()), text(b.url()), b.dateTime(), text(b.extra()));
                bids.add(bid);
                rows.add(Row.of(2, null, null, Row.of(bid.auction(), bid.bidder(), bid.price(), bid.channel(), bid.url(),
                        timestamp(bid.dateTime()), bid.extra())));
            }
        }
    }

    /** @return the events as rows of {@link NexmarkEvents#TYPE}, in the generator's order */
    List<Row> rows() {
        return rows;
    }

    /** @return every event's time in milliseconds since the epoch, in the generator's order */
    List<Long> times() {
        return times;
    }

    /** @return the person events, in the generator's order */
    List<Person> persons() {
        return persons;
    }

    /** @return the auction events, in the generator's order */
    List<Auction> auctions() {
        return auctions;
    }

    /** @return the bid events, in the generator's order */
    List<Bid> bids() {
        return bids;
    }

    /**
     * @param millis milliseconds since the epoch
     * @return the {@code TIMESTAMP(3)} of that instant on the UTC clock
     */
    static LocalDateTime timestamp(final long millis) {
        return LocalDateTime.ofEpochSecond(Math.floorDiv(millis, 1000L), (int) Math.floorMod(millis, 1000L) * 1_000_000,
                ZoneOffset.UTC);
    }

    private static String text(final CharSequence text) {
        return text.toString();
    }
}
