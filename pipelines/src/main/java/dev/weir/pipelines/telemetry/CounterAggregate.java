package dev.weir.pipelines.telemetry;

import dev.weir.state.AggregateFunction;

/**
 * Sums the counter samples of a window, each scaled by its sample rate ({@code x:3|c|@0.5} adds 6), into a
 * {@link CounterSum}. Keeps the sum, never the pooled samples. Stateless and thread-safe.
 */
final class CounterAggregate implements AggregateFunction<MetricSample, CounterSum, Double> {
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
    public Double getResult(final CounterSum sum) {
        return sum.sum();
    }

    @Override
    public CounterSum merge(final CounterSum a, final CounterSum b) {
        a.add(b.sum());
        return a;
    }
}
