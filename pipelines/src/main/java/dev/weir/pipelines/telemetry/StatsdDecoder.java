package dev.weir.pipelines.telemetry;

import dev.weir.codec.statsd.MalformedLineReport;
import dev.weir.codec.statsd.MalformedReason;
import dev.weir.codec.statsd.MetricType;
import dev.weir.codec.statsd.StatsdMetric;
import dev.weir.codec.statsd.StatsdMetricHandler;
import dev.weir.codec.statsd.StatsdParser;
import dev.weir.pipelines.replay.DecodedEvents;
import dev.weir.pipelines.replay.EventPool;
import dev.weir.pipelines.replay.Payload;
import dev.weir.pipelines.replay.PayloadDecoder;
import dev.weir.pipelines.replay.ReplayContext;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Decodes StatsD datagrams ({@code docs/statsd.md}) into {@link MetricSample}s, all with the packet's capture time
 * in milliseconds as event time. For each datagram it emits first one packet sample (its source {@link Host}), then
 * one metric sample per well-formed line, in line order. Hosts and series are interned ({@link HostTable},
 * {@link SeriesTable}); samples come from an {@link EventPool} of the replay's size, so once every host and
 * series has been seen nothing is allocated per datagram or per line.
 *
 * <p>Malformed lines are skipped and counted; the first ten become warnings
 * {@code FILE: packet P, payload byte N: reason} (packet number in its file, byte offset of the line in the payload), and
 * {@link #endOfInput()} warns {@code T malformed lines skipped}, the total, when there were more than ten. Not thread-safe: one decoder per
 * reading thread.
 */
public final class StatsdDecoder implements PayloadDecoder<MetricSample> {
    private static final MetricType[] TYPES = MetricType.values();

    private final EventPool<MetricSample> pool;
    private final StatsdParser parser = new StatsdParser();
    private final HostTable hosts = new HostTable();
    private final SeriesTable series = new SeriesTable();
    private final WarningLines warningLines;
    private final MalformedLineReport report;
    private final Lines lines = new Lines();
    private final long[] metricsByType = new long[TYPES.length];
    private final boolean wholeValues;
    private long datagrams;

    /** @param context the replay: its warnings and its event pool size */
    public StatsdDecoder(final ReplayContext context) {
        this(context, false);
    }

    /**
     * @param context the replay: its warnings and its event pool size
     * @param wholeValues true when the values become 64-bit whole numbers (a job file's records): a value that does
     *     not fit one, rounded, is a malformed line ({@link MalformedReason#VALUE_BEYOND_64_BITS}), not clamped
     */
    public StatsdDecoder(final ReplayContext context, final boolean wholeValues) {
        this.wholeValues = wholeValues;
        this.pool = new EventPool<>(context.eventPoolSize(), MetricSample::new);
        this.warningLines = new WarningLines(context.warnings());
        this.report = new MalformedLineReport(warningLines);
    }

    @Override
    public void decode(final Payload datagram, final DecodedEvents<MetricSample> events) {
        datagrams++;
        final Host host = hosts.sourceOf(datagram.ip());
        final long time = datagram.captureTimeMillis();
        events.emit(pool.next().packet(host), time);
        lines.start(host, time, events);
        warningLines.file(datagram.fileName());
        parser.parse(datagram.buffer(), datagram.payloadOffset(), datagram.payloadLength(), lines, report.packet(datagram.packetNumber()));
    }

    @Override
    public void endOfInput() {
        warningLines.file(null);
        report.finish();
    }

    /**
     * @return in this order: {@code datagrams}, {@code lines} (well-formed and malformed; empty lines are not
     *         counted), one count of metrics per type ({@code counters (c)}, {@code gauges (g)}, {@code timers (ms)},
     *         {@code histograms (h)}, {@code distributions (d)}, {@code sets (s)}), {@code malformed lines}, and the
     *         distinct {@code hosts} and {@code series} seen
     */
    @Override
    public Map<String, Long> counts() {
        final Map<String, Long> counts = new LinkedHashMap<>();
        long metrics = 0;
        for (final long count : metricsByType) {
            metrics += count;
        }
        counts.put("datagrams", datagrams);
        counts.put("lines", metrics + report.total());
        for (final MetricType type : TYPES) {
            counts.put(countName(type), metricsByType[type.ordinal()]);
        }
        counts.put("malformed lines", report.total());
        counts.put("hosts", (long) hosts.size());
        counts.put("series", (long) series.size());
        return counts;
    }

    /** @return whether {@link Math#round(double)} gives {@code value} without clamping it to the long range */
    private static boolean fitsLong(final double value) {
        return value >= -0x1p63 && value < 0x1p63; // every double below 2^63 is a whole number that fits
    }

    private static String countName(final MetricType type) {
        final String kind = switch (type) {
            case COUNTER -> "counters";
            case GAUGE -> "gauges";
            case TIMER -> "timers";
            case HISTOGRAM -> "histograms";
            case DISTRIBUTION -> "distributions";
            case SET -> "sets";
        };
        return kind + " (" + type.symbol() + ")";
    }

    /** Turns each well-formed line of the current datagram into a metric sample. */
    private final class Lines implements StatsdMetricHandler {
        private Host host;
        private long time;
        private DecodedEvents<MetricSample> events;

        void start(final Host sender, final long captureTime, final DecodedEvents<MetricSample> out) {
            this.host = sender;
            this.time = captureTime;
            this.events = out;
        }

        @Override
        public void onMetric(final StatsdMetric metric) {
            final MetricType type = metric.type();
            if (wholeValues && type != MetricType.SET && !fitsLong(metric.value())) {
                report.onMalformed(metric.lineOffset(), MalformedReason.VALUE_BEYOND_64_BITS);
                return;
            }
            metricsByType[type.ordinal()]++;
            final double value = type == MetricType.SET ? Double.NaN : metric.value();
            events.emit(pool.next().metric(series.intern(host, metric.name()), type, value, metric.sampleRate(), metric.isDelta()), time);
        }
    }
}
