package dev.weir.pipelines.telemetry;

/**
 * The summary of one percentile window's values.
 *
 * @param count how many values the window had
 * @param p50 the 50th percentile by nearest rank: the smallest value with at least half of the values at or below it
 * @param p99 the 99th percentile by nearest rank: the smallest value with at least 99% of the values at or below it
 * @param max the largest value
 */
public record Percentiles(int count, double p50, double p99, double max) {
}
