package dev.weir.flink.sql;

import static dev.weir.flink.sql.NexmarkEvents.auction;
import static dev.weir.flink.sql.NexmarkEvents.bid;
import static dev.weir.flink.sql.NexmarkEvents.person;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.List;
import org.apache.flink.types.Row;
import org.junit.jupiter.api.Test;

/**
 * The benchmark's own Nexmark queries on Flink SQL ({@link NexmarkSql}) over one small hand-made
 * event list, each result computed by hand below: the reference is checked before anything is
 * checked against it.
 *
 * <p>The events, at seconds after {@code 2024-01-01T00:00} (a multiple of 10 s since the epoch,
 * so the windows start at whole seconds of that clock), in order, so the watermark drops nothing:
 * <pre>
 *   0.5 person 1001 alice Portland OR      2.0 auction 2001 seller 1001 category 10 expires 20
 *   1.0 person 1002 bob Boise ID           2.5 auction 2091 seller 1002 category 10 expires 12
 *   1.5 person 1003 carol Seattle WA       3.0 auction 2003 seller 1003 category 10 expires 20
 *   3.9 person 1004 dave San Francisco CA  3.5 auction 2004 seller 1001 category 11 expires 20
 *  10.5 person 1005 erin Eugene OR         3.7 auction 2005 seller 1004 category 10 expires 20
 *                                         10.8 auction 2006 seller 1005 category 12 expires 30
 *                                         11.5 auction 2007 seller 1003 category 12 expires 30
 *   bids (auction, bidder, price, extra):  4 (2001, 1002, 100, b1)   5 (2091, 1003, 250, b2)   6 (2001, 1003, 120, b3)
 *                                         11 (2091, 1001, 300, b4)  12 (2001, 1002, 250, b5)  13 (2091, 1002, 310, b6)
 *                                         30 (2006, 1003, 50, b7)
 * </pre>
 */
class NexmarkSqlTest {
    private static final LocalDateTime START = LocalDateTime.of(2024, 1, 1, 0, 0);

    private static final List<Row> EVENTS = List.of(
            person(1001, "alice", "Portland", "OR", at(500)),
            person(1002, "bob", "Boise", "ID", at(1000)),
            person(1003, "carol", "Seattle", "WA", at(1500)),
            auction(2001, 1001, 10, at(2000), at(20_000)),
            auction(2091, 1002, 10, at(2500), at(12_000)),
            auction(2003, 1003, 10, at(3000), at(20_000)),
            auction(2004, 1001, 11, at(3500), at(20_000)),
            auction(2005, 1004, 10, at(3700), at(20_000)),
            person(1004, "dave", "San Francisco", "CA", at(3900)),
            bid(2001, 1002, 100, at(4000), "b1"),
            bid(2091, 1003, 250, at(5000), "b2"),
            bid(2001, 1003, 120, at(6000), "b3"),
            person(1005, "erin", "Eugene", "OR", at(10_500)),
            auction(2006, 1005, 12, at(10_800), at(30_000)),
            bid(2091, 1001, 300, at(11_000), "b4"),
            auction(2007, 1003, 12, at(11_500), at(30_000)),
            bid(2001, 1002, 250, at(12_000), "b5"),
            bid(2091, 1002, 310, at(13_000), "b6"),
            bid(2006, 1003, 50, at(30_000), "b7"));

    @Test
    void q0PassesEveryBidThrough() throws Exception {
        // every bid's auction, bidder, price, dateTime, extra; persons and auctions are not bids
        assertRows(List.of(
                Row.of(2001L, 1002L, 100L, at(4000), "b1"),
                Row.of(2091L, 1003L, 250L, at(5000), "b2"),
                Row.of(2001L, 1003L, 120L, at(6000), "b3"),
                Row.of(2091L, 1001L, 300L, at(11_000), "b4"),
                Row.of(2001L, 1002L, 250L, at(12_000), "b5"),
                Row.of(2091L, 1002L, 310L, at(13_000), "b6"),
                Row.of(2006L, 1003L, 50L, at(30_000), "b7")), NexmarkSql.run("q0", EVENTS));
    }

