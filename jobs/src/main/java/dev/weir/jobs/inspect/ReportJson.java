package dev.weir.jobs.inspect;

import dev.weir.codec.capture.CaptureFormat;
import dev.weir.codec.payload.JsonText;
import dev.weir.codec.payload.MessageCount;
import dev.weir.codec.payload.MessageTally;
import java.util.List;

/**
 * An {@link InspectionReport} as one JSON object ({@code weir inspect --format json}), with the same content as
 * {@link ReportText}: {@code files} (each with {@code format}, {@code sections}, {@code truncatedAt} and
 * {@code traffic}), {@code total}, {@code port}, {@code payloads}, the format's section ({@code mold} for ITCH; {@code mold} is null for a format without one) and
 * {@code lateness}. Times are given both as ISO-8601 UTC text and as ns since the epoch; rates over an empty time
 * range are null. Stateless.
 */
public final class ReportJson {
    private ReportJson() {
    }

    /**
     * @param report the report
     * @return it as one line of JSON, without a line end
     */
    public static String of(final InspectionReport report) {
        final JsonText json = new JsonText().beginObject(null);
        json.beginArray("files");
        for (final FileInspection file : report.files()) {
            json.beginObject(null).field("file", file.file()).field("format", formatName(file.layout().format()))
                    .field("compressed", file.layout().compressed());
            sections(json, file.layout());
            json.field("truncatedAt", file.truncatedAt());
            traffic(json, "traffic", file.traffic());
            json.endObject();
        }
        json.endArray();
        traffic(json, "total", report.total());
        json.field("port", report.port());
        json.beginObject("payloads").field("decoder", report.payloads().decoder()).field("chosen", report.payloads().chosen())
                .field("reason", report.payloads().reason()).endObject();
        if (report.section() == null) {
            // the key the JSON has always had: null unless the format (ITCH) has a section of its own
            json.nullField("mold");
        } else {
            report.section().json(json);
        }
        final LatenessSummary lateness = report.lateness();
        json.beginObject("lateness").field("events", lateness.events()).field("behind", lateness.behind()).field("p50Millis", lateness.p50())
                .field("p99Millis", lateness.p99()).field("p999Millis", lateness.p999()).field("maxMillis", lateness.max())
                .field("suggestedOutOfOrdernessMillis", lateness.suggestedBound()).field("laterThanSuggested", lateness.laterThanSuggested())
                .endObject();
        return json.endObject().toString();
    }

    private static String formatName(final CaptureFormat format) {
        return switch (format) {
            case PCAP_MICROSECONDS, PCAP_NANOSECONDS -> "pcap";
            case PCAPNG -> "pcapng";
            case ITCH_MESSAGES -> "itch-messages";
        };
    }

    private static void sections(final JsonText json, final CaptureLayout layout) {
        json.beginArray("sections");
        for (final CaptureSection section : layout.sections()) {
            json.beginObject(null).field("byteOrder", section.byteOrder()).field("version", section.version()).beginArray("interfaces");
            for (final CaptureInterface captureInterface : section.interfaces()) {
                json.beginObject(null).field("linkType", captureInterface.linkType()).field("linkTypeName", captureInterface.linkTypeName())
                        .field("snapLength", captureInterface.snapLength()).field("resolution", captureInterface.resolution())
                        .field("name", captureInterface.name()).endObject();
            }
            json.endArray().endObject();
        }
        json.endArray();
    }

    private static void traffic(final JsonText json, final String name, final Traffic traffic) {
        json.beginObject(name).field("packets", traffic.packets()).field("capturedBytes", traffic.capturedBytes())
                .field("wireBytes", traffic.wireBytes()).field("datagrams", traffic.datagrams()).field("decodedDatagrams", traffic.decodedDatagrams())
                .field("fragments", traffic.fragments()).field("notUdp", traffic.notUdp()).field("malformed", traffic.malformed())
                .field("unsupportedLink", traffic.unsupportedLink()).field("cutBySnapLength", traffic.cutBySnapLength())
                .field("untimedPackets", traffic.untimedPackets());
        if (traffic.packets() == 0) {
            json.nullField("earliest").nullField("latest");
        } else {
            json.field("earliest", CaptureTimes.iso(traffic.earliestNanos())).field("latest", CaptureTimes.iso(traffic.latestNanos()));
        }
        json.field("earliestNanos", traffic.earliestNanos()).field("latestNanos", traffic.latestNanos())
                .field("durationNanos", traffic.durationNanos()).field("packetsPerSecond", traffic.perSecond(traffic.packets()))
                .field("messagesPerSecond", traffic.perSecond(traffic.messages().total()));
        json.beginArray("flows");
        for (final FlowCount flow : traffic.flows()) {
            json.beginObject(null).field("source", flow.source()).field("destination", flow.destination()).field("packets", flow.packets())
                    .field("payloadBytes", flow.payloadBytes()).endObject();
        }
        json.endArray().field("otherFlows", traffic.otherFlows()).field("otherFlowPackets", traffic.otherFlowPackets());
        final MessageTally messages = traffic.messages();
        json.beginObject("messages").field("total", messages.total());
        counts(json, "byType", messages.byType().stream().filter(count -> count.count() > 0).toList());
        json.field("skipped", messages.faultTotal());
        counts(json, "skippedBy", messages.faults().stream().filter(count -> count.count() > 0).toList());
        json.endObject().endObject();
    }

    private static void counts(final JsonText json, final String name, final List<MessageCount> counts) {
        json.beginArray(name);
        for (final MessageCount count : counts) {
            json.beginObject(null).field("code", count.code()).field("name", count.name()).field("count", count.count()).endObject();
        }
        json.endArray();
    }
}
