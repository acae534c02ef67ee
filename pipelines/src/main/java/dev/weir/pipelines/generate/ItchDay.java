package dev.weir.pipelines.generate;

import dev.weir.codec.itch.Alpha;
import dev.weir.codec.itch.ItchMessageCounts;
import dev.weir.codec.itch.ItchMessageType;
import dev.weir.codec.itch.MoldUdp64Packet;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * One generated trading session, run once: the order flow of {@link ItchTrafficGenerator}, its MoldUDP64
 * packets and their times, handed to a sink. All randomness comes from the seed, through streams split per
 * purpose, so that leaving packets out changes nothing else. Not thread-safe.
 */
final class ItchDay {
    /** 2026-11-30 00:00:00 UTC, seconds since the epoch: capture times are this day plus the ITCH time. */
    static final long DAY_EPOCH_SECONDS = 1_795_996_800L;
    /** 09:30:00 in nanoseconds since midnight, when the session starts. */
    static final long START_NANOS = 34_200L * 1_000_000_000L;
    /** The MoldUDP64 session. */
    static final String SESSION = "0000000001";
    /** The largest UDP payload, so that a packet fits one Ethernet frame. */
    static final int MAX_PAYLOAD = 1_400;
    private static final long SECOND = 1_000_000_000L;
    private static final long TICK = 100;
    private static final int ORDERS_PER_STOCK = 50;
    private static final long[] MPIDS = {Alpha.encode("GSCO", 4), Alpha.encode("MSCO", 4), Alpha.encode("JPMS", 4),
        Alpha.encode("UBSS", 4), Alpha.encode("CDRG", 4), Alpha.encode("VIRT", 4), Alpha.encode("NITE", 4), Alpha.encode("SBSH", 4)};
    private static final ItchMessageType[] OTHERS = {ItchMessageType.STOCK_TRADING_ACTION, ItchMessageType.REG_SHO_RESTRICTION,
        ItchMessageType.MARKET_PARTICIPANT_POSITION, ItchMessageType.NET_ORDER_IMBALANCE, ItchMessageType.RETAIL_INTEREST};

    private final ItchTrafficOptions options;
    private final long[] dropped;
    private final SplittableRandom flow;
    private final SplittableRandom timing;
    private final SplittableRandom wire;
    private final WireReordering reordering;
    private final MoldUdp64Framer framer = new MoldUdp64Framer(SESSION, 1, MAX_PAYLOAD);
    private final ItchMessageWriter writer = new ItchMessageWriter();
    private final MoldUdp64Packet sent = new MoldUdp64Packet();
    private final ItchMessageCounts counts = new ItchMessageCounts();
    private final LiveOrders book;
    private final long[] mids;
    private final long[] stocks;
    private final double[] popularity;
    private final long[] recentMatches = new long[64];
    private final int[] recentMatchStocks = new int[64];
    private final double meanGap;
    private final long burstGapMax;
    private final long packetWindow;
    private long matches;
    private long nextReference = 4_000;
    private long now = START_NANOS;
    private long packetStart;
    private long lastMessage;
    private long lastSent = START_NANOS;
    private long messagePackets;
    private long directoryPackets;
    private int nextDrop;
    private long packets;
    private long heartbeats;
    private long delayed;
    private long droppedMessages;
    private long payloadBytes;

    /**
     * @param dropped the ordinals (1-based, counting packets with messages) of the packets to leave out, ascending
     */
    ItchDay(final ItchTrafficOptions options, final long[] dropped, final DatagramSink sink) {
        this.options = options;
        this.dropped = dropped;
        final SplittableRandom seed = new SplittableRandom(options.seed());
        this.flow = seed.split();
        this.timing = seed.split();
        this.wire = seed.split();
        final boolean loopback = options.destination() >>> 24 == 127;
        this.reordering = new WireReordering(sink, loopback ? 0x7F00_0001 : 0x0A00_0001, options.port() + 1, options.destination(),
                options.port());
        final int symbols = options.symbols();
        this.book = new LiveOrders(2 * ORDERS_PER_STOCK * symbols);
        this.mids = new long[symbols];
        this.stocks = new long[symbols];
        this.popularity = new double[symbols];
        double total = 0;
        for (int i = 0; i < symbols; i++) {
            mids[i] = ListedStocks.openingPrice(i);
            stocks[i] = ListedStocks.stock(i);
            // the first stocks trade most, as the largest ones do
            total += 1 / Math.pow(i + 1, 0.8);
            popularity[i] = total;
        }
        for (int i = 0; i < symbols; i++) {
            popularity[i] /= total;
        }
        this.meanGap = (double) SECOND / options.rate();
        this.burstGapMax = Math.max(1, Math.min((long) (meanGap / 10), 200_000));
        this.packetWindow = burstGapMax * 5 / 2;
    }

