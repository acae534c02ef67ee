package dev.weir.pipelines.telemetry;

import java.math.BigDecimal;

/**
 * The accumulator of a counter window: the sum of each counter's value divided by its sample rate, in arrival
 * order, as a double. A sum that would pass the double range (two lines of {@code 1.79e308} in one window) is not
 * turned into Infinity: from then on it is a decimal of any size, each count added as its shortest decimal, so
 * {@code 1.79e308 + 1.79e308} is {@code 358} and 306 zeros exactly. Only such a window allocates per sample.
 * Mutable, with no final fields, so that keyed state reads it back into the same object (the decimal is kept as
 * its text, which state stores as it is). Not thread-safe: window state of one task.
 */
final class CounterSum {
    private double sum;
    /** The sum once it has passed the double range, as {@link BigDecimal#toString()} text; null before. */
    private String beyondDoubles;

    /** @param count a counter's estimated count ({@link MetricSample#scaledCount()}), finite */
    public void add(final double count) {
        if (beyondDoubles == null) {
            final double added = sum + count;
            if (Double.isFinite(added)) {
                sum = added;
                return;
            }
            beyondDoubles = BigDecimal.valueOf(sum).toString();
        }
        beyondDoubles = new BigDecimal(beyondDoubles).add(BigDecimal.valueOf(count)).toString();
    }

    /** @param other a sum to add to this one (merging windows) */
    public void add(final CounterSum other) {
        if (other.beyondDoubles == null) {
            add(other.sum);
            return;
        }
        beyondDoubles = total().add(new BigDecimal(other.beyondDoubles)).toString();
    }

    /** @return the sum so far as a double; infinite once it has passed the double range */
    public double sum() {
        return beyondDoubles == null ? sum : new BigDecimal(beyondDoubles).doubleValue();
    }

    /** @return the sum so far: the double's shortest decimal within the double range, else the decimal in full */
    public BigDecimal total() {
        return beyondDoubles == null ? BigDecimal.valueOf(sum) : new BigDecimal(beyondDoubles);
    }
}
