package dev.weir.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.operator.CoGroupFunction;
import dev.weir.operator.JoinFunction;
import dev.weir.source.Publisher;
import dev.weir.state.HeapStateBackend;
import dev.weir.testing.Scheduler;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.EventTimeSessionWindows;
import dev.weir.window.TumblingEventTimeWindows;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code DataStream.join} and {@code DataStream.coGroup} end to end through the real union of two
 * sources, each a publisher with its own watermarks, on both schedulers at parallelism 1 to 3:
 * the window fires only when both sources' watermarks passed it (one valve over every channel of
 * both), a tumbling join gives the nested loop in state order, a coGroup gets a window with one
 * side empty, a late element within the allowed lateness re-fires the whole join, and session
 * windows of both inputs merge. Each step is processed before the next is published, so the
 * interleaving of the two sources, and with it every result, is the same on both schedulers.
 */
final class WindowJoinApiTest {
    /** A trade: the first input. */
    record Trade(String symbol, long time, int quantity) {
    }

    /** A quote: the second input. */
    record Quote(String symbol, long time, long price) {
    }

    /** A step of a run: a trade, a quote, a watermark of one source, or the end of both. */
    private record Step(Trade trade, Quote quote, String watermarkOf, long watermark) {
        static Step trade(final String symbol, final long time, final int quantity) {
            return new Step(new Trade(symbol, time, quantity), null, null, 0);
        }

        static Step quote(final String symbol, final long time, final long price) {
            return new Step(null, new Quote(symbol, time, price), null, 0);
        }

        static Step watermark(final String source, final long watermark) {
            return new Step(null, null, source, watermark);
        }
    }

    private static final JoinFunction<Trade, Quote, String> FILL =
            (trade, quote) -> trade.symbol() + " " + trade.quantity() + "@" + trade.time() + " x " + quote.price() + "@" + quote.time();

    private static final CoGroupFunction<Trade, Quote, String> GROUPS = (trades, quotes, out) -> {
        final List<String> quantities = new ArrayList<>();
        String symbol = null;
        for (final Trade trade : trades) {
            quantities.add(String.valueOf(trade.quantity()));
            symbol = trade.symbol();
        }
        final List<String> prices = new ArrayList<>();
        for (final Quote quote : quotes) {
            prices.add(String.valueOf(quote.price()));
            symbol = quote.symbol();
        }
        out.collect(symbol + " trades=" + quantities + " quotes=" + prices);
    };

    /** The two sources of a run and its results. */
    private record Run(StreamPipeline pipeline, Publisher<Trade> trades, Publisher<Quote> quotes, List<String> results) {
    }

    private static Run run(final Function<DataStream<Trade>, Function<DataStream<Quote>, DataStream<String>>> job) {
        final StreamPipeline pipeline = StreamPipeline.named("window-join").stateBackend(HeapStateBackend.INSTANCE);
        final Publisher<Trade> trades = pipeline.publisher("trades");
        final Publisher<Quote> quotes = pipeline.publisher("quotes");
        final List<String> results = Collections.synchronizedList(new ArrayList<>());
        job.apply(pipeline.from(trades, WatermarkStrategy.<Trade>explicit())).apply(pipeline.from(quotes, WatermarkStrategy.<Quote>explicit()))
                .sink((line, ts) -> results.add(line + " ts=" + ts));
        return new Run(pipeline, trades, quotes, results);
    }

    /** Plays the steps, each processed before the next, then ends both sources. */
    private static List<String> play(final Scheduler scheduler, final Run run, final List<Step> steps) {
        try (Driven running = Driven.start(scheduler, run.pipeline())) {
            for (final Step step : steps) {
                if (step.trade() != null) {
                    run.trades().publish(step.trade(), step.trade().time());
                } else if (step.quote() != null) {
                    run.quotes().publish(step.quote(), step.quote().time());
                } else if (step.watermarkOf().equals("trades")) {
                    run.trades().emitWatermark(step.watermark());
                } else {
                    run.quotes().emitWatermark(step.watermark());
                }
                running.settle();
            }
            run.trades().end();
            run.quotes().end();
            running.runToEnd();
        }
        return new ArrayList<>(run.results());
    }

    /** @return the results of one symbol, in their order */
    private static List<String> of(final List<String> results, final String symbol) {
        return results.stream().filter(result -> result.startsWith(symbol + " ")).toList();
    }

