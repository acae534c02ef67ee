package dev.weir.pipelines.nexmark;

import java.util.List;
import java.util.stream.Collectors;

/** The Nexmark queries Weir runs, by name: what {@code weir nexmark}, {@code weir bench nexmark} and the tests iterate. */
public final class NexmarkQueries {
    private static final List<NexmarkQuery> ALL = List.of(
            NexmarkQuery.appending("q0", Q0PassThrough.HEADER, Q0PassThrough::rows),
            NexmarkQuery.appending("q1", Q1CurrencyConversion.HEADER, Q1CurrencyConversion::rows),
            NexmarkQuery.appending("q2", Q2Selection.HEADER, Q2Selection::rows),
            NexmarkQuery.appending("q3", Q3LocalItemSuggestion.HEADER, Q3LocalItemSuggestion::rows),
            NexmarkQuery.upserting("q4", Q4AveragePriceForCategory.HEADER, Q4AveragePriceForCategory::rows, 0),
            NexmarkQuery.appending("q5", Q5HotItems.HEADER, Q5HotItems::rows),
            NexmarkQuery.appending("q7", Q7HighestBid.HEADER, Q7HighestBid::rows),
            NexmarkQuery.appending("q8", Q8NewUsers.HEADER, Q8NewUsers::rows),
            NexmarkQuery.upserting("q9", Q9WinningBids.HEADER, Q9WinningBids::rows, 0),
            NexmarkQuery.appending("q10", Q10LogToFileSystem.HEADER, Q10LogToFileSystem::rows),
            NexmarkQuery.appending("q11", Q11UserSessions.HEADER, Q11UserSessions::rows),
            NexmarkQuery.appending("q12", Q12ProcessingTimeWindows.HEADER, Q12ProcessingTimeWindows::rows),
            NexmarkQuery.appending("q13", Q13BoundedSideInputJoin.HEADER, Q13BoundedSideInputJoin::rows),
            NexmarkQuery.appending("q14", Q14Calculation.HEADER, Q14Calculation::rows),
            NexmarkQuery.upserting("q15", Q15BiddingStatistics.HEADER, Q15BiddingStatistics::rows, Q15BiddingStatistics.KEY_COLUMNS),
            NexmarkQuery.upserting("q16", Q16ChannelStatistics.HEADER, Q16ChannelStatistics::rows, Q16ChannelStatistics.KEY_COLUMNS),
            NexmarkQuery.upserting("q17", Q17AuctionStatistics.HEADER, Q17AuctionStatistics::rows, Q17AuctionStatistics.KEY_COLUMNS),
            NexmarkQuery.upserting("q18", Q18LastBid.HEADER, Q18LastBid::rows, 0, 1),
            NexmarkQuery.upserting("q19", Q19TopTenPrices.HEADER, Q19TopTenPrices::rows, 0, 7),
            NexmarkQuery.appending("q20", Q20ExpandedBids.HEADER, Q20ExpandedBids::rows),
            NexmarkQuery.appending("q21", Q21ChannelId.HEADER, Q21ChannelId::rows),
            NexmarkQuery.appending("q22", Q22UrlDirectories.HEADER, Q22UrlDirectories::rows));

    private NexmarkQueries() {
    }

    /** @return every query, in the benchmark's order */
    public static List<NexmarkQuery> all() {
        return ALL;
    }

    /**
     * @param name a query's name, {@code q5}
     * @return that query
     * @throws IllegalArgumentException naming the queries there are, when none has that name
     */
    public static NexmarkQuery named(final String name) {
        for (final NexmarkQuery query : ALL) {
            if (query.name().equals(name)) {
                return query;
            }
        }
        throw new IllegalArgumentException("no Nexmark query named '" + name + "' (queries: "
                + ALL.stream().map(NexmarkQuery::name).collect(Collectors.joining(", ")) + ")");
    }
}
