package dev.weir.pipelines.trades;

import dev.weir.codec.itch.AddOrder;
import dev.weir.codec.itch.HeldPackets;
import dev.weir.codec.itch.ItchMessageCounts;
import dev.weir.codec.itch.ItchMessageType;
import dev.weir.codec.itch.MoldFormatException;
import dev.weir.codec.itch.MoldSequenceListener;
import dev.weir.codec.itch.MoldSequenceTracker;
import dev.weir.codec.itch.MoldUdp64Packet;
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
import dev.weir.pipelines.replay.PayloadFormatException;
import dev.weir.pipelines.replay.ReplayContext;
import dev.weir.pipelines.replay.ReplayWarnings;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.agrona.DirectBuffer;

/**
 * Turns MoldUDP64 payloads of NASDAQ TotalView-ITCH 5.0 into {@link TradePrint}s, keeping the open orders
 * ({@link OpenOrders}) that executions refer to. Per payload: the packet is checked (a message count that does
 * not fit the bytes is a {@link PayloadFormatException} with the payload offset and reason of the MoldUDP64
 * check) and put back in sequence order per session, then its sequence numbers tracked (messages seen before are
 * skipped and counted, the first time with a warning) and every new message counted by type and applied:
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
 * <p>Reordering: UDP may deliver a packet after later ones. A packet (heartbeats and end-of-session packets
 * included) that starts past its session's next expected sequence number is copied into a preallocated hold
 * ({@link HeldPackets}) with its file name and packet number, and waits; packets are decoded strictly in sequence,
 * so when the missing one comes, it and the held packets that now follow are decoded. A gap is declared lost (one
 * warning naming the first packet after it; counted in {@code sequence gaps} and {@code missed messages}) only when
 * the hold would pass its bound (by default {@value #DEFAULT_HOLD_PACKETS} packets or 4 MiB of payloads, counted
 * from the oldest packet still held; the session of that packet gives up its first gap, and so on until there is
 * room) or at {@link #endOfInput()}. A packet below the next expected number is a repeat, skipped and counted; so
 * is a copy of a held packet. A packet that carries messages after a later packet of its session arrived, and
 * brings messages not yet decoded, counts in {@code reordered packets}. The hold takes the bound's bytes once, at
 * construction, plus about 50 bytes per packet of the bound and 4 bytes per packet of the bound for each session;
 * the event pool has one more event per 33 bytes of the bound, since one packet may release a whole hold's trades.
 *
 * <p>Allocates nothing per message once warm: the events come from an {@link EventPool}, the symbol keys are
 * interned ({@link SymbolKeys}), held packets go into the preallocated hold, and only a new symbol, a new session,
 * a growing order table or a warning allocates. One decoder per reading thread; not thread-safe.
 */
public final class ItchTradeDecoder implements PayloadDecoder<TradePrint> {
    /** Orders the table holds before it first grows; a busy day has a few hundred thousand open at once. */
    private static final int INITIAL_ORDERS = 1 << 16;
    /** Packets held while a gap is open before it is declared lost, by default. */
    public static final int DEFAULT_HOLD_PACKETS = 1_000;
    /** Payload bytes held while a gap is open before it is declared lost, by default: 4 MiB. */
    public static final int DEFAULT_HOLD_BYTES = 4 << 20;
    /** The most payload bytes a hold may have: 256 MiB. */
    public static final int MAX_HOLD_BYTES = 256 << 20;

    private final ReplayWarnings warnings;
    private final EventPool<TradePrint> pool;
    private final MoldUdp64Packet packet = new MoldUdp64Packet();
    private final MoldSequenceTracker tracker = new MoldSequenceTracker(new GapWarnings());
    private final HeldPackets held;
    /** Re-pointed at each held packet as it is decoded. */
    private final MoldUdp64Packet heldPacket = new MoldUdp64Packet();
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
    /** Sees each message before it is applied; null for none. */
    private final ItchMessageTap tap;
    private long unknownOrderExecutions;
    /** Per session, one past the highest sequence number any packet has carried or announced. */
    private long[] reached = new long[4];
    private long reorderedPackets;
    /** Messages of copies of held packets, dropped on arrival. */
    private long heldDuplicateMessages;
    /** Where the trades of the last {@link #decode} call went: held trades go there at the end of the input too. */
    private DecodedEvents<TradePrint> events = (trade, millis) -> { };
    private long trades;
    /** The datagram being decoded, for warnings. */
    private String fileName = "";
    private long packetNumber;
    /** Repeats are warned once: a capture of both feed lines of a session repeats every packet. */
    private boolean warnedRepeats;

    /** @param context where gap warnings go, and the size of the event pool; the hold has its default bound */
    public ItchTradeDecoder(final ReplayContext context) {
        this(context, DEFAULT_HOLD_PACKETS, DEFAULT_HOLD_BYTES);
    }

