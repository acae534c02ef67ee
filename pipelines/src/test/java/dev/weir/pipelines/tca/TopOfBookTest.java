package dev.weir.pipelines.tca;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.api.DataStream;
import dev.weir.operator.KeySelector;
import dev.weir.pipelines.replay.CaptureFiles;
import dev.weir.pipelines.replay.OutputFormat;
import dev.weir.pipelines.replay.ReferencePipeline;
import dev.weir.pipelines.replay.ReplayContext;
import dev.weir.pipelines.replay.ReplayOptions;
import dev.weir.pipelines.replay.ReplayRun;
import dev.weir.pipelines.replay.ResultRow;
import dev.weir.pipelines.replay.RowPrinter;
import dev.weir.pipelines.replay.RowSchema;
import dev.weir.pipelines.replay.RowWriter;
import dev.weir.pipelines.trades.ItchTradeDecoder;
import dev.weir.pipelines.trades.SymbolKey;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link TopOfBook} keyed by symbol over the ITCH fixtures emits the quotes and trades of the plain loop
 * ({@link TcaLoop}), in the same order; the loop's rows are the trades against those quotes.
 */
class TopOfBookTest {
    @Test
    void theQuotesAndTradesAreThoseOfThePlainLoop() throws Exception {
        final List<Path> files = List.of(resource("/replay/itch-small.pcap"), resource("/replay/itch-small.pcapng"));
        final List<String> trades = new ArrayList<>();
        final List<String> quotes = new ArrayList<>();
        new ReplayRun<>(new QuotesJob(trades), ReplayOptions.of(files), quotes::add, warning -> { }, dev.weir.clock.SystemNanoClock.INSTANCE)
                .execute(OutputFormat.CSV);
        final TcaLoop loop = new TcaLoop();
        final ReplayContext context = new ReplayContext(warning -> { }, 1 << 16);
        CaptureFiles.readAll(files, new ItchOrderDecoder(context), context.warnings(), (event, time) -> loop.accept(event));
        final RowPrinter quoteLines = new RowPrinter(OutputFormat.CSV, QuoteLine.SCHEMA);
        final List<String> expectedQuotes = new ArrayList<>(List.of("symbol,ts,bid,ask"));
        loop.quotes().forEach(quote -> expectedQuotes.add(quoteLines.line(new QuoteLine(quote))));
        final List<String> expectedTrades = new ArrayList<>();
        loop.trades().forEach(trade -> expectedTrades.add(trade.toString()));
        assertEquals(340, loop.quotes().size(), "quotes");
        assertEquals(625, loop.trades().size(), "trades");
        assertEquals(expectedQuotes, quotes);
        assertEquals(expectedTrades, trades);
        assertEquals(loop.trades().size(), loop.rows().size());
        // the trades are those the ohlcv and vwap pipelines window, from the trade decoder
        final List<String> printed = new ArrayList<>();
        CaptureFiles.readAll(files, new ItchTradeDecoder(context), context.warnings(), (trade, time) -> printed.add(
                new TcaTrade(trade.symbol().text(), trade.timestampNanos(), trade.price(), trade.shares()).toString()));
        assertEquals(printed, expectedTrades);
        final RowPrinter rows = new RowPrinter(OutputFormat.CSV, RowSchema.of("symbol", "ts", "price", "shares", "bid", "ask", "mid",
                "spread_bps", "side_vs_mid"));
        // the first trades meet a book without bids; the generated book crosses now and then (resting orders never match)
        assertEquals("MSFT,34200004756332,420.0600,200,,420.0600,,,", rows.line(loop.rows().get(0)));
        assertEquals("AAPL,34200034351353,189.9700,200,,190.0100,,,", rows.line(loop.rows().get(1)));
        assertEquals("AAPL,34205860508400,189.8700,300,190.0900,189.8600,189.97500,-12.11,S", rows.line(loop.rows().get(300)));
    }

    private static Path resource(final String name) throws Exception {
        return Path.of(TopOfBookTest.class.getResource(name).toURI());
    }

    /** A quote as a row: {@code symbol,ts,bid,ask}, an empty side empty. */
    record QuoteLine(Quote quote) implements ResultRow {
        static final RowSchema SCHEMA = RowSchema.of("symbol", "ts", "bid", "ask");

        @Override
        public void writeTo(final RowWriter row) {
            row.text(quote.symbol()).number(quote.timestampNanos());
            if (quote.bid() == Quote.NO_PRICE) {
                row.text("");
            } else {
                row.fixed(quote.bid(), 4);
            }
            if (quote.ask() == Quote.NO_PRICE) {
                row.text("");
            } else {
                row.fixed(quote.ask(), 4);
            }
        }
    }

    /** The quotes of {@link TopOfBook} as rows; its trades, as text, into a list. */
    private static final class QuotesJob extends ReferencePipeline<OrderEvent> {
        private final List<String> trades;

        QuotesJob(final List<String> trades) {
            super("quotes", "top of book changes", QuoteLine.SCHEMA, ItchOrderDecoder::new);
            this.trades = trades;
        }

        @Override
        public DataStream<QuoteLine> results(final DataStream<OrderEvent> events, final ReplayContext context) {
            final DataStream<BookPrint> prints = events.keyBy((KeySelector<OrderEvent, SymbolKey> & Serializable) OrderEvent::symbol)
                    .process(new TopOfBook());
            prints.filter(print -> print instanceof TcaTrade).sink((trade, timestamp) -> trades.add(trade.toString()));
            return prints.filter(print -> print instanceof Quote).map(print -> new QuoteLine((Quote) print));
        }
    }
}
