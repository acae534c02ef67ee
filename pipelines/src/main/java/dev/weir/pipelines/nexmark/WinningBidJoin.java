package dev.weir.pipelines.nexmark;

import dev.weir.operator.Collector;
import dev.weir.operator.KeyedCoProcessFunction;
import dev.weir.state.ListState;
import dev.weir.state.ListStateDescriptor;
import dev.weir.state.ValueState;
import dev.weir.state.ValueStateDescriptor;

/**
 * The join of queries 4 and 9, per auction id: the SQL's unwindowed inner join of auctions (first input) and bids
 * (second input) on {@code A.id = B.auction AND B.dateTime BETWEEN A.dateTime AND A.expires}, reduced to the auction's
 * best bid: the highest price, the earliest time on a tie of prices, the first to reach the join on a tie of both.
 *
 * <p>A bid may reach the join before its auction: it waits in keyed state until the auction comes, which then weighs
 * the waiting bids in their order of arrival. The winner is printed once it is final, by an event-time timer at the
 * auction's expiry: no later bid is in the auction's time range unless it is behind the watermark. Such a late bid
 * still joins, as in the SQL: when it beats the printed winner, the new winner is printed at once, naming the one it
 * replaces. An auction without a bid in its range prints nothing. Like the SQL's join, the state keeps every auction,
 * and the bids of auctions that never come.
 */
final class WinningBidJoin implements KeyedCoProcessFunction<Long, AuctionRecord, BidRecord, WinningBid> {
    private static final ValueStateDescriptor<AuctionRecord> AUCTION = new ValueStateDescriptor<>("auction");
    private static final ValueStateDescriptor<BidRecord> BEST = new ValueStateDescriptor<>("best-bid");
    private static final ValueStateDescriptor<Boolean> PRINTED = new ValueStateDescriptor<>("printed");
    private static final ListStateDescriptor<BidRecord> WAITING = new ListStateDescriptor<>("waiting-bids");

    @Override
    public void processElement1(final AuctionRecord auction, final Context<Long> ctx, final Collector<WinningBid> out) {
        ctx.<ValueState<AuctionRecord>>state(AUCTION).update(auction);
        ctx.timerService().registerEventTimeTimer(auction.expires());
        final ListState<BidRecord> waiting = ctx.state(WAITING);
        final Iterable<BidRecord> bids = waiting.get();
        if (bids != null) {
            final ValueState<BidRecord> best = ctx.state(BEST);
            for (final BidRecord bid : bids) {
                if (inRange(auction, bid) && beats(bid, best.value())) {
                    best.update(bid);
                }
            }
            waiting.clear();
        }
    }

    @Override
    public void processElement2(final BidRecord bid, final Context<Long> ctx, final Collector<WinningBid> out) {
        final AuctionRecord auction = ctx.<ValueState<AuctionRecord>>state(AUCTION).value();
        if (auction == null) {
            ctx.<ListState<BidRecord>>state(WAITING).add(bid);
            return;
        }
        final ValueState<BidRecord> best = ctx.state(BEST);
        final BidRecord held = best.value();
        if (inRange(auction, bid) && beats(bid, held)) {
            best.update(bid);
            if (ctx.<ValueState<Boolean>>state(PRINTED).value() != null) {
                out.collect(new WinningBid(auction, bid, held));
            }
        }
    }

    @Override
    public void onTimer(final long timestamp, final OnTimerContext<Long> ctx, final Collector<WinningBid> out) {
        final BidRecord best = ctx.<ValueState<BidRecord>>state(BEST).value();
        if (best != null) {
            out.collect(new WinningBid(ctx.<ValueState<AuctionRecord>>state(AUCTION).value(), best, null));
        }
        ctx.<ValueState<Boolean>>state(PRINTED).update(Boolean.TRUE);
    }

    /** @return whether the bid lies in the auction's time range, both ends included (SQL's BETWEEN) */
    static boolean inRange(final AuctionRecord auction, final BidRecord bid) {
        return bid.dateTime() >= auction.dateTime() && bid.dateTime() <= auction.expires();
    }

    /** @return whether the bid ranks before the one held (none: it does): higher price, then earlier time; a full tie keeps the held one */
    static boolean beats(final BidRecord bid, final BidRecord held) {
        return held == null || bid.price() > held.price() || bid.price() == held.price() && bid.dateTime() < held.dateTime();
    }
}