    /**
     * @param context where gap warnings go, and the size of the event pool
     * @param holdPackets the most packets held while a gap is open (counted from the oldest still held), at least 1
     * @param holdBytes the most payload bytes held likewise, 20 to {@value #MAX_HOLD_BYTES}; preallocated, and the event
     *     pool grows by one event per 33 bytes, since the end of a gap may release a whole hold's trades at once
     */
    public ItchTradeDecoder(final ReplayContext context, final int holdPackets, final int holdBytes) {
        this(context, holdPackets, holdBytes, null);
    }

    /**
     * @param context where gap warnings go, and the size of the event pool; the hold has its default bound
     * @param tap sees every message in sequence order before it is applied
     */
    public ItchTradeDecoder(final ReplayContext context, final ItchMessageTap tap) {
        this(context, DEFAULT_HOLD_PACKETS, DEFAULT_HOLD_BYTES, tap);
    }

    private ItchTradeDecoder(final ReplayContext context, final int holdPackets, final int holdBytes, final ItchMessageTap tap) {
        this.tap = tap;
        this.warnings = context.warnings();
        this.pool = new EventPool<>(poolSize(context.eventPoolSize(), holdBytes), TradePrint::new);
        this.held = new HeldPackets(holdPackets, holdBytes);
    }

    /**
     * One call may release everything held, so the pool has room for the trades of a full hold on top of what the
     * replay asks for: the shortest message that prints a trade ({@code E}) takes 33 bytes with its length field.
     */
    private static int poolSize(final int replaySize, final int holdBytes) {
        if (holdBytes > MAX_HOLD_BYTES) {
            throw new IllegalArgumentException("bytes to hold must be at most " + MAX_HOLD_BYTES + ": " + holdBytes);
        }
        final int wanted = replaySize + Math.max(0, holdBytes) / (ItchMessageType.ORDER_EXECUTED.length() + 2);
        return wanted == 1 ? 1 : Integer.highestOneBit(wanted - 1) << 1;
    }

    @Override
    public void decode(final Payload datagram, final DecodedEvents<TradePrint> events) {
        if (datagram.itchMessage()) {
            decodeMessage(datagram.buffer(), datagram.payloadOffset(), datagram.payloadLength(), events);
            return;
        }
        decode(datagram.buffer(), datagram.payloadOffset(), datagram.payloadLength(), datagram.fileName(),
            datagram.packetNumber(), events);
    }

    /** Takes the messages of files of length-prefixed ITCH messages too: they have no MoldUDP64, so no sequence numbers. */
    @Override
    public boolean readsItchMessages() {
        return true;
    }

    /**
     * Decodes one ITCH message that came without MoldUDP64 (from a file of length-prefixed messages): counted by type
     * and applied to the book like a message of a packet in sequence; there is no sequence number, so no gap or repeat.
     *
     * @param buffer the bytes
     * @param offset where the message's type byte is
     * @param length the message's length
     * @param events where its trade goes, if it prints one
     */
    public void decodeMessage(final DirectBuffer buffer, final int offset, final int length, final DecodedEvents<TradePrint> events) {
        this.events = events;
        apply(buffer, offset, length, events);
    }

    /**
     * Decodes one MoldUDP64 payload, as {@link #decode(Payload, DecodedEvents)} does for a captured one: a
     * packet ahead of its session's next expected sequence number is copied and held until the packets before it
     * come (or the hold is full, or the input ends); the trades of every packet it lets through, and of the held
     * ones that then follow in sequence, go to {@code events}.
     *
     * @param buffer the bytes
     * @param offset where the payload starts in the buffer
     * @param length the payload's length in bytes
     * @param file the capture file's name, for warnings
     * @param packetInFile the packet's 1-based number in its file, for warnings
     * @param events where the trades go, in sequence order; {@link #endOfInput()} sends the trades still held
     *     here too
     * @throws PayloadFormatException if the payload's messages do not add up to its bytes
     */
    public void decode(final DirectBuffer buffer, final int offset, final int length, final String file,
            final long packetInFile, final DecodedEvents<TradePrint> events) {
        try {
            packet.wrap(buffer, offset, length);
        } catch (final MoldFormatException e) {
            throw new PayloadFormatException(e.payloadOffset(), e.reason());
        }
        this.events = events;
        final int session = tracker.sessionIndex(packet);
        final long sequence = packet.sequenceNumber();
        final int carried = packet.carriedMessages();
        if (tracker.nextSequence(session) >= 0 && sequence > tracker.nextSequence(session)) {
            if (carried > 0 && held.holds(session, sequence, carried)) {
                heldDuplicateMessages += carried;
                this.fileName = file;
                this.packetNumber = packetInFile;
                warnRepeats(packet, carried);
                return;
            }
            countArrival(session, sequence, carried);
            while (!held.fits(length) && held.size() > 0) {
                declareGap(held.oldestSession());
            }
            if (sequence > tracker.nextSequence(session) && held.fits(length)) {
                held.hold(session, packet, file, packetInFile);
                return;
            }
        } else {
            countArrival(session, sequence, carried);
        }
        decodeInSequence(packet, file, packetInFile);
        releaseFollowing(session);
    }

