package dev.weir.pipelines.nexmark;

import dev.weir.operator.Collector;
import dev.weir.operator.KeyedProcessFunction;
import dev.weir.state.ListState;
import dev.weir.state.ListStateDescriptor;
import java.util.ArrayList;
import java.util.List;

/**
 * Query 19's top 10 per auction, as Flink SQL's append-only top-N orders and ranks it: bids by price, highest first,
 * equal prices in arrival order (a new bid goes after the bids of its price already ranked). A bid that enters the
 * top 10 takes its rank and pushes each lower bid one rank down, the tenth out; every rank whose bid changed is
 * printed with its new bid, so the last row printed per rank is the rank's result. A bid that would rank eleventh
 * or lower changes nothing. The state is the auction's ranked bids, at most ten.
 */
final class TopTenPrices implements KeyedProcessFunction<Long, BidRecord, String> {
    /** How many ranks the query keeps. */
    static final int RANKS = 10;
    private static final ListStateDescriptor<BidRecord> RANKED = new ListStateDescriptor<>("top-ten-bids");

    @Override
    public void processElement(final BidRecord bid, final Context<Long> ctx, final Collector<String> out) {
        final ListState<BidRecord> state = ctx.state(RANKED);
        final List<BidRecord> ranked = new ArrayList<>(RANKS + 1);
        final Iterable<BidRecord> kept = state.get();
        if (kept != null) {
            kept.forEach(ranked::add);
        }
        int place = 0;
        while (place < ranked.size() && ranked.get(place).price() >= bid.price()) {
            place++;
        }
        if (place >= RANKS) {
            return;
        }
        ranked.add(place, bid);
        if (ranked.size() > RANKS) {
            ranked.remove(RANKS);
        }
        state.update(ranked);
        for (int rank = place; rank < ranked.size(); rank++) {
            out.collect(BidColumns.of(ranked.get(rank)) + "," + (rank + 1));
        }
    }
}