    /** Generates the whole session and returns what was sent. */
    ItchTrafficSummary run() {
        final int symbols = options.symbols();
        systemEvent('O');
        for (int i = 0; i < symbols; i++) {
            now += 1_000;
            final int at = slot(ItchMessageType.STOCK_DIRECTORY);
            writer.stockDirectory(framer.buffer(), at, i + 1, 0, now, stocks[i], i % 3 == 2 ? 'N' : 'Q', 100, 'C', i < 20 ? '1' : '2');
        }
        now += 1_000;
        systemEvent('S');
        now += 1_000;
        systemEvent('Q');
        sendPacket();
        directoryPackets = messagePackets;
        final long flowMessages = options.messages() - symbols - 6;
        for (long i = 0; i < flowMessages; i++) {
            advanceTime();
            event();
        }
        advanceTime();
        systemEvent('M');
        now += 1_000;
        systemEvent('E');
        now += 1_000;
        systemEvent('C');
        sendPacket();
        now += SECOND / 1_000;
        framer.endOfSession();
        deliver(now);
        reordering.flush();
        return new ItchTrafficSummary(packets, heartbeats, delayed, dropped.length, droppedMessages, counts, payloadBytes);
    }

    /** @return the packets with messages this session sends (before any is left out) */
    long messagePackets() {
        return messagePackets;
    }

    /** @return the first packets with messages, those with the system's start and the stock directory */
    long directoryPackets() {
        return directoryPackets;
    }

    /** Bursts of messages a few microseconds apart, the bursts apart by an exponential time: the rate on average. */
    private void advanceTime() {
        final double inBurst = 0.75;
        if (timing.nextDouble() < inBurst) {
            now += timing.nextLong(burstGapMax + 1);
        } else {
            final double between = (meanGap - inBurst * burstGapMax / 2.0) / (1 - inBurst);
            now += (long) (-Math.log(1 - timing.nextDouble()) * between);
        }
    }

    private void systemEvent(final char code) {
        final int at = slot(ItchMessageType.SYSTEM_EVENT);
        writer.systemEvent(framer.buffer(), at, 0, now, code);
    }

    /**
     * Room in the packet for a message at {@link #now}: the packet goes first if the message does not fit or comes
     * later than the packet's window, and heartbeats fill any second without packets.
     */
    private int slot(final ItchMessageType type) {
        if (framer.messageCount() > 0 && (!framer.fits(type.length()) || now - packetStart > packetWindow)) {
            sendPacket();
        }
        if (framer.messageCount() == 0) {
            while (now - lastSent > SECOND) {
                heartbeats++;
                deliver(lastSent + SECOND);
            }
            packetStart = now;
        }
        lastMessage = now;
        return framer.add(type.length());
    }

    /** Sends the packet of messages being built (or leaves it out), at the time of its last message. */
    private void sendPacket() {
        if (framer.messageCount() == 0) {
            return;
        }
        messagePackets++;
        if (nextDrop < dropped.length && dropped[nextDrop] == messagePackets) {
            nextDrop++;
            droppedMessages += framer.messageCount();
            framer.next();
            lastSent = lastMessage;
            return;
        }
        sent.wrap(framer.buffer(), 0, framer.length());
        while (sent.next()) {
            counts.classify(sent.buffer(), sent.messageOffset(), sent.messageLength());
        }
        deliver(lastMessage);
    }

