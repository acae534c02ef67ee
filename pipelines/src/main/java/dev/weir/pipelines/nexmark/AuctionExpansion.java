package dev.weir.pipelines.nexmark;

import dev.weir.operator.Collector;
import dev.weir.operator.KeyedCoProcessFunction;
import dev.weir.state.ListState;
import dev.weir.state.ListStateDescriptor;
import dev.weir.state.ValueState;
import dev.weir.state.ValueStateDescriptor;

/**
 * Query 20's join, per auction id: bids (first input) with their auction (second input) when it is in category 10.
 * The join has no time bound, and a bid may come before its auction: such a bid waits, as the text of its columns,
 * until the auction comes. A category-10 auction is kept as the text of its columns, prints the waiting bids and
 * every later bid; an auction of another category drops the waiting bids and is remembered as an empty text, so that
 * its later bids are dropped at once instead of waiting for ever. An auction id belongs to one auction event, so
 * each bid is printed at most once.
 */
final class AuctionExpansion implements KeyedCoProcessFunction<Long, BidRecord, AuctionRecord, String> {
    /** The category whose auctions the query expands bids with. */
    static final long CATEGORY = 10L;
    private static final String OTHER_CATEGORY = "";
    private static final ValueStateDescriptor<String> AUCTION = new ValueStateDescriptor<>("auction-columns");
    private static final ListStateDescriptor<String> WAITING = new ListStateDescriptor<>("waiting-bids");

    @Override
    public void processElement1(final BidRecord bid, final Context<Long> ctx, final Collector<String> out) {
        final String auction = ctx.<ValueState<String>>state(AUCTION).value();
        if (auction == null) {
            ctx.<ListState<String>>state(WAITING).add(BidColumns.of(bid));
        } else if (!auction.equals(OTHER_CATEGORY)) {
            out.collect(BidColumns.of(bid) + "," + auction);
        }
    }

    @Override
    public void processElement2(final AuctionRecord auction, final Context<Long> ctx, final Collector<String> out) {
        final ListState<String> waiting = ctx.state(WAITING);
        if (auction.category() != CATEGORY) {
            ctx.<ValueState<String>>state(AUCTION).update(OTHER_CATEGORY);
            waiting.clear();
            return;
        }
        final String columns = columns(auction);
        ctx.<ValueState<String>>state(AUCTION).update(columns);
        final Iterable<String> bids = waiting.get();
        if (bids != null) {
            for (final String bid : bids) {
                out.collect(bid + "," + columns);
            }
            waiting.clear();
        }
    }

    /** @return the auction's columns after the bid's: {@code itemName,description,initialBid,reserve,dateTime,expires,seller,category,extra} */
    private static String columns(final AuctionRecord auction) {
        return CsvText.field(auction.itemName()) + "," + CsvText.field(auction.description()) + "," + auction.initialBid() + ","
                + auction.reserve() + "," + SqlTimestamp.format(auction.dateTime()) + "," + SqlTimestamp.format(auction.expires()) + ","
                + auction.seller() + "," + auction.category() + "," + CsvText.field(auction.extra());
    }
}
