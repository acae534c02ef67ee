package dev.weir.pipelines.trades;

import dev.weir.pipelines.itch.AddOrder;
import dev.weir.pipelines.itch.ItchMessageCounts;
import dev.weir.pipelines.itch.ItchMessageType;
import dev.weir.pipelines.itch.MoldFormatException;
import dev.weir.pipelines.itch.MoldSequenceListener;
import dev.weir.pipelines.itch.MoldSequenceTracker;
import dev.weir.pipelines.itch.MoldUdp64Packet;
import dev.weir.pipelines.itch.OrderCancel;
import dev.weir.pipelines.itch.OrderDelete;
import dev.weir.pipelines.itch.OrderExecuted;
import dev.weir.pipelines.itch.OrderExecutedWithPrice;
import dev.weir.pipelines.itch.OrderReplace;
import dev.weir.pipelines.itch.Trade;
import dev.weir.pipelines.replay.DecodedEvents;
import dev.weir.pipelines.replay.EventPool;
import dev.weir.pipelines.replay.PayloadDecoder;
import dev.weir.pipelines.replay.PayloadFormatException;
import dev.weir.pipelines.replay.ReplayContext;
import dev.weir.pipelines.replay.ReplayDatagram;
import dev.weir.pipelines.replay.ReplayWarnings;
import java.util.LinkedHashMap;
import java.util.Map;
import org.agrona.DirectBuffer;

/**
 * Turns MoldUDP64 payloads of NASDAQ TotalView-ITCH 5.0 into {@link TradePrint}s, keeping the open orders
 * ({@link OpenOrders}) that executions refer to. Per payload: the packet is checked (a message count that does
 * not fit the bytes is a {@link PayloadFormatException} with the payload offset and reason of the MoldUDP64
 * check), its sequence numbers tracked per session (a gap is a warning, messages seen before are skipped and
 * counted), and every new message counted by type and applied:
 * <ul>
 *   <li>{@code A}, {@code F} add an order; {@code U} replaces one (new reference, price and shares, same stock);
 *       {@code X} takes shares off one, {@code D} removes it;</li>
 *   <li>{@code E} prints a trade at the order's current price in the order's stock, of the executed shares, and
 *       takes them off the order; an {@code E} or {@code C} of an order that is not open (one added before the
 *       capture began) is counted as an execution of an unknown order and prints nothing;</li>
 *   <li>{@code C} takes the shares off the order too, and prints a trade at its execution price only when it is
 *       printable ({@code Y});</li>
 *   <li>{@code P} prints a trade at its own price in its own stock;</li>
 *   <li>{@code Q} (crosses) and {@code B} (broken trades) print nothing, nor do the other types; unknown types and
 *       messages of the wrong length are counted and skipped.</li>
 * </ul>
 * A trade's event time is its ITCH timestamp in milliseconds since midnight (rounded down).
 *
 * <p>Allocates nothing per message once warm: the events come from an {@link EventPool}, the symbol keys are
 * interned ({@link SymbolKeys}), and only a new symbol, a growing order table or a warning allocates. One
 * decoder per reading thread; not thread-safe.
 */
public final class ItchTradeDecoder implements PayloadDecoder<TradePrint> {
    /** Orders the table holds before it first grows; a busy day has a few hundred thousand open at once. */
    private static final int INITIAL_ORDERS = 1 << 16;

    private final ReplayWarnings warnings;
    private final EventPool<TradePrint> pool;
    private final MoldUdp64Packet packet = new MoldUdp64Packet();
    private final MoldSequenceTracker tracker = new MoldSequenceTracker(new GapWarnings());
    private final ItchMessageCounts counts = new ItchMessageCounts();
    private final SymbolKeys symbols = new SymbolKeys();
    private final OpenOrders orders = new OpenOrders(INITIAL_ORDERS);
    private final AddOrder addOrder = new AddOrder();
    private final OrderExecuted executed = new OrderExecuted();
    private final OrderExecutedWithPrice executedWithPrice = new OrderExecutedWithPrice();
    private final OrderCancel cancel = new OrderCancel();
    private final OrderDelete delete = new OrderDelete();
    private final OrderReplace replace = new OrderReplace();
    private final Trade trade = new Trade();
    private long unknownOrderExecutions;
    private long trades;
    /** The datagram being decoded, for warnings. */
    private String fileName = "";
    private long packetNumber;

    /** @param context where gap warnings go, and the size of the event pool */
    public ItchTradeDecoder(final ReplayContext context) {
        this.warnings = context.warnings();
        this.pool = new EventPool<>(context.eventPoolSize(), TradePrint::new);
    }

    @Override
    public void decode(final ReplayDatagram datagram, final DecodedEvents<TradePrint> events) {
        decode(datagram.buffer(), datagram.payloadOffset(), datagram.payloadLength(), datagram.fileName(),
            datagram.packetNumber(), events);
    }