    private void deliver(final long sentNanos) {
        final long epochNanos = DAY_EPOCH_SECONDS * SECOND + sentNanos;
        long captured = epochNanos;
        if (options.disorderMillis() > 0 && wire.nextInt(20) == 0) {
            captured += 1 + wire.nextLong(options.disorderMillis() * 1_000_000L);
            delayed++;
        }
        reordering.packet(epochNanos, captured, framer.buffer(), framer.length());
        packets++;
        payloadBytes += framer.length();
        framer.next();
        lastSent = sentNanos;
    }

    private int popularStock() {
        final int found = Arrays.binarySearch(popularity, flow.nextDouble());
        return Math.min(found >= 0 ? found : -found - 1, popularity.length - 1);
    }

    private long roundLot() {
        final int kind = flow.nextInt(100);
        if (kind < 5) {
            return 1 + flow.nextInt(99); // an odd lot
        }
        if (kind < 7) {
            return 1_000 + 100L * flow.nextInt(40);
        }
        return 100L * (1 + flow.nextInt(10));
    }

    /** Moves the stock's mid price by a tick now and then, never below a dollar. */
    private void drift(final int stock) {
        final int step = flow.nextInt(10);
        if (step == 0) {
            mids[stock] += TICK;
        } else if (step == 1 && mids[stock] > 10_000 + TICK) {
            mids[stock] -= TICK;
        }
    }

    private void event() {
        final int roll = flow.nextInt(1_000);
        if (roll < 420) {
            add(roll < 40);
        } else if (roll < 510) {
            execute(false);
        } else if (roll < 530) {
            execute(true);
        } else if (roll < 590) {
            cancel();
        } else if (roll < 840) {
            delete();
        } else if (roll < 930) {
            replace();
        } else if (roll < 975) {
            trade();
        } else if (roll < 978) {
            cross();
        } else if (roll < 980) {
            breakTrade();
        } else {
            other();
        }
    }

    private void add(final boolean attributed) {
        // above fifty orders a stock, half the adds become deletes: the book stays near that size
        if (book.size() > 0 && (book.full() || book.size() >= ORDERS_PER_STOCK * options.symbols() && flow.nextBoolean())) {
            delete();
            return;
        }
        final int stock = popularStock();
        drift(stock);
        final char side = flow.nextBoolean() ? 'B' : 'S';
        final long away = TICK * (long) (-Math.log(1 - flow.nextDouble()) * 3);
        final long price = side == 'B' ? Math.max(TICK, mids[stock] - TICK - away) : mids[stock] + TICK + away;
        final long shares = roundLot();
        nextReference += 1 + flow.nextInt(4);
        final ItchMessageType type = attributed ? ItchMessageType.ADD_ORDER_WITH_MPID : ItchMessageType.ADD_ORDER;
        final int at = slot(type);
        if (attributed) {
            writer.addOrderWithMpid(framer.buffer(), at, stock + 1, 0, now, nextReference, side, shares, stocks[stock], price,
                    MPIDS[flow.nextInt(MPIDS.length)]);
        } else {
            writer.addOrder(framer.buffer(), at, stock + 1, 0, now, nextReference, side, shares, stocks[stock], price);
        }
        book.add(nextReference, stock, side, shares, price);
    }

    /** E at the order's price, or C at a tick better for the order's owner; all or part of the order. */
    private void execute(final boolean withPrice) {
        if (book.size() == 0) {
            add(false);
            return;
        }
        final int slot = book.pick(flow);
        final int stock = book.stock(slot);
        final long remaining = book.shares(slot);
        final long executed = remaining <= 100 || flow.nextInt(5) < 2 ? remaining : partOf(remaining);
        final long match = match(stock);
        if (withPrice) {
            final long price = book.side(slot) == 'B' ? Math.max(TICK, book.price(slot) - TICK) : book.price(slot) + TICK;
            final char printable = flow.nextInt(100) < 85 ? 'Y' : 'N';
            final int at = slot(ItchMessageType.ORDER_EXECUTED_WITH_PRICE);
            writer.orderExecutedWithPrice(framer.buffer(), at, stock + 1, 0, now, book.reference(slot), executed, match, printable, price);
        } else {
            final int at = slot(ItchMessageType.ORDER_EXECUTED);
            writer.orderExecuted(framer.buffer(), at, stock + 1, 0, now, book.reference(slot), executed, match);
        }
        mids[stock] = book.price(slot);
        if (executed == remaining) {
            book.remove(slot);
        } else {
            book.shares(slot, remaining - executed);
        }
    }

