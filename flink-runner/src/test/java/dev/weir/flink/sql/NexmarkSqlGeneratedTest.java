package dev.weir.flink.sql;

import static dev.weir.flink.sql.GeneratedEvents.timestamp;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.flink.sql.GeneratedEvents.Auction;
import dev.weir.flink.sql.GeneratedEvents.Bid;
import dev.weir.flink.sql.GeneratedEvents.Person;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.LongStream;
import org.apache.flink.types.Row;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The benchmark's own Nexmark queries on Flink SQL ({@link NexmarkSql}) over the first 100,000 events of Weir's
 * generator in its default configuration ({@link GeneratedEvents}), each result checked against a plain loop over
 * copies of the events written from the query's definition, independent of the SQL. Results compare as multisets.
 *
 * <p>Windows follow Flink SQL's: {@code TUMBLE(size)} puts an event at {@code t} in
 * {@code [t - t mod size, + size)}, {@code HOP(slide, size)} in every {@code [s, s + size)} with {@code s} a multiple
 * of the slide and {@code s <= t < s + size}; the events come in time order and the watermark lags 4 s, so none is
 * late, and at the end of the bounded input the watermark goes to the end of time: every window fires.
 */
class NexmarkSqlGeneratedTest {
    private static final long EVENTS = 100_000L;
    private static final long TEN_SECONDS = 10_000L;
    private static final long TWO_SECONDS = 2_000L;
    private static final int SHOWN = 5;

    private static GeneratedEvents events;

    @BeforeAll
    static void generate() {
        events = GeneratedEvents.first(EVENTS);
    }

    @Test
    void theGeneratedEventsAreInTimeOrder() {
        // what the plain loops below rely on: no event is behind the watermark, so no window drops one
        final List<Long> times = events.times();
        for (int i = 1; i < times.size(); i++) {
            assertTrue(times.get(i) >= times.get(i - 1), "event " + i + " at " + times.get(i) + " after " + times.get(i - 1));
        }
        assertEquals(EVENTS, events.rows().size());
        assertEquals(EVENTS, events.persons().size() + events.auctions().size() + events.bids().size());
    }

    @Test
    void q0PassesEveryBidThrough() throws Exception {
        final List<Row> expected = new ArrayList<>();
        for (final Bid bid : events.bids()) {
            expected.add(Row.of(bid.auction(), bid.bidder(), bid.price(), timestamp(bid.dateTime()), bid.extra()));
        }
        assertSameRows(expected, NexmarkSql.run("q0", events.rows()));
    }

    @Test
    void q1ConvertsEveryPriceToEurosAtScaleThree() throws Exception {
        // 0.908 (DECIMAL(3, 3)) * price (BIGINT): Flink's DECIMAL(23, 3), exact, so scale 3
        final BigDecimal rate = new BigDecimal("0.908");
        final List<Row> expected = new ArrayList<>();
        for (final Bid bid : events.bids()) {
            expected.add(Row.of(bid.auction(), bid.bidder(), rate.multiply(BigDecimal.valueOf(bid.price())),
                    timestamp(bid.dateTime()), bid.extra()));
        }
        assertSameRows(expected, NexmarkSql.run("q1", events.rows()));
    }

    @Test
    void q2KeepsTheBidsOfEvery123rdAuction() throws Exception {
        final List<Row> expected = new ArrayList<>();
        for (final Bid bid : events.bids()) {
            if (bid.auction() % 123 == 0) {
                expected.add(Row.of(bid.auction(), bid.price()));
            }
        }
        assertSameRows(expected, NexmarkSql.run("q2", events.rows()));
    }

    @Test
    void q3JoinsCategory10AuctionsWithTheirSellersInOregonIdahoAndCalifornia() throws Exception {
        final Set<String> states = Set.of("OR", "ID", "CA");
        final List<Row> expected = new ArrayList<>();
        for (final Auction auction : events.auctions()) {
            for (final Person person : events.persons()) {
                if (auction.seller() == person.id() && auction.category() == 10 && states.contains(person.state())) {
                    expected.add(Row.of(person.name(), person.city(), person.state(), auction.id()));
                }
            }
        }
        assertSameRows(expected, NexmarkSql.run("q3", events.rows()));
    }

