package dev.weir.pipelines.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.codec.itch.AddOrder;
import dev.weir.codec.itch.Alpha;
import dev.weir.codec.itch.BrokenTrade;
import dev.weir.codec.itch.CrossTrade;
import dev.weir.codec.itch.ItchMessageCounts;
import dev.weir.codec.itch.ItchMessageType;
import dev.weir.codec.itch.MoldSequenceListener;
import dev.weir.codec.itch.MoldSequenceTracker;
import dev.weir.codec.itch.MoldUdp64Packet;
import dev.weir.codec.itch.OrderCancel;
import dev.weir.codec.itch.OrderDelete;
import dev.weir.codec.itch.OrderExecuted;
import dev.weir.codec.itch.OrderExecutedWithPrice;
import dev.weir.codec.itch.OrderReplace;
import dev.weir.codec.itch.StockDirectory;
import dev.weir.codec.itch.SystemEvent;
import dev.weir.codec.itch.Trade;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Test reader of a generated ITCH feed, in arrival order: decodes every message with the pipelines' decoders and
 * keeps its own book, asserting that the flow is consistent (only live orders executed, cancelled, deleted or
 * replaced, by no more shares than they have; references new when added; match numbers rising; breaks of earlier
 * matches) and counting what it saw. Messages repeated by a reordered packet are skipped as a receiver would.
 */
final class ItchFeedReplay implements MoldSequenceListener {
    private final MoldUdp64Packet packet = new MoldUdp64Packet();
    private final MoldSequenceTracker tracker = new MoldSequenceTracker(this);
    private final ItchMessageCounts counts = new ItchMessageCounts();
    private final Map<Long, long[]> book = new HashMap<>(); // reference -> locate, shares, price
    private final Set<Long> references = new HashSet<>();
    private final Set<Long> matches = new HashSet<>();
    private final List<String> systemEvents = new ArrayList<>();
    private final List<String> directory = new ArrayList<>();
    private final List<String> sessionEvents = new ArrayList<>();
    private final Set<Character> printables = new HashSet<>();
    private final Set<Character> crossTypes = new HashSet<>();
    private final Set<String> mpids = new HashSet<>();
    private long lastMatch;
    private long partialExecutions;
    private long fullExecutions;
    private long heartbeats;
    private long endsOfSession;
    private long firstTimestamp = -1;
    private long lastTimestamp = -1;
    private boolean timestampsInOrder = true;

    @Override
    public void gap(final String session, final long from, final long to) {
        sessionEvents.add("gap " + from + ".." + to);
    }

    @Override
    public void endOfSession(final String session, final long nextSequence) {
        sessionEvents.add("end " + session + " " + nextSequence);
    }

    /** Reads the datagrams in the order given; with {@code strict}, every order message must find its order. */
    void read(final List<ReadBack.Sent> datagrams, final boolean strict) {
        for (final ReadBack.Sent d : datagrams) {
            assertTrue(d.payload().length <= 1_400, "payload of " + d.payload().length);
            final UnsafeBuffer buffer = new UnsafeBuffer(d.payload());
            packet.wrap(buffer, 0, d.payload().length);
            heartbeats += packet.isHeartbeat() ? 1 : 0;
            endsOfSession += packet.isEndOfSession() ? 1 : 0;
            final int firstNew = tracker.track(packet);
            while (packet.next()) {
                if (packet.messageIndex() >= firstNew) {
                    message(buffer, packet.messageOffset(), packet.messageLength(), strict);
                }
            }
        }
    }

