package dev.weir.pipelines.trades;

import dev.weir.api.DataStream;
import dev.weir.operator.KeySelector;
import dev.weir.operator.OutputTag;
import dev.weir.pipelines.replay.ReplayContext;
import dev.weir.state.AggregateFunction;
import dev.weir.window.ProcessWindowFunction;
import dev.weir.window.TimeWindow;
import dev.weir.window.WindowAssigner;
import java.io.Serializable;
import java.util.function.Supplier;

/**
 * The shape the trade pipelines share: trades keyed by symbol, cut into event-time windows, folded into an
 * accumulator per symbol and window (never holding the pooled trades), one row per fired window, and trades too
 * late for all their windows counted through a late side output ({@link ReplayContext#lateRecord()}). Every function
 * the stages hold is serializable, so that the pipeline also runs on Flink ({@code weir replay --engine flink}); the
 * late side output's sink is not shipped. Stateless.
 */
final class TradeWindows {
    private TradeWindows() {
    }

    /**
     * Makes a fired window's row; the accumulator may be reused by the state afterwards, so the row copies it.
     *
     * @param <A> the accumulator
     * @param <R> the row
     */
    @FunctionalInterface
    interface RowOf<A, R> extends Serializable {
        /**
         * @param symbol the window's symbol
         * @param window the window
         * @param accumulator the window's trades, folded
         * @return the row
         */
        R row(SymbolKey symbol, TimeWindow window, A accumulator);
    }

    /**
     * Makes an empty accumulator; serializable, so that it can be shipped.
     *
     * @param <A> the accumulator
     */
    @FunctionalInterface
    interface Accumulators<A> extends Supplier<A>, Serializable {
    }

    /**
     * @param events the trades, with event times and watermarks
     * @param windows the windows per symbol
     * @param accumulators makes an empty accumulator
     * @param rows makes a fired window's row
     * @param context counts the late trades
     * @param parallelism instances of the keyed stage
     * @param <A> the accumulator
     * @param <R> the row
     * @return the rows, as windows fire
     */
    static <A extends TradeAccumulator<A>, R> DataStream<R> perSymbol(final DataStream<TradePrint> events,
            final WindowAssigner<? super TradePrint, TimeWindow> windows, final Accumulators<A> accumulators,
            final RowOf<A, R> rows, final ReplayContext context, final int parallelism) {
        final OutputTag<TradePrint> late = new OutputTag<>("late-trades");
        final ProcessWindowFunction<A, R, SymbolKey, TimeWindow> fired = (ProcessWindowFunction<A, R, SymbolKey, TimeWindow> & Serializable)
                (symbol, window, folded, out) -> {
                    for (final A accumulator : folded) {
                        out.collect(rows.row(symbol, window.window(), accumulator));
                    }
                };
        return events.keyBy((KeySelector<TradePrint, SymbolKey> & Serializable) TradePrint::symbol)
            .parallelism(parallelism)
            .window(windows)
            .sideOutputLateData(late)
            .aggregate(new Fold<>(accumulators), fired)
            .sideOutput(late, (trade, timestamp) -> context.lateRecord());
    }

    /** Folds a window's trades into its accumulator; the accumulator is the result. */
    private static final class Fold<A extends TradeAccumulator<A>> implements AggregateFunction<TradePrint, A, A>, Serializable {
        private static final long serialVersionUID = 1L;

        private final Accumulators<A> accumulators;

        Fold(final Accumulators<A> accumulators) {
            this.accumulators = accumulators;
        }

        @Override
        public A createAccumulator() {
            return accumulators.get();
        }

        @Override
        public A add(final TradePrint trade, final A accumulator) {
            return accumulator.add(trade);
        }

        @Override
        public A getResult(final A accumulator) {
            return accumulator;
        }

        @Override
        public A merge(final A a, final A b) {
            return a.merge(b);
        }
    }
}