    /**
     * Decodes one MoldUDP64 payload, as {@link #decode(ReplayDatagram, DecodedEvents)} does for a captured one.
     *
     * @param buffer the bytes
     * @param offset where the payload starts in the buffer
     * @param length the payload's length in bytes
     * @param file the capture file's name, for warnings
     * @param packetInFile the packet's 1-based number in its file, for warnings
     * @param events where the trades go, in message order
     * @throws PayloadFormatException if the payload's messages do not add up to its bytes
     */
    public void decode(final DirectBuffer buffer, final int offset, final int length, final String file,
            final long packetInFile, final DecodedEvents<TradePrint> events) {
        try {
            packet.wrap(buffer, offset, length);
        } catch (final MoldFormatException e) {
            throw new PayloadFormatException(e.payloadOffset(), e.reason());
        }
        this.fileName = file;
        this.packetNumber = packetInFile;
        final int firstNew = tracker.track(packet);
        while (packet.next()) {
            if (packet.messageIndex() >= firstNew) {
                apply(buffer, packet.messageOffset(), packet.messageLength(), events);
            }
        }
    }

    private void apply(final DirectBuffer buffer, final int at, final int length, final DecodedEvents<TradePrint> events) {
        final ItchMessageType type = counts.classify(buffer, at, length);
        if (type == null) {
            return;
        }
        switch (type) {
            case ADD_ORDER, ADD_ORDER_WITH_MPID -> {
                addOrder.wrap(buffer, at, length);
                symbols.intern(addOrder.stockLocate(), addOrder.stock());
                orders.add(addOrder.orderReference(), addOrder.stockLocate(), addOrder.price(), addOrder.shares());
            }
            case ORDER_EXECUTED -> {
                executed.wrap(buffer, at, length);
                final int slot = executedOrder(executed.orderReference());
                if (slot < 0) {
                    return;
                }
                print(symbols.ofLocate(orders.locateAt(slot)), orders.priceAt(slot), executed.executedShares(),
                    executed.timestamp(), type, events);
                orders.reduceAt(slot, executed.executedShares());
            }
            case ORDER_EXECUTED_WITH_PRICE -> {
                executedWithPrice.wrap(buffer, at, length);
                final int slot = executedOrder(executedWithPrice.orderReference());
                if (slot < 0) {
                    return;
                }
                if (executedWithPrice.printable() == 'Y') {
                    print(symbols.ofLocate(orders.locateAt(slot)), executedWithPrice.executionPrice(),
                        executedWithPrice.executedShares(), executedWithPrice.timestamp(), type, events);
                }
                orders.reduceAt(slot, executedWithPrice.executedShares());
            }
            case ORDER_CANCEL -> {
                cancel.wrap(buffer, at, length);
                orders.reduce(cancel.orderReference(), cancel.cancelledShares());
            }
            case ORDER_DELETE -> orders.remove(delete.wrap(buffer, at, length).orderReference());
            case ORDER_REPLACE -> {
                replace.wrap(buffer, at, length);
                orders.replace(replace.originalOrderReference(), replace.newOrderReference(), replace.price(), replace.shares());
            }
            case TRADE -> {
                trade.wrap(buffer, at, length);
                print(symbols.intern(trade.stockLocate(), trade.stock()), trade.price(), trade.shares(), trade.timestamp(),
                    type, events);
            }
            default -> {
                // crosses (Q), broken trades (B) and the rest print no trade: counted above, nothing more
            }
        }
    }

    /** @return the executed order's slot, or -1 (counted) for an order not on the book */
    private int executedOrder(final long reference) {
        final int slot = orders.find(reference);
        if (slot < 0) {
            unknownOrderExecutions++;
        }
        return slot;
    }

    private void print(final SymbolKey symbol, final long price, final long shares, final long timestampNanos,
            final ItchMessageType type, final DecodedEvents<TradePrint> events) {
        trades++;
        events.emit(pool.next().set(symbol, price, shares, timestampNanos, type), TradePrint.eventTimeMillis(timestampNanos));
    }

    /**
     * The counts for the replay's summary, in this order: {@code messages} (all decoded), {@code messages T} for
     * each ITCH type T seen, {@code unknown message types}, {@code mis-sized messages}, {@code trades} (printed),
     * {@code executions of unknown orders}, {@code sequence gaps}, {@code missed messages} (in the gaps),
     * {@code duplicate messages} (skipped) and {@code open orders} (on the book at the end).
     */
    @Override
    public Map<String, Long> counts() {
        final Map<String, Long> summary = new LinkedHashMap<>();
        summary.put("messages", counts.total());
        for (final ItchMessageType type : ItchMessageType.values()) {
            if (counts.count(type) > 0) {
                summary.put("messages " + type.code(), counts.count(type));
            }
        }
        summary.put("unknown message types", counts.unknown());
        summary.put("mis-sized messages", counts.misSized());
        summary.put("trades", trades);
        summary.put("executions of unknown orders", unknownOrderExecutions);
        summary.put("sequence gaps", tracker.gaps());
        summary.put("missed messages", tracker.missedMessages());
        summary.put("duplicate messages", tracker.duplicateMessages());
        summary.put("open orders", (long) orders.size());
        return summary;
    }

    /** Turns the tracker's gaps into warnings naming the file and packet where they showed. */
    private final class GapWarnings implements MoldSequenceListener {
        @Override
        public void gap(final String session, final long from, final long to) {
            warnings.warn(fileName + ": packet " + packetNumber + ": MoldUDP64 session " + session.trim() + ": gap, expected sequence "
                + from + ", got " + (to + 1) + " (" + (to - from + 1) + " messages lost): bars may be wrong");
        }

        @Override
        public void endOfSession(final String session, final long nextSequence) {
            // the end of a session is normal: the next file or session goes on
        }
    }
}