    @Test
    void q5FindsTheAuctionsWithTheMostBidsInEachSlidingWindow() throws Exception {
        // HOP 2 s slide, 10 s size: bids per (window start, auction), then per window the auctions whose count is the
        // window's highest, each with its count
        final Map<Long, Map<Long, Long>> counts = new LinkedHashMap<>();
        for (final Bid bid : events.bids()) {
            final long last = bid.dateTime() - Math.floorMod(bid.dateTime(), TWO_SECONDS);
            for (long start = last; start > bid.dateTime() - TEN_SECONDS; start -= TWO_SECONDS) {
                counts.computeIfAbsent(start, s -> new HashMap<>()).merge(bid.auction(), 1L, Long::sum);
            }
        }
        final List<Row> expected = new ArrayList<>();
        for (final Map<Long, Long> window : counts.values()) {
            final long max = window.values().stream().mapToLong(Long::longValue).max().orElseThrow();
            window.forEach((auction, count) -> {
                if (count >= max) {
                    expected.add(Row.of(auction, count));
                }
            });
        }
        assertSameRows(expected, NexmarkSql.run("q5", events.rows()));
    }

    @Test
    void q7FindsTheHighestBidOfEachTumblingWindow() throws Exception {
        // TUMBLE 10 s: each window's highest price, at its end; then every bid of that price from 10 s before the
        // end to the end, both included (a bid at an end also matches the next window's maximum, if it is its price)
        final Map<Long, Long> maxByEnd = new LinkedHashMap<>();
        for (final Bid bid : events.bids()) {
            final long end = bid.dateTime() - Math.floorMod(bid.dateTime(), TEN_SECONDS) + TEN_SECONDS;
            maxByEnd.merge(end, bid.price(), Math::max);
        }
        final List<Row> expected = new ArrayList<>();
        maxByEnd.forEach((end, max) -> {
            for (final Bid bid : events.bids()) {
                if (bid.price() == max && bid.dateTime() >= end - TEN_SECONDS && bid.dateTime() <= end) {
                    expected.add(Row.of(bid.auction(), bid.price(), bid.bidder(), timestamp(bid.dateTime()), bid.extra()));
                }
            }
        });
        assertSameRows(expected, NexmarkSql.run("q7", events.rows()));
    }

    @Test
    void q8FindsThePersonsWhoOpenedAnAuctionInTheTumblingWindowTheyRegisteredIn() throws Exception {
        // TUMBLE 10 s: the distinct (person id, name, window start) and the distinct (seller, window start), joined
        record Registered(long id, String name, long start) {
        }
        record Selling(long seller, long start) {
        }
        final Set<Registered> registered = new HashSet<>();
        for (final Person person : events.persons()) {
            registered.add(new Registered(person.id(), person.name(), tumble(person.dateTime())));
        }
        final Set<Selling> selling = new HashSet<>();
        for (final Auction auction : events.auctions()) {
            selling.add(new Selling(auction.seller(), tumble(auction.dateTime())));
        }
        final List<Row> expected = new ArrayList<>();
        for (final Registered person : registered) {
            if (selling.contains(new Selling(person.id(), person.start()))) {
                expected.add(Row.of(person.id(), person.name(), timestamp(person.start())));
            }
        }
        assertSameRows(expected, NexmarkSql.run("q8", events.rows()));
    }

