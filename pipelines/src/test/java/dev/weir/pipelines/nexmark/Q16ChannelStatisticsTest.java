package dev.weir.pipelines.nexmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.nexmark.Bid;
import dev.weir.nexmark.EventKind;
import dev.weir.nexmark.GeneratorConfig;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

final class Q16ChannelStatisticsTest {
    /** The same 100,000 events one a second: 27.8 hours from the epoch, two days. */
    private static final GeneratorConfig DAYS = GeneratorConfig.defaults().withFirstEventRate(1);

    @Test
    void perChannelAndDayTheLatestMinuteAndTheBidsBiddersAndAuctionsPerPriceRank() {
        check(QueryRun.CONFIG);
        check(QueryRun.SLOW);
    }

    @Test
    void perChannelAndDayOverTwoDays() {
        check(DAYS);
    }

    /** A group's latest minute, bids, distinct bidders and distinct auctions, in all (index 0) and per rank (1 to 3). */
    private static final class Group {
        String minute = "";
        final long[] bids = new long[4];
        final List<Set<Long>> bidders = List.of(new HashSet<>(), new HashSet<>(), new HashSet<>(), new HashSet<>());
        final List<Set<Long>> auctions = List.of(new HashSet<>(), new HashSet<>(), new HashSet<>(), new HashSet<>());

        void add(final Bid bid, final LocalDateTime time) {
            final String at = String.format("%02d:%02d", time.getHour(), time.getMinute());
            minute = at.compareTo(minute) > 0 ? at : minute;
            final long price = bid.price();
            final int rank = price < 10_000 ? 1 : price < 1_000_000 ? 2 : 3;
            for (final int i : new int[] {0, rank}) {
                bids[i]++;
                bidders.get(i).add(bid.bidder());
                auctions.get(i).add(bid.auction());
            }
        }

        String columns() {
            final StringBuilder row = new StringBuilder(",").append(minute);
            for (final long count : bids) {
                row.append(',').append(count);
            }
            bidders.forEach(set -> row.append(',').append(set.size()));
            auctions.forEach(set -> row.append(',').append(set.size()));
            return row.toString();
        }
    }

    private static void check(final GeneratorConfig config) {
        final Map<String, Group> groups = new TreeMap<>();
        final int[] bids = {0};
        QueryRun.forEachEvent(config, event -> {
            if (event.kind() == EventKind.BID) {
                bids[0]++;
                final LocalDateTime time = LocalDateTime.ofInstant(Instant.ofEpochMilli(event.bid().dateTime()), ZoneOffset.UTC);
                groups.computeIfAbsent(QueryRun.text(event.bid().channel()) + "," + time.toLocalDate(), g -> new Group()).add(event.bid(), time);
            }
        });
        final List<String> expected = new ArrayList<>();
        groups.forEach((group, statistics) -> expected.add(group + statistics.columns()));
        expected.sort(null);
        final List<String> rows = QueryRun.rows(config, 1, Q16ChannelStatistics::rows);
        assertEquals(bids[0], rows.size(), "one row per bid");
        assertTrue(expected.stream().anyMatch(row -> row.startsWith("Google,")), "a hot channel");
        assertEquals(expected, UpsertRows.lastPerKey(rows, 2));
    }
}
