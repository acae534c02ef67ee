package dev.weir.pipelines.tca;

import dev.weir.api.DataStream;
import dev.weir.clock.Clock;
import dev.weir.operator.KeySelector;
import dev.weir.pipelines.replay.ReferencePipeline;
import dev.weir.pipelines.replay.ReplayContext;
import dev.weir.pipelines.replay.ReplayOptions;
import dev.weir.pipelines.replay.RowSchema;
import dev.weir.pipelines.trades.SymbolKey;
import dev.weir.plan.TwoInputFunction;
import dev.weir.time.TimestampAssigner;
import dev.weir.time.WatermarkStrategy;
import java.io.Serializable;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * {@code tca}: each ITCH trade with the top of book of its stock prevailing when it printed (docs/replay.md, "tca").
 * The order events go keyed by stock through {@link TopOfBook}, whose one stream of {@link BookPrint}s filters split
 * into trades and quotes; both are keyed by symbol again and as-of joined ({@link TwoInputFunction#asOfJoin}, trades left,
 * quotes right). Time is the message order: the event of message {@code i} (its index in the decoder's output) is
 * stamped {@code 2i + 1}, a quote keeps that stamp and a trade takes {@code 2i}, with monotonous watermarks on each.
 * A trade's quote is then the last one of its stock from an earlier message, never the one its own message causes:
 * the rows are those of {@link TcaLoop}, in trade order. Immutable and thread-safe; each run gets its own decoder.
 */
public final class TcaJob extends ReferencePipeline<OrderEvent> {
    /** The name {@code --pipeline} selects it by. */
    public static final String NAME = "tca";
    /** The rows' columns. */
    public static final RowSchema SCHEMA = RowSchema.of("symbol", "ts", "price", "shares", "bid", "ask", "mid", "spread_bps",
            "side_vs_mid");

    /** Makes a new job. */
    public TcaJob() {
        super(NAME, "each trade with its stock's top of book before it: bid, ask, mid, spread in bps, side", SCHEMA,
                ItchOrderDecoder::new);
    }

    /** @return 60: its place in the help's list */
    @Override
    public int order() {
        return 60;
    }

    @Override
    public DataStream<TcaRow> results(final DataStream<OrderEvent> events, final ReplayContext context) {
        return rows(events);
    }

    /**
     * The pipeline from order events, each stamped {@code 2i + 1} by its message index {@code i} (as
     * {@link #watermarks} stamps them), to the rows.
     *
     * @param events the order events in message order
     * @return each trade's row, in trade order
     */
    public static DataStream<TcaRow> rows(final DataStream<OrderEvent> events) {
        final DataStream<BookPrint> prints = events.keyBy((KeySelector<OrderEvent, SymbolKey> & Serializable) OrderEvent::symbol)
                .process(new TopOfBook());
        final DataStream<TcaTrade> trades = prints.filter((Predicate<BookPrint> & Serializable) TcaJob::isTrade)
                .map((Function<BookPrint, TcaTrade> & Serializable) TcaJob::trade)
                .assignTimestampsAndWatermarks(WatermarkStrategy.<TcaTrade>forMonotonousTimestamps()
                        .withTimestampAssigner((TimestampAssigner<TcaTrade> & Serializable) (trade, stamp) -> stamp - 1));
        final DataStream<Quote> quotes = prints.filter((Predicate<BookPrint> & Serializable) TcaJob::isQuote)
                .map((Function<BookPrint, Quote> & Serializable) TcaJob::quote)
                .assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps());
        final KeySelector<TcaTrade, String> tradeSymbol = (KeySelector<TcaTrade, String> & Serializable) TcaTrade::symbol;
        final KeySelector<Quote, String> quoteSymbol = (KeySelector<Quote, String> & Serializable) Quote::symbol;
        return trades.keyBy(tradeSymbol).connect(quotes.keyBy(quoteSymbol))
                .transform("as-of-join", TwoInputFunction.asOfJoin(tradeSymbol, quoteSymbol, new TradeAgainstQuote()).factory());
    }

    /** Stamps the event of message {@code i} with {@code 2i + 1}; monotonous watermarks. */
    @Override
    public WatermarkStrategy<OrderEvent> watermarks(final ReplayOptions options, final Clock processingTime) {
        return WatermarkStrategy.<OrderEvent>forMonotonousTimestamps()
                .withTimestampAssigner((TimestampAssigner<OrderEvent> & Serializable) (event, millis) -> 2 * event.messageIndex() + 1);
    }

    /** The watermarks trail the highest stamp by 1: the progress line shows the stamps, twice the messages read. */
    @Override
    public long outOfOrdernessMillis(final ReplayOptions options) {
        return 0;
    }

    private static boolean isTrade(final BookPrint print) {
        return print instanceof TcaTrade;
    }

    private static boolean isQuote(final BookPrint print) {
        return print instanceof Quote;
    }

    private static TcaTrade trade(final BookPrint print) {
        return (TcaTrade) print;
    }

    private static Quote quote(final BookPrint print) {
        return (Quote) print;
    }
}