    private static final List<Step> TUMBLING = List.of(Step.trade("A", 100, 1), Step.quote("A", 150, 10), Step.trade("B", 200, 2),
            Step.trade("A", 300, 3), Step.quote("A", 50, 11), Step.quote("C", 400, 12), Step.quote("B", 900, 13), Step.quote("B", 950, 14),
            Step.trade("A", 1100, 4), Step.quote("B", 1200, 15), Step.trade("B", 1300, 5));

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void windowJoinUsesTheUnionRule(final Scheduler scheduler) {
        for (int parallelism = 1; parallelism <= 3; parallelism++) {
            final int instances = parallelism;
            final Run run = run(trades -> quotes -> trades.join(quotes).where(Trade::symbol).equalTo(Quote::symbol)
                    .window(TumblingEventTimeWindows.of(1000)).parallelism(instances).apply(FILL));
            try (Driven running = Driven.start(scheduler, run.pipeline())) {
                run.trades().publish(new Trade("A", 100, 1), 100);
                run.quotes().publish(new Quote("A", 150, 10), 150);
                run.trades().emitWatermark(5000);
                running.settle();
                // the quotes' channel is still at MIN: the union's one valve holds the window
                assertEquals(List.of(), run.results(), "parallelism " + instances);
                run.quotes().emitWatermark(998);
                running.settle();
                assertEquals(List.of(), run.results(), "parallelism " + instances);
                run.quotes().emitWatermark(999);
                running.settle();
                assertEquals(List.of("A 1@100 x 10@150 ts=999"), run.results(), "parallelism " + instances);
                run.trades().end();
                run.quotes().end();
                running.runToEnd();
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void aTumblingJoinGivesTheNestedLoopInStateOrder(final Scheduler scheduler) {
        for (int parallelism = 1; parallelism <= 3; parallelism++) {
            final int instances = parallelism;
            final List<Step> steps = new ArrayList<>(TUMBLING.subList(0, 8));
            steps.add(Step.watermark("trades", 999));
            steps.add(Step.watermark("quotes", 999));
            steps.addAll(TUMBLING.subList(8, TUMBLING.size()));
            final List<String> results = play(scheduler, run(trades -> quotes -> trades.join(quotes).where(Trade::symbol)
                    .equalTo(Quote::symbol).window(TumblingEventTimeWindows.of(1000)).parallelism(instances).apply(FILL)), steps);
            final String where = scheduler + ", parallelism " + instances;
            assertEquals(List.of("A 1@100 x 10@150 ts=999", "A 1@100 x 11@50 ts=999", "A 3@300 x 10@150 ts=999", "A 3@300 x 11@50 ts=999"),
                    of(results, "A"), where);
            assertEquals(List.of("B 2@200 x 13@900 ts=999", "B 2@200 x 14@950 ts=999", "B 5@1300 x 15@1200 ts=1999"), of(results, "B"), where);
            assertEquals(7, results.size(), where);
        }
    }

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void aCoGroupGetsWindowsWithOneSideEmpty(final Scheduler scheduler) {
        for (int parallelism = 1; parallelism <= 3; parallelism++) {
            final int instances = parallelism;
            final List<String> results = play(scheduler, run(trades -> quotes -> trades.coGroup(quotes).where(Trade::symbol)
                    .equalTo(Quote::symbol).window(TumblingEventTimeWindows.of(1000)).parallelism(instances).apply(GROUPS)), TUMBLING);
            results.sort(null);
            assertEquals(List.of("A trades=[1, 3] quotes=[10, 11] ts=999", "A trades=[4] quotes=[] ts=1999",
                    "B trades=[2] quotes=[13, 14] ts=999", "B trades=[5] quotes=[15] ts=1999", "C trades=[] quotes=[12] ts=999"), results,
                    scheduler + ", parallelism " + instances);
        }
    }

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void aLateElementWithinTheAllowedLatenessReFiresTheWholeJoin(final Scheduler scheduler) {
        for (int parallelism = 1; parallelism <= 3; parallelism++) {
            final int instances = parallelism;
            final List<String> results = play(scheduler, run(trades -> quotes -> trades.join(quotes).where(Trade::symbol)
                    .equalTo(Quote::symbol).window(TumblingEventTimeWindows.of(1000)).allowedLateness(Duration.ofMillis(500))
                    .parallelism(instances).apply(FILL)), List.of(Step.trade("A", 100, 1), Step.quote("A", 200, 10),
                    Step.watermark("trades", 999), Step.watermark("quotes", 999), Step.quote("A", 300, 11),
                    Step.watermark("trades", 1499), Step.watermark("quotes", 1499), Step.trade("A", 400, 2)));
            // fired at 999, re-fired in full by the late quote; the trade after the cleanup at 1499 is dropped
            assertEquals(List.of("A 1@100 x 10@200 ts=999", "A 1@100 x 10@200 ts=999", "A 1@100 x 11@300 ts=999"), results,
                    scheduler + ", parallelism " + instances);
        }
    }

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void sessionWindowsOfBothInputsMergeIntoOneCoGroup(final Scheduler scheduler) {
        for (int parallelism = 1; parallelism <= 3; parallelism++) {
            final int instances = parallelism;
            final List<String> results = play(scheduler, run(trades -> quotes -> trades.coGroup(quotes).where(Trade::symbol)
                    .equalTo(Quote::symbol).window(EventTimeSessionWindows.withGap(100)).parallelism(instances).apply(GROUPS)),
                    List.of(Step.trade("A", 1000, 1), Step.quote("A", 1250, 10), Step.quote("A", 1050, 11), Step.trade("A", 1150, 2),
                            Step.trade("A", 2000, 3), Step.quote("B", 1000, 12)));
            results.sort(null);
            // A: [1000, 1350) merged from four sessions of both inputs, and [2000, 2100) with a trade only; B: one quote
            assertEquals(List.of("A trades=[1, 2] quotes=[11, 10] ts=1349", "A trades=[3] quotes=[] ts=2099",
                    "B trades=[] quotes=[12] ts=1099"), results, scheduler + ", parallelism " + instances);
        }
    }
}
