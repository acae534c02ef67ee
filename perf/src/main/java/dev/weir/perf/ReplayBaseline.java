package dev.weir.perf;

import dev.weir.codec.capture.CaptureFile;
import dev.weir.codec.capture.CaptureFormatException;
import dev.weir.codec.capture.CapturePacket;
import dev.weir.codec.capture.Datagram;
import dev.weir.codec.capture.DatagramDecoder;
import dev.weir.codec.capture.DatagramFilter;
import dev.weir.codec.itch.AddOrder;
import dev.weir.codec.itch.ItchMessageType;
import dev.weir.codec.itch.MoldFormatException;
import dev.weir.codec.itch.MoldUdp64Packet;
import dev.weir.codec.itch.OrderCancel;
import dev.weir.codec.itch.OrderDelete;
import dev.weir.codec.itch.OrderExecuted;
import dev.weir.codec.itch.OrderExecutedWithPrice;
import dev.weir.codec.itch.OrderReplace;
import dev.weir.codec.itch.Trade;
import java.nio.file.Path;
import java.util.List;
import org.agrona.DirectBuffer;

/**
 * The replay benchmark's baseline and the oracle of the {@code ohlcv} replay job: one thread, one loop, reading
 * ITCH 5.0 over MoldUDP64 from capture files (capture file, UDP datagram, MoldUDP64 packet, ITCH flyweight
 * decoders), keeping the resting orders in primitive maps ({@link RestingOrders}) and computing per-symbol 1 s
 * tumbling bars (open, high, low, close, volume, trades) of the trades it sees ({@link OpenBars}). No threads,
 * rings, pooled events, keyed state or timers: the cost of the work itself.
 *
 * <p>Trades: an {@code E} prints at the executed order's current price in its stock; a {@code C} prints at its
 * own price only when printable ({@code Y}); a {@code P} prints at its price in its stock. {@code A}/{@code F}
 * add an order, {@code U} replaces one (new reference, price and shares, the same stock), {@code E}, {@code C}
 * and {@code X} take shares off one (it leaves the book with none left), {@code D} removes one. An execution of
 * an order not on the book prints nothing. A trade's event time is its ITCH timestamp in milliseconds since
 * midnight, rounded down. Messages a MoldUDP64 session repeats (sequence numbers already seen) are skipped;
 * unknown and mis-sized messages are counted and skipped.
 *
 * <p>Once its tables have grown to the capture's peak of open orders and open bars, the loop allocates nothing
 * per packet or message. Not thread-safe: one run at a time, on the calling thread.
 */
public final class ReplayBaseline {
    /** Orders the table holds before it first grows. */
    private static final int INITIAL_ORDERS = 1 << 16;

    private final OpenBars bars;
    private final RestingOrders orders = new RestingOrders(INITIAL_ORDERS);
    private final CapturePacket packet = new CapturePacket();
    private final Datagram datagram = new Datagram();
    private final DatagramDecoder datagrams = new DatagramDecoder(DatagramFilter.any());
    private final MoldUdp64Packet mold = new MoldUdp64Packet();
    private final AddOrder addOrder = new AddOrder();
    private final OrderExecuted executed = new OrderExecuted();
    private final OrderExecutedWithPrice executedWithPrice = new OrderExecutedWithPrice();
    private final OrderCancel cancel = new OrderCancel();
    private final OrderDelete delete = new OrderDelete();
    private final OrderReplace replace = new OrderReplace();
    private final Trade trade = new Trade();
    private final byte[] session = new byte[MoldUdp64Packet.SESSION_LENGTH];
    private boolean inSession;
    private long nextSequence;
    private long packets;
    private long messages;
    private long skippedMessages;
    private long trades;

    /** @param outOfOrdernessMillis the bound on out-of-orderness of the watermarks that close the bars, milliseconds */
    public ReplayBaseline(final long outOfOrdernessMillis) {
        this.bars = new OpenBars(outOfOrdernessMillis);
    }

