package dev.weir.pipelines.telemetry;

import java.util.Arrays;

/**
 * The accumulator of a percentile window: every value of the window in a growable primitive array (doubling, so
 * adding costs no allocation beyond amortized growth), sorted once when the window fires. Exact: nothing is
 * approximated or sampled. Mutable, with no final fields, so that keyed state reads it back into the same object.
 * Not thread-safe: window state of one task.
 */
final class SampleValues {
    private static final int INITIAL_CAPACITY = 16;

    private double[] values = new double[INITIAL_CAPACITY];
    private int count;

    /** @param value a value to add */
    public void add(final double value) {
        if (count == values.length) {
            values = Arrays.copyOf(values, count * 2);
        }
        values[count++] = value;
    }

    /** @param other values to add, all of them (for merging windows) */
    public void addAll(final SampleValues other) {
        if (count + other.count > values.length) {
            values = Arrays.copyOf(values, Math.max(values.length * 2, count + other.count));
        }
        System.arraycopy(other.values, 0, values, count, other.count);
        count += other.count;
    }

    /** @return the number of values */
    public int count() {
        return count;
    }

    /**
     * Sorts the values and reads the summary of the window: count, p50, p99 and max, each percentile by nearest
     * rank ({@link #nearestRank}).
     *
     * @return the summary
     * @throws IllegalStateException if there are no values
     */
    public Percentiles percentiles() {
        if (count == 0) {
            throw new IllegalStateException("no values to take percentiles of");
        }
        Arrays.sort(values, 0, count);
        return new Percentiles(count, values[nearestRank(50, count) - 1], values[nearestRank(99, count) - 1], values[count - 1]);
    }

    /**
     * The nearest rank of the {@code percent}-th percentile: the smallest rank {@code r} (1-based) such that at
     * least {@code percent}% of {@code count} sorted values lie at or below the {@code r}-th, that is
     * {@code ceil(percent * count / 100)}, at least 1.
     *
     * @param percent 1 to 100
     * @param count how many values, at least 1
     * @return the rank, 1 to {@code count}
     */
    static int nearestRank(final int percent, final int count) {
        return (int) Math.max(1, ((long) percent * count + 99) / 100);
    }
}
