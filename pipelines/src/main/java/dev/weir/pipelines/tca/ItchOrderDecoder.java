package dev.weir.pipelines.tca;

import dev.weir.codec.itch.AddOrder;
import dev.weir.codec.itch.ItchMessageType;
import dev.weir.codec.itch.OrderCancel;
import dev.weir.codec.itch.OrderDelete;
import dev.weir.codec.itch.OrderExecuted;
import dev.weir.codec.itch.OrderExecutedWithPrice;
import dev.weir.codec.itch.OrderReplace;
import dev.weir.codec.itch.Trade;
import dev.weir.pipelines.replay.DecodedEvents;
import dev.weir.pipelines.replay.EventPool;
import dev.weir.pipelines.replay.Payload;
import dev.weir.pipelines.replay.PayloadDecoder;
import dev.weir.pipelines.replay.ReplayContext;
import dev.weir.pipelines.trades.ItchTradeDecoder;
import dev.weir.pipelines.trades.SymbolKey;
import dev.weir.pipelines.trades.SymbolKeys;
import dev.weir.pipelines.trades.TradePrint;
import java.util.Map;
import org.agrona.DirectBuffer;

/**
 * Decodes ITCH 5.0 over MoldUDP64 (or files of length-prefixed messages) into {@link OrderEvent}s: every add
 * ({@code A}, {@code F}), execution ({@code E}, {@code C}), cancel ({@code X}), delete ({@code D}), replace ({@code U})
 * and non-cross trade ({@code P}), in sequence order, with the stock each belongs to. The sequencing (reordered packets
 * held and put back in place, repeats dropped, gaps warned) is {@link ItchTradeDecoder}'s, whose message tap this
 * decoder is; its counts are the trade decoder's. A message names its stock by locate code: the stock is the one last
 * added with that locate (its first {@code A}, {@code F} or {@code P}); a message of a locate never seen is skipped.
 * Event time: the message's timestamp in milliseconds, rounded down; each event carries its index in the decoder's
 * output ({@link OrderEvent#messageIndex()}). Allocates only for a new symbol once warm. One
 * decoder per reading thread; not thread-safe.
 */
public final class ItchOrderDecoder implements PayloadDecoder<OrderEvent> {
    private static final DecodedEvents<TradePrint> NO_TRADES = (trade, millis) -> { };

    private final ItchTradeDecoder sequenced;
    private final EventPool<OrderEvent> pool;
    private final SymbolKeys symbols = new SymbolKeys();
    private final AddOrder add = new AddOrder();
    private final OrderExecuted executed = new OrderExecuted();
    private final OrderExecutedWithPrice executedWithPrice = new OrderExecutedWithPrice();
    private final OrderCancel cancel = new OrderCancel();
    private final OrderDelete delete = new OrderDelete();
    private final OrderReplace replace = new OrderReplace();
    private final Trade trade = new Trade();
    private DecodedEvents<OrderEvent> events = (event, millis) -> { };
    private long emitted;

    /** @param context where gap warnings go, and the size of the event pool */
    public ItchOrderDecoder(final ReplayContext context) {
        this.sequenced = new ItchTradeDecoder(context, this::message);
        this.pool = new EventPool<>(poolSize(context.eventPoolSize()), OrderEvent::new);
    }

    /**
     * The end of a gap may release a whole hold at once: room for the events of a full hold (the shortest message that
     * makes one, {@code D}, takes 21 bytes with its length field) on top of what the replay asks for.
     */
    private static int poolSize(final int replaySize) {
        final int wanted = replaySize + ItchTradeDecoder.DEFAULT_HOLD_BYTES / (ItchMessageType.ORDER_DELETE.length() + 2);
        return Integer.highestOneBit(wanted - 1) << 1;
    }

    @Override
    public void decode(final Payload datagram, final DecodedEvents<OrderEvent> decoded) {
        this.events = decoded;
        sequenced.decode(datagram, NO_TRADES);
    }

    @Override
    public boolean readsItchMessages() {
        return true;
    }

    @Override
    public void endOfInput() {
        sequenced.endOfInput();
    }

    @Override
    public Map<String, Long> counts() {
        return sequenced.counts();
    }

    private void message(final ItchMessageType type, final DirectBuffer buffer, final int at, final int length) {
        switch (type) {
            case ADD_ORDER, ADD_ORDER_WITH_MPID -> {
                add.wrap(buffer, at, length);
                emit(type, symbols.intern(add.stockLocate(), add.stock()), add.orderReference(), 0, add.side(), add.price(), add.shares(),
                        true, add.timestamp());
            }
            case ORDER_EXECUTED -> {
                executed.wrap(buffer, at, length);
                emit(type, symbols.ofLocate(executed.stockLocate()), executed.orderReference(), 0, ' ', 0, executed.executedShares(), true,
                        executed.timestamp());
            }
            case ORDER_EXECUTED_WITH_PRICE -> {
                executedWithPrice.wrap(buffer, at, length);
                emit(type, symbols.ofLocate(executedWithPrice.stockLocate()), executedWithPrice.orderReference(), 0, ' ',
                        executedWithPrice.executionPrice(), executedWithPrice.executedShares(), executedWithPrice.printable() == 'Y',
                        executedWithPrice.timestamp());
            }
            case ORDER_CANCEL -> {
                cancel.wrap(buffer, at, length);
                emit(type, symbols.ofLocate(cancel.stockLocate()), cancel.orderReference(), 0, ' ', 0, cancel.cancelledShares(), true,
                        cancel.timestamp());
            }
            case ORDER_DELETE -> {
                delete.wrap(buffer, at, length);
                emit(type, symbols.ofLocate(delete.stockLocate()), delete.orderReference(), 0, ' ', 0, 0, true, delete.timestamp());
            }
            case ORDER_REPLACE -> {
                replace.wrap(buffer, at, length);
                emit(type, symbols.ofLocate(replace.stockLocate()), replace.originalOrderReference(), replace.newOrderReference(), ' ',
                        replace.price(), replace.shares(), true, replace.timestamp());
            }
            case TRADE -> {
                trade.wrap(buffer, at, length);
                emit(type, symbols.intern(trade.stockLocate(), trade.stock()), 0, 0, ' ', trade.price(), trade.shares(), true,
                        trade.timestamp());
            }
            default -> {
                // the other messages neither move a book nor print a non-cross trade
            }
        }
    }

    private void emit(final ItchMessageType type, final SymbolKey symbol, final long reference, final long newReference, final char side,
            final long price, final long shares, final boolean printable, final long timestampNanos) {
        if (symbol == null) {
            return;
        }
        events.emit(pool.next().set(type, symbol, reference, newReference, side, price, shares, printable, timestampNanos).index(emitted++),
                timestampNanos / 1_000_000L);
    }
}
