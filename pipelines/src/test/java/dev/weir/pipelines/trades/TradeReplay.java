package dev.weir.pipelines.trades;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.DataStream;
import dev.weir.api.StreamPipeline;
import dev.weir.clock.VirtualClock;
import dev.weir.codec.itch.Alpha;
import dev.weir.codec.itch.ItchMessageType;
import dev.weir.offheap.ChronicleStateBackend;
import dev.weir.offheap.ChronicleStateConfig;
import dev.weir.pipelines.replay.EventPool;
import dev.weir.pipelines.replay.OutputFormat;
import dev.weir.pipelines.replay.PayloadDecoder;
import dev.weir.pipelines.replay.ReplayContext;
import dev.weir.pipelines.replay.ReplayJob;
import dev.weir.pipelines.replay.ResultRow;
import dev.weir.pipelines.replay.RowPrinter;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.source.Publisher;
import dev.weir.state.HeapStateBackend;
import dev.weir.state.StateBackend;
import dev.weir.time.WatermarkStrategy;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Test driver: runs a trade job the way a replay does, on the deterministic scheduler with bounded
 * out-of-orderness watermarks (1,000 ms, emitted every 200 ms of processing time), processing time following
 * each trade's arrival time, pooled events, and the rows printed as CSV.
 */
final class TradeReplay {
    /** Out-of-orderness of the watermarks, as {@code weir replay} has by default. */
    static final long OUT_OF_ORDERNESS = 1_000;

    /**
     * One trade to publish.
     *
     * @param symbol the symbol
     * @param price 1/10,000 dollar
     * @param shares shares
     * @param millis event time, ms since midnight
     * @param arrival processing time at which it is published (never moves the clock back)
     */
    record Print(String symbol, long price, long shares, long millis, long arrival) {
        /** A trade arriving at its event time. */
        Print(final String symbol, final long price, final long shares, final long millis) {
            this(symbol, price, shares, millis, millis);
        }
    }

    private final List<String> warnings = new ArrayList<>();
    private final ReplayContext context = new ReplayContext(warnings::add, 8);
    private final SymbolKeys symbols = new SymbolKeys();
    private final List<String> symbolNames = new ArrayList<>();

    ReplayContext context() {
        return context;
    }

    /** @return the warnings of the decoders of {@link #runPayloads} */
    List<String> warnings() {
        return warnings;
    }

    /**
     * @param job the job
     * @param trades the trades in publishing order
     * @param backend the window state's backend
     * @return the CSV lines, header first
     */
    List<String> run(final ReplayJob<TradePrint> job, final List<Print> trades, final StateBackend backend) {
        final EventPool<TradePrint> pool = new EventPool<>(context.eventPoolSize(), TradePrint::new);
        return run(job, backend, arrivals -> {
            for (final Print trade : trades) {
                arrivals.publish(pool.next().set(key(trade.symbol()), trade.price(), trade.shares(),
                    trade.millis() * 1_000_000L + 123, ItchMessageType.TRADE), trade.arrival());
            }
        });
    }

    /**
     * Decodes the payloads with the job's decoder and runs the job over the trades, each arriving at its event time.
     *
     * @param job the job
     * @param payloads MoldUDP64 payloads, in capture order, of capture file {@code feed.pcap}
     * @param backend the window state's backend
     * @return the CSV lines, header first
     */
    List<String> runPayloads(final ReplayJob<TradePrint> job, final List<byte[]> payloads, final StateBackend backend) {
        final PayloadDecoder<TradePrint> decoder = job.decoder(context);
        return run(job, backend, arrivals -> {
            long packet = 0;
            for (final byte[] payload : payloads) {
                ((ItchTradeDecoder) decoder).decode(new UnsafeBuffer(payload), 0, payload.length, "feed.pcap", ++packet,
                    arrivals::publish);
            }
            decoder.endOfInput();
        });
    }

    /** Publishes trades into the running pipeline. */
    @FunctionalInterface
    private interface Arrivals {
        /**
         * @param trade a trade, its event time its {@link TradePrint#eventTimeMillis()}
         * @param arrival the processing time at which it is published (the clock never goes back)
         */
        void publish(TradePrint trade, long arrival);
    }

