package dev.weir.pipelines.tca;

import dev.weir.operator.Collector;
import dev.weir.operator.KeyedProcessFunction;
import dev.weir.pipelines.trades.SymbolKey;
import dev.weir.state.ValueState;
import dev.weir.state.ValueStateDescriptor;
import java.io.Serializable;

/**
 * Keeps the top of book of each stock, keyed by {@link SymbolKey}, from its order messages in sequence order
 * ({@link ItchOrderDecoder}): an add ({@code A}, {@code F}) puts the order on its side at its price; an execution
 * ({@code E}, {@code C}) and a cancel ({@code X}) take shares off it (at 0 it leaves the book); a delete ({@code D})
 * takes it off; a replace ({@code U}) takes the original off and puts the new reference on the same side with the new
 * price and shares. A message of an order not on the book changes nothing. After each message whose best bid or best
 * ask differs from the last emitted, it emits a {@link Quote}. It emits the trades too, as {@link TcaTrade}s: an
 * {@code E} at the order's price, a printable {@code C} at its execution price, a {@code P} at its price; a trade is
 * emitted before the quote its own message causes, so the quote last emitted before a trade is the top of book it met.
 * Both are {@link BookPrint}s of one stream, which filters split.
 * Event time plays no part: messages are taken as they come, which for one stock is sequence order. Holds nothing but
 * constants, so that it can be shipped. Not thread-safe: one per keyed task.
 */
public final class TopOfBook implements KeyedProcessFunction<SymbolKey, OrderEvent, BookPrint>, Serializable {
    private static final long serialVersionUID = 1L;
    private static final ValueStateDescriptor<SymbolBook> BOOK = new ValueStateDescriptor<>("symbol-book");

    @Override
    public void processElement(final OrderEvent event, final Context<SymbolKey> ctx, final Collector<BookPrint> out) {
        final ValueState<SymbolBook> state = ctx.state(BOOK);
        SymbolBook book = state.value();
        if (book == null) {
            book = new SymbolBook();
        }
        final String symbol = event.symbol().text();
        switch (event.type()) {
            case ADD_ORDER, ADD_ORDER_WITH_MPID -> book.add(event.reference(), event.side() == 'B', event.price(), event.shares());
            case ORDER_EXECUTED -> {
                final long price = book.priceOf(event.reference());
                if (price != 0) {
                    out.collect(new TcaTrade(symbol, event.timestampNanos(), price, event.shares()));
                }
                book.reduce(event.reference(), event.shares());
            }
            case ORDER_EXECUTED_WITH_PRICE -> {
                if (event.printable() && book.priceOf(event.reference()) != 0) {
                    out.collect(new TcaTrade(symbol, event.timestampNanos(), event.price(), event.shares()));
                }
                book.reduce(event.reference(), event.shares());
            }
            case ORDER_CANCEL -> book.reduce(event.reference(), event.shares());
            case ORDER_DELETE -> book.remove(event.reference());
            case ORDER_REPLACE -> book.replace(event.reference(), event.newReference(), event.price(), event.shares());
            case TRADE -> out.collect(new TcaTrade(symbol, event.timestampNanos(), event.price(), event.shares()));
            default -> {
                // the decoder emits no other type
            }
        }
        if (book.topChanged()) {
            book.takeTop();
            out.collect(new Quote(symbol, event.timestampNanos(), book.bestBid(), book.bestAsk()));
        }
        state.update(book);
    }
}