    /**
     * Counts a packet that carries messages after a later one of its session, and notes how far the session has
     * reached.
     */
    private void countArrival(final int session, final long sequence, final int carried) {
        if (session >= reached.length) {
            reached = Arrays.copyOf(reached, Math.max(session + 1, reached.length * 2));
        }
        final long next = tracker.nextSequence(session);
        if (next >= 0 && carried > 0 && sequence < reached[session] && sequence + carried > next) {
            reorderedPackets++;
        }
        reached[session] = Math.max(reached[session], sequence + carried);
    }

    /** Decodes the held packets of the session that now follow in sequence (or repeat what came). */
    private void releaseFollowing(final int session) {
        for (int slot = held.first(session); slot >= 0 && held.sequenceAt(slot) <= tracker.nextSequence(session);
                slot = held.first(session)) {
            decodeHeld(session, slot);
        }
    }

    /** Gives up waiting for the session's first missing messages: decodes its next held packet (the tracker warns the gap). */
    private void declareGap(final int session) {
        decodeHeld(session, held.first(session));
        releaseFollowing(session);
    }

    private void decodeHeld(final int session, final int slot) {
        final String file = held.fileAt(slot);
        final long packetInFile = held.packetNumberAt(slot);
        held.wrap(slot, heldPacket);
        held.releaseFirst(session);
        decodeInSequence(heldPacket, file, packetInFile);
    }

    private void decodeInSequence(final MoldUdp64Packet inSequence, final String file, final long packetInFile) {
        this.fileName = file;
        this.packetNumber = packetInFile;
        final int firstNew = tracker.track(inSequence);
        if (firstNew > 0) {
            warnRepeats(inSequence, firstNew);
        }
        final DirectBuffer buffer = inSequence.buffer();
        while (inSequence.next()) {
            if (inSequence.messageIndex() >= firstNew) {
                apply(buffer, inSequence.messageOffset(), inSequence.messageLength(), events);
            }
        }
    }

    /**
     * Declares the gaps still open lost: per session, in sequence order, each gap is warned and the held packets
     * after it are decoded, their trades going to the {@code events} of the last {@link #decode} call.
     */
    @Override
    public void endOfInput() {
        for (int session = 0; session < tracker.sessions(); session++) {
            while (held.first(session) >= 0) {
                declareGap(session);
            }
        }
    }

    private void apply(final DirectBuffer buffer, final int at, final int length, final DecodedEvents<TradePrint> events) {
        final ItchMessageType type = counts.classify(buffer, at, length);
        if (type == null) {
            return;
        }
        if (tap != null) {
            tap.message(type, buffer, at, length);
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

    private void warnRepeats(final MoldUdp64Packet repeat, final int repeated) {
        if (warnedRepeats) {
            return;
        }
        warnedRepeats = true;
        warnings.warn(fileName + ": packet " + packetNumber + ": MoldUDP64 session " + repeat.sessionText().trim() + ": "
            + repeated + " messages seen before skipped (sequence " + repeat.sequenceNumber() + " to "
            + (repeat.sequenceNumber() + repeated - 1) + "): a repeated or reordered packet; later repeats are only counted");
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
     * {@code duplicate messages} (skipped), {@code reordered packets} (arrived after a later packet of their session
     * and decoded in their place) and {@code open orders} (on the book at the end).
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
        summary.put("duplicate messages", tracker.duplicateMessages() + heldDuplicateMessages);
        summary.put("reordered packets", reorderedPackets);
        summary.put("open orders", (long) orders.size());
        return summary;
    }

    /** Turns the tracker's gaps into warnings naming the file and packet where they showed. */
    private final class GapWarnings implements MoldSequenceListener {
        @Override
        public void gap(final String session, final long from, final long to) {
            warnings.warn(fileName + ": packet " + packetNumber + ": MoldUDP64 session " + session.trim() + ": gap, expected sequence "
                + from + ", got " + (to + 1) + " (" + (to - from + 1) + (to == from ? " message" : " messages")
                + " lost): bars may be wrong");
        }

        @Override
        public void endOfSession(final String session, final long nextSequence) {
            // the end of a session is normal: the next file or session goes on
        }
    }
}
