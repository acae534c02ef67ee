package dev.weir.perf.bench;

import dev.weir.codec.itch.ItchMessageType;
import dev.weir.pipelines.generate.ItchTrafficGenerator;
import dev.weir.pipelines.generate.ItchTrafficOptions;
import dev.weir.pipelines.replay.ReplayContext;
import dev.weir.pipelines.trades.ItchTradeDecoder;
import dev.weir.pipelines.trades.SymbolKey;
import dev.weir.pipelines.trades.TradePrint;
import java.util.Arrays;

/**
 * The trades of one ITCH 5.0 session over MoldUDP64, generated in memory with the generator of
 * {@code weir generate itch} (the same options give the same trades) and decoded once, as it is generated, by the
 * {@code ohlcv} replay job's own decoder ({@link ItchTradeDecoder}: order book, executions, printable flags). Each
 * trade is copied out of the decoder's pool into parallel arrays, so that {@link ReplayedTrades} can hand them out
 * again and again without decoding. Immutable once made; thread-safe to read.
 */
final class DecodedTrades {
    private static final int INITIAL_TRADES = 1 << 16;
    /** The generated session is in sequence order, so the decoder never holds a packet back: a token hold. */
    private static final int HOLD_PACKETS = 1;
    private static final int HOLD_BYTES = 1 << 16;

    private SymbolKey[] symbols = new SymbolKey[INITIAL_TRADES];
    private long[] prices = new long[INITIAL_TRADES];
    private long[] shares = new long[INITIAL_TRADES];
    private long[] timestampsNanos = new long[INITIAL_TRADES];
    private ItchMessageType[] messages = new ItchMessageType[INITIAL_TRADES];
    private int size;

    private DecodedTrades() {
    }

    /**
     * Generates the session and decodes it.
     *
     * @param options what to generate; packets in send order and without gaps, so that no trade is late or lost
     * @return its trades, in the order the decoder printed them
     * @throws IllegalArgumentException if the options reorder packets or leave gaps, or the session prints no trade
     */
    static DecodedTrades generate(final ItchTrafficOptions options) {
        if (options.disorderMillis() != 0 || options.gaps() != 0) {
            throw new IllegalArgumentException("the benchmark's capture must be in send order and complete: " + options);
        }
        final DecodedTrades trades = new DecodedTrades();
        final ItchTradeDecoder decoder = new ItchTradeDecoder(new ReplayContext(line -> {
            throw new IllegalStateException("the generated capture made the decoder warn: " + line);
        }, 1), HOLD_PACKETS, HOLD_BYTES);
        final long[] packets = new long[1];
        new ItchTrafficGenerator(options).generate((timestampNanos, source, sourcePort, destination, destinationPort, payload, offset,
                length) -> decoder.decode(payload, offset, length, "generated", ++packets[0], (trade, eventTimeMillis) -> trades.add(trade)));
        decoder.endOfInput();
        if (trades.size == 0) {
            throw new IllegalArgumentException("the generated session prints no trade: " + options);
        }
        return trades;
    }

    private void add(final TradePrint trade) {
        if (size == symbols.length) {
            final int capacity = size * 2;
            symbols = Arrays.copyOf(symbols, capacity);
            prices = Arrays.copyOf(prices, capacity);
            shares = Arrays.copyOf(shares, capacity);
            timestampsNanos = Arrays.copyOf(timestampsNanos, capacity);
            messages = Arrays.copyOf(messages, capacity);
        }
        symbols[size] = trade.symbol();
        prices[size] = trade.price();
        shares[size] = trade.shares();
        timestampsNanos[size] = trade.timestampNanos();
        messages[size] = trade.message();
        size++;
    }

    /** @return trades in the session */
    int size() {
        return size;
    }

    /**
     * How far a replay's next pass is shifted in time: whole seconds from the second of the first trade to the second
     * after the last, so that the passes' 1 s bars never share a window and event time never decreases.
     *
     * @return the shift in nanoseconds
     */
    long passNanos() {
        final long second = 1_000_000_000L;
        return (timestampsNanos[size - 1] / second + 1 - timestampsNanos[0] / second) * second;
    }

    /**
     * Refills an event with a trade.
     *
     * @param event the event
     * @param trade the trade's index, below {@link #size()}
     * @param shiftNanos added to the trade's time
     * @param intendedNanos the event's intended send time
     * @return the event
     */
    ReplayedTrade refill(final ReplayedTrade event, final int trade, final long shiftNanos, final long intendedNanos) {
        return event.refill(symbols[trade], prices[trade], shares[trade], timestampsNanos[trade] + shiftNanos, messages[trade], intendedNanos);
    }
}