    @Test
    void q4AveragesTheWinningBidsOfEachCategoryOnceTheChangelogIsApplied() throws Exception {
        // an auction's winning bid: its highest among its bids from its opening to its expiry, both included (auctions
        // without such a bid have none); per category the AVG of those BIGINTs, a BIGINT: the sum divided, truncated
        final Map<Long, Auction> auctions = new HashMap<>();
        for (final Auction auction : events.auctions()) {
            auctions.put(auction.id(), auction);
        }
        final Map<Long, Long> winning = new HashMap<>();
        for (final Bid bid : events.bids()) {
            final Auction auction = auctions.get(bid.auction());
            if (auction != null && bid.dateTime() >= auction.dateTime() && bid.dateTime() <= auction.expires()) {
                winning.merge(auction.id(), bid.price(), Math::max);
            }
        }
        final Map<Long, long[]> sumAndCount = new HashMap<>();
        winning.forEach((auction, price) -> {
            final long[] category = sumAndCount.computeIfAbsent(auctions.get(auction).category(), c -> new long[2]);
            category[0] += price;
            category[1]++;
        });
        final List<Row> expected = new ArrayList<>();
        sumAndCount.forEach((category, sum) -> expected.add(Row.of(category, sum[0] / sum[1])));
        assertSameRows(expected, NexmarkSql.run("q4", events.rows()));
    }

    @Test
    void q11CountsEachBiddersBidsPerSessionOfTenSecondsGap() throws Exception {
        // per bidder, its bids in time order; a session goes on while the next bid is at most 10 s after the last
        // (Flink merges session windows [t, t + 10 s) that touch); start the first bid's time, end the last's + 10 s.
        // The 100,000 events span under 10 s, so each bidder has one session here
        final Map<Long, List<Long>> times = new LinkedHashMap<>();
        for (final Bid bid : events.bids()) {
            times.computeIfAbsent(bid.bidder(), b -> new ArrayList<>()).add(bid.dateTime());
        }
        final List<Row> expected = new ArrayList<>();
        times.forEach((bidder, bidTimes) -> {
            final List<Long> sorted = bidTimes.stream().sorted().toList();
            long start = sorted.get(0);
            long last = start;
            long count = 0;
            for (final long time : sorted) {
                if (time - last > TEN_SECONDS) {
                    expected.add(Row.of(bidder, count, timestamp(start), timestamp(last + TEN_SECONDS)));
                    start = time;
                    count = 0;
                }
                last = time;
                count++;
            }
            expected.add(Row.of(bidder, count, timestamp(start), timestamp(last + TEN_SECONDS)));
        });
        assertSameRows(expected, NexmarkSql.run("q11", events.rows()));
    }

    @Test
    void q17ReportsEachAuctionsBidsOfTheDay() throws Exception {
        // per auction and day (yyyy-MM-dd of the bid's time, UTC): bids, bids under 10,000, from 10,000 under
        // 1,000,000, from 1,000,000, min, max, AVG of BIGINT (the sum divided, truncated), sum
        record Day(long auction, String day) {
        }
        final Map<Day, long[]> days = new LinkedHashMap<>();
        for (final Bid bid : events.bids()) {
            final long[] day = days.computeIfAbsent(new Day(bid.auction(), timestamp(bid.dateTime()).toLocalDate().toString()),
                    d -> new long[] {0, 0, 0, 0, Long.MAX_VALUE, Long.MIN_VALUE, 0});
            final long price = bid.price();
            day[0]++;
            day[price < 10_000 ? 1 : price < 1_000_000 ? 2 : 3]++;
            day[4] = Math.min(day[4], price);
            day[5] = Math.max(day[5], price);
            day[6] += price;
        }
        final List<Row> expected = new ArrayList<>();
        days.forEach((day, v) -> expected.add(Row.of(day.auction(), day.day(), v[0], v[1], v[2], v[3], v[4], v[5],
                v[6] / v[0], v[6])));
        assertSameRows(expected, NexmarkSql.run("q17", events.rows()));
    }

    @Test
    void q20ExpandsTheBidsOnCategory10AuctionsWithTheirAuction() throws Exception {
        // every bid on an auction of category 10 with the auction's columns
        final Map<Long, Auction> auctions = new HashMap<>();
        for (final Auction auction : events.auctions()) {
            auctions.put(auction.id(), auction);
        }
        final List<Row> expected = new ArrayList<>();
        for (final Bid bid : events.bids()) {
            final Auction a = auctions.get(bid.auction());
            if (a != null && a.category() == 10) {
                expected.add(Row.of(bid.auction(), bid.bidder(), bid.price(), bid.channel(), bid.url(), timestamp(bid.dateTime()),
                        bid.extra(), a.itemName(), a.description(), a.initialBid(), a.reserve(), timestamp(a.dateTime()),
                        timestamp(a.expires()), a.seller(), a.category(), a.extra()));
            }
        }
        assertSameRows(expected, NexmarkSql.run("q20", events.rows()));
    }

