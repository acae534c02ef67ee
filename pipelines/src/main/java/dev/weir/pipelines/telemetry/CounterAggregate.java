package dev.weir.pipelines.telemetry;

import dev.weir.state.AggregateFunction;
import java.io.Serializable;
import java.math.BigDecimal;

/**
 * Sums the counter samples of a window, each scaled by its sample rate ({@code x:3|c|@0.5} adds 6), into a
 * {@link CounterSum}, whose sum does not overflow to Infinity. Keeps the sum, never the pooled samples. Stateless and thread-safe.
 */
final class CounterAggregate implements AggregateFunction<MetricSample, CounterSum, BigDecimal>, Serializable {
    private static final long serialVersionUID = 1L;

    @Override
    public CounterSum createAccumulator() {
        return new CounterSum();
    }

    @Override
    public CounterSum add(final MetricSample sample, final CounterSum sum) {
        sum.add(sample.scaledCount());
        return sum;
    }

    @Override
    public BigDecimal getResult(final CounterSum sum) {
        return sum.total();
    }

    @Override
    public CounterSum merge(final CounterSum a, final CounterSum b) {
        a.add(b);
        return a;
    }
}