    @Test
    void q1ConvertsEveryPriceToEurosAtScaleThree() throws Exception {
        // 0.908 * price, DECIMAL(23, 3): 100 -> 90.800, 250 -> 227.000, 120 -> 108.960, 300 -> 272.400, 310 -> 281.480,
        // 50 -> 45.400
        assertRows(List.of(
                Row.of(2001L, 1002L, new BigDecimal("90.800"), at(4000), "b1"),
                Row.of(2091L, 1003L, new BigDecimal("227.000"), at(5000), "b2"),
                Row.of(2001L, 1003L, new BigDecimal("108.960"), at(6000), "b3"),
                Row.of(2091L, 1001L, new BigDecimal("272.400"), at(11_000), "b4"),
                Row.of(2001L, 1002L, new BigDecimal("227.000"), at(12_000), "b5"),
                Row.of(2091L, 1002L, new BigDecimal("281.480"), at(13_000), "b6"),
                Row.of(2006L, 1003L, new BigDecimal("45.400"), at(30_000), "b7")), NexmarkSql.run("q1", EVENTS));
    }

    @Test
    void q2KeepsTheBidsOfEvery123rdAuction() throws Exception {
        // 2091 = 17 * 123; 2001 mod 123 = 33, 2006 mod 123 = 38
        assertRows(List.of(Row.of(2091L, 250L), Row.of(2091L, 300L), Row.of(2091L, 310L)), NexmarkSql.run("q2", EVENTS));
    }

    @Test
    void q3JoinsCategory10AuctionsWithTheirSellersInOregonIdahoAndCalifornia() throws Exception {
        // 2001 alice OR, 2091 bob ID, 2005 dave CA (the seller registered after the auction: a regular join keeps both);
        // 2003's seller carol is in WA, 2004 is in category 11, 2006 (erin, OR) and 2007 in category 12
        assertRows(List.of(
                Row.of("alice", "Portland", "OR", 2001L),
                Row.of("bob", "Boise", "ID", 2091L),
                Row.of("dave", "San Francisco", "CA", 2005L)), NexmarkSql.run("q3", EVENTS));
    }

    @Test
    void q4AveragesTheWinningBidsOfEachCategoryOnceTheChangelogIsApplied() throws Exception {
        // winning bid of an auction: its highest bid between its opening and expiry;
        // 2001 (2..20): 100, 120, 250 -> 250; 2091 (2.5..12): 250, 300 (310 at 13 is after expiry) -> 300;
        // 2006 (10.8..30): 50 at 30 (BETWEEN includes its bounds) -> 50; no other auction has bids.
        // Category 10: AVG of BIGINT 250 and 300 = 275; category 12: 50; the updates on the way are retracted
        assertRows(List.of(Row.of(10L, 275L), Row.of(12L, 50L)), NexmarkSql.run("q4", EVENTS));
    }

    @Test
    void q5FindsTheAuctionsWithTheMostBidsInEachSlidingWindow() throws Exception {
        // HOP 2 s slide, 10 s size; bids of 2001 at 4, 6, 12, of 2091 at 5, 11, 13, of 2006 at 30; per window [start, start + 10)
        // the auctions whose count is the window's highest, with that count:
        // [-4,6) 2001:1 2091:1 | [-2,8) 2001:2 2091:1 | [0,10) 2001:2 2091:1 | [2,12) 2001:2 2091:2 | [4,14) 2001:3 2091:3
        // [6,16) 2001:2 2091:2 | [8,18) 2001:1 2091:2 | [10,20) 2001:1 2091:2 | [12,22) 2001:1 2091:1
        // and [22,32), [24,34), [26,36), [28,38), [30,40) 2006:1 each
        assertRows(List.of(
                Row.of(2001L, 1L), Row.of(2091L, 1L),
                Row.of(2001L, 2L),
                Row.of(2001L, 2L),
                Row.of(2001L, 2L), Row.of(2091L, 2L),
                Row.of(2001L, 3L), Row.of(2091L, 3L),
                Row.of(2001L, 2L), Row.of(2091L, 2L),
                Row.of(2091L, 2L),
                Row.of(2091L, 2L),
                Row.of(2001L, 1L), Row.of(2091L, 1L),
                Row.of(2006L, 1L), Row.of(2006L, 1L), Row.of(2006L, 1L), Row.of(2006L, 1L), Row.of(2006L, 1L)), NexmarkSql.run("q5", EVENTS));
    }

