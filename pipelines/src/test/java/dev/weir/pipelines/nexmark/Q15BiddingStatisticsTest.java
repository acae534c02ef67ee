package dev.weir.pipelines.nexmark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.nexmark.Bid;
import dev.weir.nexmark.EventKind;
import dev.weir.nexmark.GeneratorConfig;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

final class Q15BiddingStatisticsTest {
    /** The same 100,000 events one a second: 27.8 hours from the epoch, two days. */
    private static final GeneratorConfig DAYS = GeneratorConfig.defaults().withFirstEventRate(1);

    @Test
    void perDayTheBidsBiddersAndAuctionsInAllAndPerPriceRank() {
        check(QueryRun.CONFIG, 1);
        check(QueryRun.SLOW, 1);
    }

    @Test
    void perDayOverTwoDays() {
        check(DAYS, 2);
    }

    /** A day's bids, distinct bidders and distinct auctions, in all (index 0) and per rank (1 to 3). */
    private static final class Day {
        final long[] bids = new long[4];
        final List<Set<Long>> bidders = List.of(new HashSet<>(), new HashSet<>(), new HashSet<>(), new HashSet<>());
        final List<Set<Long>> auctions = List.of(new HashSet<>(), new HashSet<>(), new HashSet<>(), new HashSet<>());

        void add(final Bid bid) {
            final long price = bid.price();
            final int rank = price < 10_000 ? 1 : price < 1_000_000 ? 2 : 3;
            for (final int i : new int[] {0, rank}) {
                bids[i]++;
                bidders.get(i).add(bid.bidder());
                auctions.get(i).add(bid.auction());
            }
        }

        String columns() {
            final StringBuilder row = new StringBuilder();
            for (final long count : bids) {
                row.append(',').append(count);
            }
            bidders.forEach(set -> row.append(',').append(set.size()));
            auctions.forEach(set -> row.append(',').append(set.size()));
            return row.toString();
        }
    }

    private static void check(final GeneratorConfig config, final int days) {
        final Map<String, Day> byDay = new TreeMap<>();
        final int[] bids = {0};
        QueryRun.forEachEvent(config, event -> {
            if (event.kind() == EventKind.BID) {
                bids[0]++;
                byDay.computeIfAbsent(Instant.ofEpochMilli(event.bid().dateTime()).atZone(ZoneOffset.UTC).toLocalDate().toString(),
                        d -> new Day()).add(event.bid());
            }
        });
        final List<String> expected = new ArrayList<>();
        byDay.forEach((day, statistics) -> expected.add(day + statistics.columns()));
        final List<String> rows = QueryRun.rows(config, 1, Q15BiddingStatistics::rows);
        assertEquals(bids[0], rows.size(), "one row per bid");
        assertEquals(days, expected.size());
        assertEquals(expected, UpsertRows.lastPerKey(rows, 1));
    }
}