    /**
     * Reads the files in order to their end and emits every bar: each as the watermark closes it, the rest at
     * the end.
     *
     * @param files capture files of MoldUDP64 datagrams
     * @param sink receives the bars
     * @return what was read
     * @throws CaptureFormatException if a file is not a capture, or a datagram's payload is not MoldUDP64 (naming the
     *         packet and the fault's offset within the payload)
     * @throws java.io.UncheckedIOException if a file cannot be read, naming it
     */
    public ReplayBaselineCounts run(final List<Path> files, final BarSink sink) {
        for (final Path file : files) {
            try (CaptureFile capture = CaptureFile.open(file)) {
                while (capture.next(packet)) {
                    packets++;
                    if (datagrams.decode(packet, datagram)) {
                        try {
                            payload(datagram.buffer(), datagram.payloadOffset(), datagram.payloadLength(), sink);
                        } catch (final MoldFormatException e) {
                            throw new CaptureFormatException(capture.name(), packet.fileOffset(), packet.ordinal(),
                                    "not a MoldUDP64 payload: at payload offset " + e.payloadOffset() + ": " + e.reason());
                        }
                    }
                }
            }
        }
        bars.endOfInput(sink);
        return counts();
    }

    /** @return what was read so far; allocates, so read it between runs */
    public ReplayBaselineCounts counts() {
        return new ReplayBaselineCounts(packets, datagrams.datagrams(), messages, skippedMessages, trades, bars.late(),
                bars.emitted(), bars.symbolCount(), orders.size());
    }

    /** @return messages decoded so far; for a sink that reports progress */
    public long messages() {
        return messages;
    }

    private void payload(final DirectBuffer buffer, final int offset, final int length, final BarSink sink) {
        mold.wrap(buffer, offset, length);
        if (!inSession || !mold.sessionEquals(session)) {
            mold.copySession(session);
            inSession = true;
            nextSequence = mold.sequenceNumber();
        }
        // a retransmission repeats messages already applied: skip up to the next expected sequence number
        final long alreadySeen = nextSequence - mold.sequenceNumber();
        nextSequence = Math.max(nextSequence, mold.sequenceNumber() + mold.carriedMessages());
        while (mold.next()) {
            if (mold.messageIndex() < alreadySeen) {
                skippedMessages++;
            } else {
                message(buffer, mold.messageOffset(), mold.messageLength(), sink);
            }
        }
    }

    private void message(final DirectBuffer buffer, final int at, final int length, final BarSink sink) {
        messages++;
        final ItchMessageType type = length > 0 ? ItchMessageType.of(buffer.getByte(at)) : null;
        if (type == null || type.length() != length) {
            skippedMessages++;
            return;
        }
        switch (type) {
            case ADD_ORDER, ADD_ORDER_WITH_MPID -> {
                addOrder.wrap(buffer, at, length);
                orders.add(addOrder.orderReference(), addOrder.stock(), addOrder.price(), addOrder.shares());
            }
            case ORDER_EXECUTED -> {
                executed.wrap(buffer, at, length);
                final long reference = executed.orderReference();
                final int slot = orders.find(reference);
                if (slot >= 0) {
                    print(orders.stockAt(slot), executed.timestamp(), orders.priceAt(slot), executed.executedShares(), sink);
                    orders.reduceAt(reference, slot, executed.executedShares());
                }
            }
            case ORDER_EXECUTED_WITH_PRICE -> {
                executedWithPrice.wrap(buffer, at, length);
                final long reference = executedWithPrice.orderReference();
                final int slot = orders.find(reference);
                if (slot >= 0) {
                    if (executedWithPrice.printable() == 'Y') {
                        print(orders.stockAt(slot), executedWithPrice.timestamp(), executedWithPrice.executionPrice(),
                                executedWithPrice.executedShares(), sink);
                    }
                    orders.reduceAt(reference, slot, executedWithPrice.executedShares());
                }
            }
            case ORDER_CANCEL -> {
                cancel.wrap(buffer, at, length);
                final long reference = cancel.orderReference();
                final int slot = orders.find(reference);
                if (slot >= 0) {
                    orders.reduceAt(reference, slot, cancel.cancelledShares());
                }
            }
            case ORDER_DELETE -> orders.remove(delete.wrap(buffer, at, length).orderReference());
            case ORDER_REPLACE -> {
                replace.wrap(buffer, at, length);
                final int slot = orders.find(replace.originalOrderReference());
                if (slot >= 0) {
                    final long stock = orders.stockAt(slot);
                    orders.remove(replace.originalOrderReference());
                    orders.add(replace.newOrderReference(), stock, replace.price(), replace.shares());
                }
            }
            case TRADE -> {
                trade.wrap(buffer, at, length);
                print(trade.stock(), trade.timestamp(), trade.price(), trade.shares(), sink);
            }
            default -> {
                // no other message changes the book or prints a trade
            }
        }
    }

    private void print(final long stock, final long timestampNanos, final long price, final long shares, final BarSink sink) {
        trades++;
        bars.trade(stock, timestampNanos / 1_000_000L, price, shares, sink);
    }
}
