/**
 * Replay pipelines over captured StatsD telemetry: the decoder from datagrams to pooled
 * {@link dev.weir.pipelines.telemetry.MetricSample}s with interned {@link dev.weir.pipelines.telemetry.Host} and
 * {@link dev.weir.pipelines.telemetry.Series} keys ({@link dev.weir.pipelines.telemetry.StatsdDecoder}), and the
 * pipelines {@code statsd-percentiles}, {@code statsd-counters} and {@code silent-hosts}. The user's guide is
 * {@code docs/telemetry.md}.
 */
package dev.weir.pipelines.telemetry;
