package dev.weir.pipelines.nexmark;

import dev.weir.operator.Collector;
import dev.weir.window.ProcessWindowFunction;
import dev.weir.window.TimeWindow;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Query 5's second step, per sliding window (its end is the key): the auctions whose count is the window's highest
 * ({@code num >= max(num)}), printed in the order of their ids.
 */
final class HotAuctions implements ProcessWindowFunction<AuctionBids, String, Long, TimeWindow> {
    @Override
    public void process(final Long windowEnd, final Context<TimeWindow> context, final Iterable<AuctionBids> counts,
            final Collector<String> out) {
        long most = Long.MIN_VALUE;
        final List<AuctionBids> all = new ArrayList<>();
        for (final AuctionBids count : counts) {
            most = Math.max(most, count.bids());
            all.add(count);
        }
        all.sort(Comparator.comparingLong(AuctionBids::auction));
        for (final AuctionBids count : all) {
            if (count.bids() >= most) {
                out.collect(count.auction() + "," + count.bids());
            }
        }
    }
}
