package dev.weir.jobs.inspect;

import dev.weir.codec.capture.CaptureFormat;
import dev.weir.codec.payload.MessageCount;
import dev.weir.codec.payload.MessageTally;
import dev.weir.codec.payload.PayloadGuess;
import java.util.List;
import java.util.Locale;

/**
 * An {@link InspectionReport} for reading ({@code weir inspect}): one block per file, then the total over all
 * files, the payload format and why, messages by type, the format's own section (ITCH: the MoldUDP64 framing) and the out-of-orderness with the
 * suggested bound. Lines end in {@code \n}; numbers are plain digits; times ISO-8601 UTC. Stateless.
 */
public final class ReportText {
    private ReportText() {
    }

    /**
     * @param report the report
     * @return every file's block, then {@link #summary}
     */
    public static String of(final InspectionReport report) {
        final StringBuilder out = new StringBuilder();
        for (final FileInspection file : report.files()) {
            out.append(file(file));
        }
        return out.append(summary(report)).toString();
    }

    /**
     * @param file one file's inspection
     * @return its block: layout, warning if cut short, traffic
     */
    public static String file(final FileInspection file) {
        final StringBuilder out = new StringBuilder();
        out.append("file ").append(file.file()).append('\n');
        layout(out, file.layout());
        if (file.truncatedAt() >= 0) {
            out.append("  warning: ").append(truncation(file)).append('\n');
        }
        traffic(out, file.traffic());
        return out.append('\n').toString();
    }

    /**
     * @param file a file's inspection whose {@link FileInspection#truncatedAt()} is not -1
     * @return the warning that it is cut short, naming the offset
     */
    public static String truncation(final FileInspection file) {
        return file.file() + ": cut short at offset " + file.truncatedAt() + " (an incomplete last packet, ignored; the "
                + file.traffic().packets() + " packets before it are counted)";
    }

    /**
     * @param report the report
     * @return the total over all files, payload format, MoldUDP64 framing and out-of-orderness
     */
    public static String summary(final InspectionReport report) {
        final StringBuilder out = new StringBuilder();
        out.append("total of ").append(report.files().size()).append(report.files().size() == 1 ? " file" : " files").append('\n');
        final PayloadGuess payloads = report.payloads();
        out.append("  payloads    ").append(payloads.title()).append(payloads.chosen() ? ", chosen: " : ", guessed: ")
                .append(payloads.reason()).append(report.port() >= 0 ? " (datagrams to port " + report.port() + ")" : "").append('\n');
        traffic(out, report.total());
        if (report.section() != null) {
            report.section().text(out);
        }
        lateness(out, report.lateness(), payloads);
        return out.toString();
    }

    private static void layout(final StringBuilder out, final CaptureLayout layout) {
        final List<CaptureSection> sections = layout.sections();
        switch (layout.format()) {
            case PCAP_MICROSECONDS, PCAP_NANOSECONDS -> {
                final CaptureSection section = sections.get(0);
                out.append("  format      pcap, ").append(layout.format() == CaptureFormat.PCAP_NANOSECONDS
                        ? "nanoseconds" : "microseconds").append(", ").append(section.byteOrder()).append(", version ")
                        .append(section.version()).append(gzip(layout)).append('\n');
                for (final CaptureInterface captureInterface : section.interfaces()) {
                    out.append("  link type   ").append(captureInterface.linkTypeName()).append(", snapshot length ")
                            .append(captureInterface.snapLength()).append('\n');
                }
            }
            case PCAPNG -> {
                out.append("  format      pcapng, ").append(sections.size()).append(sections.size() == 1 ? " section" : " sections")
                        .append(gzip(layout)).append('\n');
                for (int s = 0; s < sections.size(); s++) {
                    final CaptureSection section = sections.get(s);
                    out.append("  section ").append(s + 1).append("   ").append(section.byteOrder()).append(", version ").append(section.version())
                            .append(", ").append(section.interfaces().size()).append(section.interfaces().size() == 1 ? " interface" : " interfaces")
                            .append('\n');
                    for (int i = 0; i < section.interfaces().size(); i++) {
                        final CaptureInterface captureInterface = section.interfaces().get(i);
                        out.append("    interface ").append(i).append(": ").append(captureInterface.linkTypeName()).append(", ")
                                .append(captureInterface.resolution()).append(", snapshot length ").append(captureInterface.snapLength())
                                .append(captureInterface.name().isEmpty() ? "" : ", name " + captureInterface.name()).append('\n');
                    }
                }
            }
            case ITCH_MESSAGES -> out.append("  format      ITCH 5.0 messages, length-prefixed, no packets (each message counts as one)")
                    .append(gzip(layout)).append('\n');
            default -> throw new IllegalStateException("format " + layout.format());
        }
    }

