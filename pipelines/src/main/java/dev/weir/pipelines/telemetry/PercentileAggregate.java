package dev.weir.pipelines.telemetry;

import dev.weir.state.AggregateFunction;
import java.io.Serializable;

/**
 * Collects the values of a window's metric samples into {@link SampleValues} and summarises them as
 * {@link Percentiles} when the window fires. Keeps values, never the pooled samples. Stateless and thread-safe.
 */
final class PercentileAggregate implements AggregateFunction<MetricSample, SampleValues, Percentiles>, Serializable {
    private static final long serialVersionUID = 1L;

    @Override
    public SampleValues createAccumulator() {
        return new SampleValues();
    }

    @Override
    public SampleValues add(final MetricSample sample, final SampleValues values) {
        values.add(sample.value());
        return values;
    }

    @Override
    public Percentiles getResult(final SampleValues values) {
        return values.percentiles();
    }

    @Override
    public SampleValues merge(final SampleValues a, final SampleValues b) {
        a.addAll(b);
        return a;
    }
}