    /** Part of an order, in round lots when it has more than one. */
    private long partOf(final long shares) {
        if (shares > 100) {
            final long lots = (shares - 1) / 100;
            return 100 * (1 + flow.nextLong(lots));
        }
        return 1 + flow.nextLong(shares - 1);
    }

    private long match(final int stock) {
        matches++;
        final int index = (int) (matches % recentMatches.length);
        recentMatches[index] = matches;
        recentMatchStocks[index] = stock;
        return matches;
    }

    private void cancel() {
        if (book.size() == 0) {
            add(false);
            return;
        }
        final int slot = book.pick(flow);
        final long remaining = book.shares(slot);
        if (remaining <= 1) {
            delete();
            return;
        }
        final long cancelled = partOf(remaining);
        final int at = slot(ItchMessageType.ORDER_CANCEL);
        writer.orderCancel(framer.buffer(), at, book.stock(slot) + 1, 0, now, book.reference(slot), cancelled);
        book.shares(slot, remaining - cancelled);
    }

    private void delete() {
        if (book.size() == 0) {
            add(false);
            return;
        }
        final int slot = book.pick(flow);
        final int at = slot(ItchMessageType.ORDER_DELETE);
        writer.orderDelete(framer.buffer(), at, book.stock(slot) + 1, 0, now, book.reference(slot));
        book.remove(slot);
    }

    private void replace() {
        if (book.size() == 0) {
            add(false);
            return;
        }
        final int slot = book.pick(flow);
        final int stock = book.stock(slot);
        final long price = Math.max(TICK, book.price(slot) + TICK * (flow.nextInt(5) - 2));
        final long shares = roundLot();
        nextReference += 1 + flow.nextInt(4);
        final int at = slot(ItchMessageType.ORDER_REPLACE);
        writer.orderReplace(framer.buffer(), at, stock + 1, 0, now, book.reference(slot), nextReference, shares, price);
        book.replace(slot, nextReference, shares, price);
    }

    /** P: a match against a hidden order, near the mid price. */
    private void trade() {
        final int stock = popularStock();
        drift(stock);
        final long price = Math.max(TICK, mids[stock] + TICK * (flow.nextInt(5) - 2));
        final int at = slot(ItchMessageType.TRADE);
        writer.trade(framer.buffer(), at, stock + 1, 0, now, flow.nextBoolean() ? 'B' : 'S', roundLot(), stocks[stock], price,
                match(stock));
    }

    /** Q: an intraday cross, now and then a halt cross, at the mid price. */
    private void cross() {
        final int stock = popularStock();
        final int at = slot(ItchMessageType.CROSS_TRADE);
        writer.crossTrade(framer.buffer(), at, stock + 1, 0, now, 100L * (10 + flow.nextInt(500)), stocks[stock], mids[stock],
                match(stock), flow.nextInt(4) == 0 ? 'H' : 'I');
    }

    /** B: one of the last 64 executions broken. */
    private void breakTrade() {
        if (matches == 0) {
            trade();
            return;
        }
        final int index = (int) ((matches - flow.nextLong(Math.min(matches, recentMatches.length))) % recentMatches.length);
        final int at = slot(ItchMessageType.BROKEN_TRADE);
        writer.brokenTrade(framer.buffer(), at, recentMatchStocks[index] + 1, 0, now, recentMatches[index]);
    }

    /** H, Y, L, I or N about a stock: type, header and length only. */
    private void other() {
        final ItchMessageType type = OTHERS[flow.nextInt(OTHERS.length)];
        final int stock = popularStock();
        final int at = slot(type);
        writer.headerOnly(framer.buffer(), at, type, stock + 1, 0, now);
    }
}
