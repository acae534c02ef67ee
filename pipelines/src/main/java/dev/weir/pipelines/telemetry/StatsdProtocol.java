package dev.weir.pipelines.telemetry;

import dev.weir.codec.payload.LatenessHistogram;
import dev.weir.codec.payload.PayloadAnalysis;
import dev.weir.codec.payload.PayloadSampler;
import dev.weir.codec.payload.StatsdPayloads;
import dev.weir.codec.payload.StatsdSampler;
import dev.weir.pipelines.replay.CaptureProtocol;
import dev.weir.pipelines.replay.PayloadDecoder;
import dev.weir.pipelines.replay.ReplayContext;
import dev.weir.pipelines.record.ScenarioRecord;

/**
 * The {@code statsd} protocol: StatsD lines {@code name:value|type} (docs/statsd.md). Recognised and inspected as
 * {@link StatsdSampler} and {@link StatsdPayloads} say, decoded by {@link StatsdDecoder}, and its metrics as job-file
 * records ({@code weir replay --job JOB.yaml --decoder statsd}): key =
 * {@code HOST/METRIC}, timestamp = the packet's capture time (ms since the epoch), value = the value as sent,
 * rounded half up to a whole number (a job's sum is of whole numbers; a counter's sample rate is not applied). A
 * value whose whole number is beyond 64 bits is a malformed line, reported with its packet and payload byte and
 * skipped, never clamped.
 * The per-packet samples that silent-hosts uses are not records. Stateless; thread-safe.
 */
public final class StatsdProtocol implements CaptureProtocol<MetricSample> {
    @Override
    public String name() {
        return "statsd";
    }

    @Override
    public String title() {
        return "StatsD";
    }

    @Override
    public String eventTimes() {
        return "capture times, ms";
    }

    @Override
    public int order() {
        return 20;
    }

    @Override
    public PayloadSampler sampler() {
        return new StatsdSampler();
    }

    @Override
    public PayloadAnalysis analysis(final LatenessHistogram lateness) {
        return new StatsdPayloads(lateness);
    }

    @Override
    public PayloadDecoder<MetricSample> decoder(final ReplayContext context) {
        return new StatsdDecoder(context, true);
    }

    @Override
    public ScenarioRecord record(final MetricSample sample, final long eventTimeMillis) {
        if (sample.isPacket()) {
            return null;
        }
        return new ScenarioRecord(sample.series().host().address() + "/" + sample.series().name(), eventTimeMillis, Math.round(sample.value()));
    }
}
