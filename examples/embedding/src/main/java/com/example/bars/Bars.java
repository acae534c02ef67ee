package com.example.bars;

import dev.weir.state.AggregateFunction;

/** Folds a symbol's trades of one window into its {@link Bar}. */
public final class Bars implements AggregateFunction<Trade, Bar, Bar> {
    @Override
    public Bar createAccumulator() {
        return new Bar();
    }

    @Override
    public Bar add(final Trade trade, final Bar bar) {
        if (bar.volume == 0) {
            bar.symbol = trade.symbol();
            bar.open = trade.priceTicks();
        }
        bar.high = Math.max(bar.high, trade.priceTicks());
        bar.low = Math.min(bar.low, trade.priceTicks());
        bar.close = trade.priceTicks();
        bar.volume += trade.quantity();
        return bar;
    }

    @Override
    public Bar getResult(final Bar bar) {
        return bar;
    }

    @Override
    public Bar merge(final Bar a, final Bar b) {
        throw new UnsupportedOperationException("tumbling windows do not merge");
    }
}