    @Test
    void q9KeepsTheWinningBidOfEachAuctionOnceTheChangelogIsApplied() throws Exception {
        // per auction with bids from its opening to its expiry (both included): the highest, the earliest of the highest;
        // bids tied on both are equally the first row of ROW_NUMBER, so any one of them is the winner
        final Map<Long, Auction> auctions = new HashMap<>();
        for (final Auction auction : events.auctions()) {
            auctions.put(auction.id(), auction);
        }
        final Map<Object, List<Bid>> winners = new HashMap<>();
        for (final Bid bid : events.bids()) {
            final Auction auction = auctions.get(bid.auction());
            if (auction != null && bid.dateTime() >= auction.dateTime() && bid.dateTime() <= auction.expires()) {
                final List<Bid> best = winners.computeIfAbsent(auction.id(), id -> new ArrayList<>());
                if (!best.isEmpty() && (bid.price() > best.get(0).price()
                        || bid.price() == best.get(0).price() && bid.dateTime() < best.get(0).dateTime())) {
                    best.clear();
                }
                if (best.isEmpty() || bid.price() == best.get(0).price() && bid.dateTime() == best.get(0).dateTime()) {
                    best.add(bid);
                }
            }
        }
        final Map<Object, Set<String>> candidates = new HashMap<>();
        winners.forEach((id, best) -> {
            final Auction a = auctions.get(id);
            for (final Bid bid : best) {
                candidates.computeIfAbsent(id, k -> new HashSet<>()).add(Row.of(a.id(), a.itemName(), a.description(),
                        a.initialBid(), a.reserve(), timestamp(a.dateTime()), timestamp(a.expires()), a.seller(),
                        a.category(), a.extra(), bid.auction(), bid.bidder(), bid.price(), timestamp(bid.dateTime()),
                        bid.extra()).toString());
            }
        });
        assertOneCandidateEach(candidates, NexmarkSql.runByKey("q9", events.rows(), 0), row -> row.getField(0));
    }

    @Test
    void q18KeepsTheLastBidOfEachBidderOnEachAuction() throws Exception {
        // per (bidder, auction) the bid with the latest time; bids tied on it are equally the first row of ROW_NUMBER
        final Map<Object, List<Bid>> latest = new HashMap<>();
        for (final Bid bid : events.bids()) {
            final List<Bid> last = latest.computeIfAbsent(List.of(bid.bidder(), bid.auction()), k -> new ArrayList<>());
            if (!last.isEmpty() && bid.dateTime() > last.get(0).dateTime()) {
                last.clear();
            }
            if (last.isEmpty() || bid.dateTime() == last.get(0).dateTime()) {
                last.add(bid);
            }
        }
        final Map<Object, Set<String>> candidates = new HashMap<>();
        latest.forEach((key, last) -> {
            for (final Bid bid : last) {
                candidates.computeIfAbsent(key, k -> new HashSet<>()).add(Row.of(bid.auction(), bid.bidder(), bid.price(),
                        bid.channel(), bid.url(), timestamp(bid.dateTime()), bid.extra()).toString());
            }
        });
        assertOneCandidateEach(candidates, NexmarkSql.run("q18", events.rows()),
                row -> List.of(row.getField(1), row.getField(0)));
    }