    @Test
    void q7FindsTheHighestBidOfEachTumblingWindow() throws Exception {
        // TUMBLE 10 s: [0,10) max(100, 250, 120) = 250, ends at 10; [10,20) max(300, 250, 310) = 310, ends at 20;
        // [30,40) max(50) = 50, ends at 40. A bid joins a maximum of its price whose window end is at most 10 s after
        // it: b2 (250 at 5, end 10), b6 (310 at 13, end 20), b7 (50 at 30, end 40); b5 (250 at 12) is 2 s past the
        // end of the window whose maximum is 250.
        // The query selects auction, price, bidder, dateTime, extra in that order (the benchmark's sink names
        // bidder before price; only the SELECT is kept)
        assertRows(List.of(
                Row.of(2091L, 250L, 1003L, at(5000), "b2"),
                Row.of(2091L, 310L, 1002L, at(13_000), "b6"),
                Row.of(2006L, 50L, 1003L, at(30_000), "b7")), NexmarkSql.run("q7", EVENTS));
    }

    @Test
    void q8FindsThePersonsWhoOpenedAnAuctionInTheTumblingWindowTheyRegisteredIn() throws Exception {
        // TUMBLE 10 s of persons and of auctions' sellers, joined on id and window: in [0,10) persons 1001 to 1004
        // and sellers 1001, 1002, 1003, 1004; in [10,20) person 1005 and sellers 1005 and 1003 (2007: carol
        // registered in [0,10), so that window has no match)
        assertRows(List.of(
                Row.of(1001L, "alice", at(0)),
                Row.of(1002L, "bob", at(0)),
                Row.of(1003L, "carol", at(0)),
                Row.of(1004L, "dave", at(0)),
                Row.of(1005L, "erin", at(10_000))), NexmarkSql.run("q8", EVENTS));
    }

    @Test
    void q9KeepsTheWinningBidOfEachAuctionOnceTheChangelogIsApplied() throws Exception {
        // the highest bid between an auction's opening and expiry, earliest first on a tie; updated as higher bids come:
        // 2001 (2..20): b5 250 at 12; 2091 (2.5..12): b4 300 at 11 (b6 at 13 is after expiry); 2006 (10.8..30): b7 50 at 30
        // (Flink sends the top-1 as upserts, +U without -U: applied by the auction's id, field 0)
        assertRows(List.of(
                Row.of(2001L, "item-2001", "", 1L, 100L, at(2000), at(20_000), 1001L, 10L, "", 2001L, 1002L, 250L, at(12_000), "b5"),
                Row.of(2091L, "item-2091", "", 1L, 100L, at(2500), at(12_000), 1002L, 10L, "", 2091L, 1001L, 300L, at(11_000), "b4"),
                Row.of(2006L, "item-2006", "", 1L, 100L, at(10_800), at(30_000), 1005L, 12L, "", 2006L, 1003L, 50L, at(30_000), "b7")),
                NexmarkSql.runByKey("q9", EVENTS, 0));
    }

    @Test
    void q11CountsEachBiddersBidsPerSessionOfTenSecondsGap() throws Exception {
        // bidder, count, session start (first bid), session end (last bid + 10 s):
        // 1002 bids at 4, 12, 13 (gaps 8 and 1): one session [4, 23); 1003 at 5, 6 then 30 (a gap of 24): [5, 16) and
        // [30, 40); 1001 at 11: [11, 21)
        assertRows(List.of(
                Row.of(1002L, 3L, at(4000), at(23_000)),
                Row.of(1003L, 2L, at(5000), at(16_000)),
                Row.of(1003L, 1L, at(30_000), at(40_000)),
                Row.of(1001L, 1L, at(11_000), at(21_000))), NexmarkSql.run("q11", EVENTS));
    }

    @Test
    void q18KeepsTheLastBidOfEachBidderOnEachAuction() throws Exception {
        // (bidder, auction): (1002, 2001) bid at 4 (b1) and 12 (b5): b5; every other pair bid once
        assertRows(List.of(
                Row.of(2091L, 1003L, 250L, "web", "", at(5000), "b2"),
                Row.of(2001L, 1003L, 120L, "web", "", at(6000), "b3"),
                Row.of(2091L, 1001L, 300L, "web", "", at(11_000), "b4"),
                Row.of(2001L, 1002L, 250L, "web", "", at(12_000), "b5"),
                Row.of(2091L, 1002L, 310L, "web", "", at(13_000), "b6"),
                Row.of(2006L, 1003L, 50L, "web", "", at(30_000), "b7")), NexmarkSql.run("q18", EVENTS));
    }