    private static String gzip(final CaptureLayout layout) {
        return layout.compressed() ? ", gzip-compressed" : "";
    }

    private static void traffic(final StringBuilder out, final Traffic traffic) {
        out.append("  packets     ").append(traffic.packets()).append(" (").append(traffic.capturedBytes()).append(" bytes captured, ")
                .append(traffic.wireBytes()).append(" on the wire)\n");
        out.append("  udp         ").append(traffic.datagrams()).append(" datagrams, ").append(traffic.decodedDatagrams())
                .append(" decoded; skipped: ").append(traffic.fragments()).append(" fragments, ").append(traffic.notUdp()).append(" not UDP, ")
                .append(traffic.malformed()).append(" malformed, ").append(traffic.unsupportedLink()).append(" unsupported link")
                .append(traffic.cutBySnapLength() == 0 ? "" : ", " + traffic.cutBySnapLength() + " cut by the snap length (results may be"
                        + " incomplete)").append('\n');
        if (traffic.untimedPackets() > 0) {
            out.append("  untimed     ").append(traffic.untimedPackets()).append(" packets without a timestamp (pcapng simple packet blocks)"
                    + " took the time of the packet before them, or of the first timed packet when none came before\n");
        }
        if (traffic.packets() > 0) {
            out.append("  time        ").append(CaptureTimes.iso(traffic.earliestNanos())).append(" to ").append(CaptureTimes.iso(traffic.latestNanos()))
                    .append(" (").append(CaptureTimes.seconds(traffic.durationNanos())).append(" s)\n");
            out.append("  rate        ").append(rate(traffic.perSecond(traffic.packets()))).append(" packets/s")
                    .append(traffic.messages().byType().isEmpty() ? "" : ", " + rate(traffic.perSecond(traffic.messages().total())) + " messages/s")
                    .append('\n');
        }
        if (!traffic.flows().isEmpty()) {
            out.append("  flows       ").append(traffic.flows().size() + traffic.otherFlows()).append(", by datagrams:\n");
            for (final FlowCount flow : traffic.flows()) {
                out.append("    ").append(flow.source()).append(" -> ").append(flow.destination()).append("  ").append(flow.packets())
                        .append(flow.packets() == 1 ? " datagram, " : " datagrams, ").append(flow.payloadBytes()).append(" payload bytes\n");
            }
            if (traffic.otherFlowPackets() > 0) {
                out.append("    ").append(traffic.otherFlows()).append(" more flows, ").append(traffic.otherFlowPackets()).append(" datagrams\n");
            }
        }
        messages(out, traffic.messages());
    }

    private static void messages(final StringBuilder out, final MessageTally messages) {
        if (messages.byType().isEmpty()) {
            return;
        }
        out.append("  messages    ").append(messages.total()).append(" (").append(messages.faultTotal()).append(" skipped)\n");
        for (final MessageCount count : messages.byType()) {
            if (count.count() > 0) {
                out.append(String.format(Locale.ROOT, "    %-3s %-32s %d\n", count.code(), count.name(), count.count()));
            }
        }
        for (final MessageCount count : messages.faults()) {
            if (count.count() > 0) {
                out.append("    skipped: ").append(count.count()).append(' ').append(count.name()).append('\n');
            }
        }
    }

    private static void lateness(final StringBuilder out, final LatenessSummary lateness, final PayloadGuess payloads) {
        if (lateness.events() == 0) {
            out.append("  lateness    no events").append(payloads.format() == null ? " (the payloads were not decoded)" : "").append('\n');
            return;
        }
        out.append("  lateness    ").append(lateness.behind()).append(" of ").append(lateness.events()).append(" events behind an earlier event's time ")
                .append('(').append(payloads.format().eventTimes()).append(')').append('\n');
        out.append("              p50 ").append(lateness.p50()).append(" ms, p99 ").append(lateness.p99()).append(" ms, p99.9 ")
                .append(lateness.p999()).append(" ms, max ").append(lateness.max()).append(" ms\n");
        out.append("  suggestion  --out-of-orderness ").append(lateness.suggestedBound()).append("ms (job: maxOutOfOrderness: ")
                .append(lateness.suggestedBound()).append(")\n");
        out.append("              the p99.9 lateness rounded up to ").append(LatenessSummary.ROUNDING_MILLIS)
                .append(" ms: a high percentile, not the mean; ").append(lateness.laterThanSuggested())
                .append(lateness.laterThanSuggested() == 1 ? " event lags" : " events lag").append(" by more and would be late\n");
    }

    private static String rate(final double perSecond) {
        return Double.isNaN(perSecond) ? "n/a" : String.format(Locale.ROOT, "%.1f", perSecond);
    }
}