    @Test
    void q19RanksTheTenHighestBidsOfEachAuction() throws Exception {
        // per auction its bids by price, highest first, numbered from 1, the first 10 kept; bids tied on the price may
        // take each other's numbers, so per auction: the numbers are 1 to min(10, bids), the prices in number order are
        // the auction's highest, and the rows without their number are bids of the auction, each at most as often
        final Map<Long, List<Bid>> byAuction = new HashMap<>();
        for (final Bid bid : events.bids()) {
            byAuction.computeIfAbsent(bid.auction(), a -> new ArrayList<>()).add(bid);
        }
        final Map<Long, List<Row>> ranked = new HashMap<>();
        for (final Row row : NexmarkSql.run("q19", events.rows())) {
            ranked.computeIfAbsent((Long) row.getField(0), a -> new ArrayList<>()).add(row);
        }
        assertEquals(byAuction.keySet(), ranked.keySet());
        byAuction.forEach((auction, bids) -> {
            final List<Long> highest = bids.stream().map(Bid::price).sorted(Comparator.reverseOrder()).limit(10).toList();
            final List<Row> rows = ranked.get(auction).stream()
                    .sorted(Comparator.comparing(row -> (Long) row.getField(7))).toList();
            assertEquals(LongStream.rangeClosed(1, highest.size()).boxed().toList(),
                    rows.stream().map(row -> (Long) row.getField(7)).toList(), "the numbers of auction " + auction);
            assertEquals(highest, rows.stream().map(row -> (Long) row.getField(2)).toList(), "the prices of auction " + auction);
            final Map<String, Integer> balance = new HashMap<>();
            for (final Bid bid : bids) {
                balance.merge(Row.of(bid.auction(), bid.bidder(), bid.price(), bid.channel(), bid.url(), timestamp(bid.dateTime()),
                        bid.extra()).toString(), 1, Integer::sum);
            }
            for (final Row row : rows) {
                final String bid = Row.project(row, new int[] {0, 1, 2, 3, 4, 5, 6}).toString();
                assertTrue(balance.merge(bid, -1, Integer::sum) >= 0, "auction " + auction + " has no such bid: " + row);
            }
        });
    }

    private static long tumble(final long time) {
        return time - Math.floorMod(time, TEN_SECONDS);
    }

    /**
     * For a top-1 whose ties the query leaves open: one row per key, each one of the key's candidates (printed).
     */
    private static void assertOneCandidateEach(final Map<Object, Set<String>> candidates, final List<Row> actual,
            final Function<Row, Object> key) {
        assertTrue(!candidates.isEmpty(), "the expectation is empty: the check would be vacuous");
        final Set<Object> seen = new HashSet<>();
        for (final Row row : actual) {
            final Object rowKey = key.apply(row);
            assertTrue(seen.add(rowKey), "a second row for key " + rowKey + ": " + row);
            assertTrue(candidates.containsKey(rowKey), "a row for key " + rowKey + ", which has none: " + row);
            assertTrue(candidates.get(rowKey).contains(row.toString()),
                    "for key " + rowKey + " Flink SQL gave " + row + ", not one of " + candidates.get(rowKey));
        }
        assertEquals(candidates.keySet(), seen);
    }

    /**
     * The rows compare as multisets of their printed form (kind, fields in order); a difference is reported by its
     * counts and its first few rows each way, not by the whole result.
     */
    private static void assertSameRows(final List<Row> expected, final List<Row> actual) {
        assertTrue(!expected.isEmpty(), "the expectation is empty: the check would be vacuous");
        final Map<String, Integer> balance = new HashMap<>();
        for (final Row row : expected) {
            balance.merge(row.toString(), 1, Integer::sum);
        }
        for (final Row row : actual) {
            balance.merge(row.toString(), -1, Integer::sum);
        }
        final List<String> missing = new ArrayList<>();
        final List<String> unexpected = new ArrayList<>();
        balance.forEach((row, count) -> {
            if (count > 0 && missing.size() < SHOWN) {
                missing.add(count + " x " + row);
            } else if (count < 0 && unexpected.size() < SHOWN) {
                unexpected.add(-count + " x " + row);
            }
        });
        assertTrue(missing.isEmpty() && unexpected.isEmpty(), "expected " + expected.size() + " rows, Flink SQL gave "
                + actual.size() + "; missing from Flink SQL's: " + missing + "; not expected: " + unexpected);
        assertEquals(expected.size(), actual.size());
    }
}
