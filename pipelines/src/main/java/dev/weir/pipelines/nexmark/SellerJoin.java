package dev.weir.pipelines.nexmark;

import dev.weir.operator.Collector;
import dev.weir.operator.KeyedCoProcessFunction;
import dev.weir.state.ListState;
import dev.weir.state.ListStateDescriptor;
import dev.weir.state.ValueState;
import dev.weir.state.ValueStateDescriptor;

/**
 * Query 3's join, per person id: a person (first input) is kept as the text of its row's first three columns, an
 * auction (second input) is printed at once when its seller is known, else kept (its id) until the seller comes. A
 * person id belongs to one person event, so each pair is printed once.
 */
final class SellerJoin implements KeyedCoProcessFunction<Long, PersonRecord, AuctionRecord, String> {
    private static final ValueStateDescriptor<String> SELLER = new ValueStateDescriptor<>("seller");
    private static final ListStateDescriptor<Long> WAITING = new ListStateDescriptor<>("waiting-auctions");

    @Override
    public void processElement1(final PersonRecord person, final Context<Long> ctx, final Collector<String> out) {
        final String seller = CsvText.field(person.name()) + "," + CsvText.field(person.city()) + "," + CsvText.field(person.state());
        ctx.<ValueState<String>>state(SELLER).update(seller);
        final ListState<Long> waiting = ctx.state(WAITING);
        final Iterable<Long> auctions = waiting.get();
        if (auctions != null) {
            for (final Long auction : auctions) {
                out.collect(seller + "," + auction);
            }
            waiting.clear();
        }
    }

    @Override
    public void processElement2(final AuctionRecord auction, final Context<Long> ctx, final Collector<String> out) {
        final String seller = ctx.<ValueState<String>>state(SELLER).value();
        if (seller == null) {
            ctx.<ListState<Long>>state(WAITING).add(auction.id());
        } else {
            out.collect(seller + "," + auction.id());
        }
    }
}
