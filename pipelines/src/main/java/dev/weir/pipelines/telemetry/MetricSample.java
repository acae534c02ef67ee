package dev.weir.pipelines.telemetry;

import dev.weir.codec.statsd.MetricType;

/**
 * One decoded StatsD event, a mutable object the {@link StatsdDecoder} takes from its pool and refills: either
 * a <em>metric</em> (one line: its {@link Series}, type, value, sample rate and, for a gauge, whether it is a
 * change) or a <em>packet</em> sample, which says only that a datagram came from a {@link Host} (the decoder
 * emits one per datagram, before its metrics, for pipelines that follow hosts rather than metrics). The event
 * time is not a field: it travels with the record (the packet's capture time). Pooled: a pipeline must copy
 * what it keeps and never hold the sample itself. Not thread-safe; handed from thread to thread by the
 * pipeline's rings.
 */
public final class MetricSample {
    private Host host;
    private Series series;
    private MetricType type;
    private double value = Double.NaN;
    private double sampleRate = 1.0;
    private boolean delta;

    /**
     * Makes this a packet sample.
     *
     * @param sender the datagram's source
     * @return this sample
     */
    public MetricSample packet(final Host sender) {
        this.host = sender;
        this.series = null;
        this.type = null;
        this.value = Double.NaN;
        this.sampleRate = 1.0;
        this.delta = false;
        return this;
    }

    /**
     * Makes this a metric sample.
     *
     * @param metric the host and name
     * @param metricType the type
     * @param metricValue the value (a set's member is not kept: NaN)
     * @param rate the sample rate, in (0,1]
     * @param gaugeDelta true for a gauge written with a sign (a change of the level)
     * @return this sample
     */
    public MetricSample metric(final Series metric, final MetricType metricType, final double metricValue, final double rate,
            final boolean gaugeDelta) {
        this.host = metric.host();
        this.series = metric;
        this.type = metricType;
        this.value = metricValue;
        this.sampleRate = rate;
        this.delta = gaugeDelta;
        return this;
    }

    /** @return true for a packet sample, false for a metric */
    public boolean isPacket() {
        return series == null;
    }

    /** @return the sending host (of the packet, or of the metric's series) */
    public Host host() {
        return host;
    }

    /** @return the metric's series; null for a packet sample */
    public Series series() {
        return series;
    }

    /** @return the metric's type; null for a packet sample */
    public MetricType type() {
        return type;
    }

    /** @return the value, in the sender's unit (milliseconds for a timer); NaN for a set or a packet sample */
    public double value() {
        return value;
    }

    /** @return the sample rate in (0,1], 1 when the line gives none (and for a packet sample) */
    public double sampleRate() {
        return sampleRate;
    }

    /** @return true for a gauge written with a sign ({@code +5}, {@code -3}), a change of the level */
    public boolean isDelta() {
        return delta;
    }

    /** @return the counter's estimated count, {@code value / sampleRate} ({@code x:3|c|@0.5} counts 6) */
    public double scaledCount() {
        return value / sampleRate;
    }

    @Override
    public String toString() {
        return isPacket() ? "packet from " + host
                : series + " " + (delta && value >= 0 ? "+" : "") + value + "|" + type.symbol() + (sampleRate == 1.0 ? "" : "|@" + sampleRate);
    }
}
