package dev.weir.pipelines.telemetry;

/**
 * The accumulator of a counter window: the sum of each counter's value divided by its sample rate, in arrival
 * order. Mutable, with no final fields, so that keyed state reads it back into the same object. Not thread-safe:
 * window state of one task.
 */
final class CounterSum {
    private double sum;

    /** @param count a counter's estimated count ({@link MetricSample#scaledCount()}) */
    public void add(final double count) {
        sum += count;
    }

    /** @return the sum so far */
    public double sum() {
        return sum;
    }
}
