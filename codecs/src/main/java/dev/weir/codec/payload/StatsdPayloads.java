package dev.weir.codec.payload;

import dev.weir.codec.capture.CapturePacket;
import dev.weir.codec.capture.Datagram;
import dev.weir.codec.statsd.MalformedLineListener;
import dev.weir.codec.statsd.MalformedReason;
import dev.weir.codec.statsd.MetricType;
import dev.weir.codec.statsd.StatsdMetric;
import dev.weir.codec.statsd.StatsdMetricHandler;
import dev.weir.codec.statsd.StatsdParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * StatsD payloads: metrics counted by type, malformed lines by reason. StatsD lines carry no time, so each metric's
 * event time is its packet's capture time in ms, as a replay's StatsD decoder uses it. Allocates nothing per packet
 * once the parser has warmed up. Not thread-safe.
 */
public final class StatsdPayloads implements PayloadAnalysis, StatsdMetricHandler, MalformedLineListener {
    private static final MetricType[] TYPES = MetricType.values();
    private static final MalformedReason[] REASONS = MalformedReason.values();

    private final LatenessHistogram lateness;
    private final StatsdParser parser = new StatsdParser();
    private final long[] byType = new long[TYPES.length];
    private final long[] byReason = new long[REASONS.length];
    private long captureMillis;

    /** @param lateness where each metric's time (its packet's capture time, in ms) goes */
    public StatsdPayloads(final LatenessHistogram lateness) {
        this.lateness = lateness;
    }

    @Override
    public void payload(final String file, final CapturePacket packet, final Datagram datagram) {
        captureMillis = Math.floorDiv(packet.timestampNanos(), 1_000_000L);
        parser.parse(datagram.buffer(), datagram.payloadOffset(), datagram.payloadLength(), this, this);
    }

    /** Parses the message as StatsD lines, as {@code --decoder statsd} asks: its time is the message's. */
    @Override
    public void message(final String file, final CapturePacket message) {
        captureMillis = Math.floorDiv(message.timestampNanos(), 1_000_000L);
        parser.parse(message.buffer(), message.offset(), message.capturedLength(), this, this);
    }

    @Override
    public void onMetric(final StatsdMetric metric) {
        byType[metric.type().ordinal()]++;
        lateness.event(captureMillis);
    }

    @Override
    public void onMalformed(final int lineOffset, final MalformedReason reason) {
        byReason[reason.ordinal()]++;
    }

    @Override
    public MessageTally tally() {
        final List<MessageCount> types = new ArrayList<>();
        for (final MetricType type : TYPES) {
            types.add(new MessageCount(type.symbol(), type.name().toLowerCase(Locale.ROOT), byType[type.ordinal()]));
        }
        final List<MessageCount> reasons = new ArrayList<>();
        for (final MalformedReason reason : REASONS) {
            reasons.add(new MessageCount(reason.name().toLowerCase(Locale.ROOT).replace('_', '-'), reason.text(), byReason[reason.ordinal()]));
        }
        return new MessageTally(types, reasons);
    }

    @Override
    public ReportSection section() {
        return null;
    }
}
