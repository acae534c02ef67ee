package dev.weir.pipelines.telemetry;

import dev.weir.operator.Collector;
import java.io.Serializable;
import java.util.function.BiConsumer;

/**
 * Checks a percentile window against the thresholds: emits an {@link AlertRow} when the window's p99 is strictly
 * greater than its series' threshold; a series without a threshold never alerts. Holds only the thresholds, so it can
 * be shipped. Stateless and thread-safe.
 */
final class P99Alerts implements BiConsumer<PercentileRow, Collector<AlertRow>>, Serializable {
    private static final long serialVersionUID = 1L;

    private final AlertThresholds thresholds;

    /** @param thresholds the p99 thresholds by host and metric */
    P99Alerts(final AlertThresholds thresholds) {
        this.thresholds = thresholds;
    }

    @Override
    public void accept(final PercentileRow window, final Collector<AlertRow> out) {
        final double threshold = thresholds.of(window.series().host().address(), window.series().name());
        final double p99 = window.percentiles().p99();
        if (p99 > threshold) { // false for NaN: no threshold
            out.collect(new AlertRow(window.series(), window.windowStart(), p99, threshold));
        }
    }
}