    private List<String> run(final ReplayJob<TradePrint> job, final StateBackend backend, final Consumer<Arrivals> feed) {
        final StreamPipeline pipeline = StreamPipeline.named(job.name()).stateBackend(backend);
        final Publisher<TradePrint> publisher = pipeline.publisher("trades");
        final RowPrinter printer = new RowPrinter(OutputFormat.CSV, job.schema());
        final List<String> lines = new ArrayList<>();
        lines.add(printer.header());
        sinkRows(job.results(pipeline.from(publisher, WatermarkStrategy.forBoundedOutOfOrderness(OUT_OF_ORDERNESS)), context),
            printer, lines);
        final VirtualClock clock = new VirtualClock(0);
        try (DeterministicPipeline running = pipeline.startDeterministic(clock)) {
            feed.accept((trade, arrival) -> {
                if (arrival > clock.millis()) {
                    running.advanceTo(arrival);
                }
                publisher.publish(trade, trade.eventTimeMillis());
            });
            publisher.end();
            running.runToEnd();
        }
        return lines;
    }

    private static <R extends ResultRow> void sinkRows(final DataStream<R> rows, final RowPrinter printer, final List<String> lines) {
        rows.sink((row, timestamp) -> lines.add(printer.line(row)));
    }

    /**
     * A busy feed: bursts of trades in one millisecond, pauses, now and then a trade exactly at a window's start,
     * and one trade in ten arriving up to 900 ms after its event time (less than the out-of-orderness: never late).
     *
     * @param seed the random seed
     * @param count trades
     * @param symbols symbols {@code S0}, {@code S1}, ...
     * @param start the first trade's time, ms since midnight
     * @param maxStep the longest pause between trades, ms
     * @param boundary the window boundaries to hit exactly, ms
     * @return the trades in arrival order
     */
    static List<Print> busyFeed(final long seed, final int count, final int symbols, final long start, final int maxStep,
            final long boundary) {
        final SplittableRandom random = new SplittableRandom(seed);
        final List<Print> trades = new ArrayList<>();
        long time = start;
        for (int i = 0; i < count; i++) {
            time += random.nextInt(3) == 0 ? 0 : random.nextInt(maxStep);
            if (random.nextInt(40) == 0) {
                time += boundary - time % boundary;
            }
            final long disorder = random.nextInt(10) == 0 ? random.nextInt(900) : 0;
            trades.add(new Print("S" + random.nextInt(symbols), 100_000 + random.nextInt(5_000_000), 1 + random.nextInt(5_000),
                time - disorder, time));
        }
        return trades;
    }

    /**
     * @param name {@code heap} or {@code chronicle}
     * @return the state backend of that name
     */
    static StateBackend backend(final String name) {
        return name.equals("heap") ? HeapStateBackend.INSTANCE : new ChronicleStateBackend(ChronicleStateConfig.defaults());
    }

    /**
     * @param row a CSV row
     * @return its window start (the second column)
     */
    static long windowStart(final String row) {
        return Long.parseLong(row.split(",")[1]);
    }

    /**
     * Rows fire in window order; within one firing (one watermark) their order is the timers', so the rows are
     * compared sorted.
     *
     * @param header the CSV header expected
     * @param expected the rows expected, in any order
     * @param lines the output, header first
     */
    static void assertRows(final String header, final List<String> expected, final List<String> lines) {
        assertEquals(header, lines.get(0));
        final List<String> rows = lines.subList(1, lines.size());
        for (int i = 1; i < rows.size(); i++) {
            assertTrue(windowStart(rows.get(i - 1)) <= windowStart(rows.get(i)), "fired out of order: " + rows);
        }
        final Comparator<String> order = Comparator.comparingLong(TradeReplay::windowStart).thenComparing(Comparator.naturalOrder());
        assertEquals(expected.stream().sorted(order).toList(), rows.stream().sorted(order).toList());
    }

    private SymbolKey key(final String symbol) {
        int locate = symbolNames.indexOf(symbol);
        if (locate < 0) {
            locate = symbolNames.size();
            symbolNames.add(symbol);
        }
        return symbols.intern(locate, Alpha.encode(symbol, 8));
    }
}