    private void message(final UnsafeBuffer buffer, final int at, final int length, final boolean strict) {
        final ItchMessageType type = counts.classify(buffer, at, length);
        assertNotNull(type, "a well-formed message");
        // the header is the same for every type: read it in place rather than through one type's decoder
        final long timestamp = (long) (buffer.getShort(at + 5, java.nio.ByteOrder.BIG_ENDIAN) & 0xFFFF) << 32
                | buffer.getInt(at + 7, java.nio.ByteOrder.BIG_ENDIAN) & 0xFFFF_FFFFL;
        timestampsInOrder &= timestamp >= lastTimestamp;
        lastTimestamp = timestamp;
        if (firstTimestamp < 0) {
            firstTimestamp = timestamp;
        }
        final int locate = buffer.getShort(at + 1, java.nio.ByteOrder.BIG_ENDIAN) & 0xFFFF;
        switch (type) {
            case SYSTEM_EVENT -> systemEvents.add(String.valueOf(new SystemEvent().wrap(buffer, at, length).eventCode()));
            case STOCK_DIRECTORY -> {
                final StockDirectory r = new StockDirectory().wrap(buffer, at, length);
                directory.add(r.stockLocate() + " " + Alpha.text(r.stock(), 8) + " " + r.roundLotSize());
            }
            case ADD_ORDER, ADD_ORDER_WITH_MPID -> {
                final AddOrder a = new AddOrder().wrap(buffer, at, length);
                assertTrue(references.add(a.orderReference()), "a new reference " + a.orderReference());
                assertEquals(directory.get(locate - 1).split(" ")[1], Alpha.text(a.stock(), 8), "the stock of locate " + locate);
                assertTrue(a.side() == 'B' || a.side() == 'S');
                assertTrue(a.shares() > 0 && a.price() > 0);
                if (a.hasAttribution()) {
                    mpids.add(Alpha.text(a.attribution(), 4));
                }
                book.put(a.orderReference(), new long[] {locate, a.shares(), a.price()});
            }
            case ORDER_EXECUTED -> {
                final OrderExecuted e = new OrderExecuted().wrap(buffer, at, length);
                reduce(e.orderReference(), locate, e.executedShares(), strict, true);
                match(e.matchNumber(), strict);
            }
            case ORDER_EXECUTED_WITH_PRICE -> {
                final OrderExecutedWithPrice c = new OrderExecutedWithPrice().wrap(buffer, at, length);
                printables.add(c.printable());
                assertTrue(c.executionPrice() > 0);
                reduce(c.orderReference(), locate, c.executedShares(), strict, true);
                match(c.matchNumber(), strict);
            }
            case ORDER_CANCEL -> {
                final OrderCancel x = new OrderCancel().wrap(buffer, at, length);
                final long[] order = reduce(x.orderReference(), locate, x.cancelledShares(), strict, false);
                assertTrue(order == null || order[1] > 0, "a cancel leaves part of the order");
            }
            case ORDER_DELETE -> {
                final OrderDelete d = new OrderDelete().wrap(buffer, at, length);
                final long[] order = book.remove(d.orderReference());
                assertTrue(order != null || !strict, "delete of a live order " + d.orderReference());
                assertTrue(order == null || order[0] == locate);
            }
            case ORDER_REPLACE -> {
                final OrderReplace u = new OrderReplace().wrap(buffer, at, length);
                final long[] order = book.remove(u.originalOrderReference());
                assertTrue(order != null || !strict, "replace of a live order " + u.originalOrderReference());
                assertTrue(order == null || order[0] == locate);
                assertTrue(references.add(u.newOrderReference()), "a new reference " + u.newOrderReference());
                assertTrue(u.shares() > 0 && u.price() > 0);
                book.put(u.newOrderReference(), new long[] {locate, u.shares(), u.price()});
            }
            case TRADE -> {
                final Trade p = new Trade().wrap(buffer, at, length);
                assertEquals(0, p.orderReference());
                assertEquals(directory.get(locate - 1).split(" ")[1], Alpha.text(p.stock(), 8));
                match(p.matchNumber(), strict);
            }
            case CROSS_TRADE -> {
                final CrossTrade q = new CrossTrade().wrap(buffer, at, length);
                crossTypes.add(q.crossType());
                assertEquals(directory.get(locate - 1).split(" ")[1], Alpha.text(q.stock(), 8));
                match(q.matchNumber(), strict);
            }
            case BROKEN_TRADE -> {
                final BrokenTrade b = new BrokenTrade().wrap(buffer, at, length);
                assertTrue(matches.contains(b.matchNumber()) || !strict, "a break of an earlier match " + b.matchNumber());
            }
            default -> assertTrue(locate >= 1 && locate <= directory.size(), type + " about a listed stock");
        }
    }

    private long[] reduce(final long reference, final int locate, final long shares, final boolean strict, final boolean execution) {
        final long[] order = book.get(reference);
        assertTrue(order != null || !strict, "an order on the book: " + reference);
        if (order == null) {
            return null;
        }
        assertEquals(order[0], locate, "the order's stock locate");
        assertTrue(shares > 0 && shares <= order[1], shares + " of " + order[1] + " shares");
        order[1] -= shares;
        if (execution) {
            if (order[1] == 0) {
                fullExecutions++;
                book.remove(reference);
            } else {
                partialExecutions++;
            }
        }
        return order;
    }

    private void match(final long matchNumber, final boolean strict) {
        if (strict) {
            assertEquals(lastMatch + 1, matchNumber, "match numbers count up");
        } else {
            assertTrue(matchNumber > lastMatch, "match numbers rise");
        }
        lastMatch = matchNumber;
        matches.add(matchNumber);
    }

    MoldSequenceTracker tracker() {
        return tracker;
    }

    ItchMessageCounts counts() {
        return counts;
    }

    List<String> systemEvents() {
        return systemEvents;
    }

    List<String> directory() {
        return directory;
    }

    List<String> sessionEvents() {
        return sessionEvents;
    }

    Set<Character> printables() {
        return printables;
    }

    Set<Character> crossTypes() {
        return crossTypes;
    }

    Set<String> mpids() {
        return mpids;
    }

    long partialExecutions() {
        return partialExecutions;
    }

    long fullExecutions() {
        return fullExecutions;
    }

    long heartbeats() {
        return heartbeats;
    }

    long endsOfSession() {
        return endsOfSession;
    }

    long firstTimestamp() {
        return firstTimestamp;
    }

    long lastTimestamp() {
        return lastTimestamp;
    }

    boolean timestampsInOrder() {
        return timestampsInOrder;
    }

    int liveOrders() {
        return book.size();
    }
}
