package dev.weir.pipelines.tca;

import dev.weir.operator.AsOfJoinFunction;
import dev.weir.operator.Collector;
import java.io.Serializable;

/**
 * The as-of join function of {@code tca}: a trade and the quote of its stock current at it (none before the stock's
 * first change of top: both sides empty) make its {@link TcaRow}. Stateless and thread-safe.
 */
final class TradeAgainstQuote implements AsOfJoinFunction<TcaTrade, Quote, TcaRow>, Serializable {
    private static final long serialVersionUID = 1L;

    @Override
    public void join(final TcaTrade trade, final Quote quote, final Context ctx, final Collector<TcaRow> out) {
        out.collect(TcaRow.of(trade, quote == null ? Quote.EMPTY : quote));
    }
}