    @Test
    void q19RanksTheTenHighestBidsOfEachAuction() throws Exception {
        // no auction has more than 10 bids, so every bid with its rank by price, highest first:
        // 2001: 250 (b5), 120 (b3), 100 (b1); 2091: 310 (b6), 300 (b4), 250 (b2); 2006: 50 (b7)
        assertRows(List.of(
                Row.of(2001L, 1002L, 250L, "web", "", at(12_000), "b5", 1L),
                Row.of(2001L, 1003L, 120L, "web", "", at(6000), "b3", 2L),
                Row.of(2001L, 1002L, 100L, "web", "", at(4000), "b1", 3L),
                Row.of(2091L, 1002L, 310L, "web", "", at(13_000), "b6", 1L),
                Row.of(2091L, 1001L, 300L, "web", "", at(11_000), "b4", 2L),
                Row.of(2091L, 1003L, 250L, "web", "", at(5000), "b2", 3L),
                Row.of(2006L, 1003L, 50L, "web", "", at(30_000), "b7", 1L)), NexmarkSql.run("q19", EVENTS));
    }

    @Test
    void q17ReportsEachAuctionsBidsOfTheDay() throws Exception {
        // auction, day, bids, bids under 10000, from 10000 under 1000000, from 1000000, min, max, AVG of BIGINT (truncated), sum:
        // 2001: 100, 120, 250 -> 3 bids, min 100, max 250, 470 / 3 = 156, sum 470; 2091: 250, 300, 310 -> min 250, max 310,
        // 860 / 3 = 286, sum 860; 2006: 50. All on 2024-01-01; the counts on the way are retracted
        assertRows(List.of(
                Row.of(2001L, "2024-01-01", 3L, 3L, 0L, 0L, 100L, 250L, 156L, 470L),
                Row.of(2091L, "2024-01-01", 3L, 3L, 0L, 0L, 250L, 310L, 286L, 860L),
                Row.of(2006L, "2024-01-01", 1L, 1L, 0L, 0L, 50L, 50L, 50L, 50L)), NexmarkSql.run("q17", EVENTS));
    }

    @Test
    void q20ExpandsTheBidsOnCategory10AuctionsWithTheirAuction() throws Exception {
        // the bids on 2001 and 2091 (category 10) with their auction's columns; 2006's b7 is in category 12
        final Object[] auction2001 = {"item-2001", "", 1L, 100L, at(2000), at(20_000), 1001L, 10L, ""};
        final Object[] auction2091 = {"item-2091", "", 1L, 100L, at(2500), at(12_000), 1002L, 10L, ""};
        assertRows(List.of(
                Row.join(Row.of(2001L, 1002L, 100L, "web", "", at(4000), "b1"), Row.of(auction2001)),
                Row.join(Row.of(2001L, 1003L, 120L, "web", "", at(6000), "b3"), Row.of(auction2001)),
                Row.join(Row.of(2001L, 1002L, 250L, "web", "", at(12_000), "b5"), Row.of(auction2001)),
                Row.join(Row.of(2091L, 1003L, 250L, "web", "", at(5000), "b2"), Row.of(auction2091)),
                Row.join(Row.of(2091L, 1001L, 300L, "web", "", at(11_000), "b4"), Row.of(auction2091)),
                Row.join(Row.of(2091L, 1002L, 310L, "web", "", at(13_000), "b6"), Row.of(auction2091))), NexmarkSql.run("q20", EVENTS));
    }

    private static LocalDateTime at(final long millis) {
        return START.plusNanos(millis * 1_000_000);
    }

    /** Rows compare as their printed form (kind, fields in order), sorted: the result is a multiset. */
    private static void assertRows(final List<Row> expected, final List<Row> actual) {
        assertEquals(printed(expected), printed(actual));
    }

    private static List<String> printed(final List<Row> rows) {
        return rows.stream().map(Row::toString).sorted().toList();
    }
}
