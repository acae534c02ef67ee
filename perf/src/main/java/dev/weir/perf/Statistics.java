package dev.weir.perf;

import java.util.List;

/** Median, minimum and maximum of a benchmark's measured runs. Stateless. */
final class Statistics {
    private Statistics() {
    }

    /** @param values measurements @return their median (the mean of the middle two for an even count), NaN for none */
    static double median(final List<Double> values) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        final double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return sorted.length % 2 == 1 ? sorted[sorted.length / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
    }

    /** @param values measurements @return the smallest, NaN for none */
    static double min(final List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    }

    /** @param values measurements @return the largest, NaN for none */
    static double max(final List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }
}
