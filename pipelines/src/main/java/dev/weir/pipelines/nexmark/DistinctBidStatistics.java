package dev.weir.pipelines.nexmark;

import dev.weir.operator.Collector;
import dev.weir.operator.KeyedProcessFunction;
import dev.weir.state.LongMapState;
import dev.weir.state.LongMapStateDescriptor;
import dev.weir.state.ValueState;
import dev.weir.state.ValueStateDescriptor;

/**
 * The aggregation of queries 15 and 16, per group (the key: the group columns' CSV text): the bids, the distinct
 * bidders and the distinct auctions, each in all and per price rank ({@link PriceRank}), as the SQL's
 * {@code count(*)}, {@code count(distinct ...)} and their {@code filter (where ...)} forms. A bidder or an auction
 * counts once in a rank however many of its bids are in it: the state keeps, per bidder and per auction, the ranks
 * it was seen in (bit {@code r - 1} for rank {@code r}). Each bid prints the group's new row: the key, for q16
 * the greatest {@code DATE_FORMAT(dateTime, 'HH:mm')} so far ({@code max} of strings, which is the latest minute),
 * then the twelve counts.
 */
final class DistinctBidStatistics implements KeyedProcessFunction<String, BidRecord, String> {
    private static final ValueStateDescriptor<long[]> COUNTS = new ValueStateDescriptor<>("counts");
    private static final ValueStateDescriptor<String> MINUTE = new ValueStateDescriptor<>("max-minute");
    private static final LongMapStateDescriptor<Integer> BIDDERS = new LongMapStateDescriptor<>("bidder-ranks", Integer.class);
    private static final LongMapStateDescriptor<Integer> AUCTIONS = new LongMapStateDescriptor<>("auction-ranks", Integer.class);
    /** Bids in all and per rank, bidders in all and per rank, auctions in all and per rank. */
    private static final int COUNTERS = 12;
    private static final int BIDDERS_AT = 4;
    private static final int AUCTIONS_AT = 8;

    private final boolean maxMinute;

    /** @param maxMinute whether the row holds the greatest minute after the key (q16) */
    DistinctBidStatistics(final boolean maxMinute) {
        this.maxMinute = maxMinute;
    }

    @Override
    public void processElement(final BidRecord bid, final Context<String> ctx, final Collector<String> out) {
        final ValueState<long[]> state = ctx.state(COUNTS);
        final long[] counts = state.value() == null ? new long[COUNTERS] : state.value();
        final int rank = PriceRank.of(bid.price());
        counts[0]++;
        counts[rank]++;
        count(ctx.state(BIDDERS), bid.bidder(), rank, counts, BIDDERS_AT);
        count(ctx.state(AUCTIONS), bid.auction(), rank, counts, AUCTIONS_AT);
        state.update(counts);
        final StringBuilder row = new StringBuilder(ctx.currentKey());
        if (maxMinute) {
            final ValueState<String> minute = ctx.state(MINUTE);
            final String now = SqlDateFormat.minute(bid.dateTime());
            if (minute.value() == null || now.compareTo(minute.value()) > 0) {
                minute.update(now);
            }
            row.append(',').append(minute.value());
        }
        for (final long count : counts) {
            row.append(',').append(count);
        }
        out.collect(row.toString());
    }

    private static void count(final LongMapState<Integer> ranks, final long id, final int rank, final long[] counts, final int at) {
        final Integer seen = ranks.get(id);
        final int bit = 1 << (rank - 1);
        if (seen == null) {
            counts[at]++;
        }
        if (seen == null || (seen & bit) == 0) {
            counts[at + rank]++;
            ranks.putAt(id, seen == null ? bit : seen | bit);
        }
    }
}
