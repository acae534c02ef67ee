package dev.weir.pipelines.replay;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a replay did, for the lines {@code weir replay} prints on stderr at the end: what was read, what the
 * decoder counted, what the pipeline emitted and dropped, and how fast. Immutable.
 *
 * @param pipeline the replay job's name
 * @param read packets, datagrams, skips and faults of the capture files
 * @param decoded the decoder's counts, in print order
 * @param rows rows written
 * @param windowsFired results the window operators emitted
 * @param lateToSideOutput late records sent to a late side output
 * @param lateDropped late records dropped
 * @param elapsedNanos how long the replay took
 */
public record ReplaySummary(String pipeline, CaptureReadCounts read, Map<String, Long> decoded, long rows, long windowsFired,
        long lateToSideOutput, long lateDropped, long elapsedNanos) {
    /** Keeps the decoder's counts in their order. */
    public ReplaySummary {
        decoded = Collections.unmodifiableMap(new LinkedHashMap<>(decoded));
    }

    /** @return events a second over the whole replay, 0 when no time has passed */
    public long eventsPerSecond() {
        return perSecond(read.events());
    }

    private long perSecond(final long count) {
        return elapsedNanos <= 0 ? 0 : (long) (count * 1e9 / elapsedNanos);
    }

    /** @return the summary lines, without line terminators */
    public List<String> lines() {
        final String prefix = "weir replay: ";
        final List<String> lines = new ArrayList<>();
        if (read.itchMessages() > 0 && read.packets() == 0) {
            lines.add(String.format(Locale.ROOT, "%s%s: %,d length-prefixed ITCH messages replayed (no packets)", prefix, pipeline,
                    read.itchMessages()));
        } else {
            lines.add(String.format(Locale.ROOT, "%s%s: %,d packets, %,d datagrams replayed (skipped: %,d not UDP, %,d fragments,"
                    + " %,d malformed, %,d unsupported link, %,d filtered out)%s", prefix, pipeline, read.packets(), read.datagrams(),
                    read.notUdp(), read.fragments(), read.malformedPackets(), read.unsupportedLink(), read.filteredOut(),
                    read.itchMessages() > 0 ? String.format(Locale.ROOT, ", and %,d length-prefixed ITCH messages", read.itchMessages()) : ""));
        }
        if (!decoded.isEmpty()) {
            final StringBuilder counts = new StringBuilder(prefix).append("decoded:");
            String separator = " ";
            for (final Map.Entry<String, Long> count : decoded.entrySet()) {
                counts.append(separator).append(count.getKey()).append(' ').append(String.format(Locale.ROOT, "%,d", count.getValue()));
                separator = ", ";
            }
            lines.add(counts.toString());
        }
        lines.add(String.format(Locale.ROOT, "%s%,d events, %,d rows, %,d windows fired, %,d late to side output, %,d late dropped",
                prefix, read.events(), rows, windowsFired, lateToSideOutput, lateDropped));
        if (read.badPayloads() + read.badFiles() + read.truncatedFiles() > 0) {
            lines.add(String.format(Locale.ROOT, "%sfaults: %,d bad payloads skipped, %,d files with a corrupt header, %,d files cut short",
                    prefix, read.badPayloads(), read.badFiles(), read.truncatedFiles()));
        }
        if (read.cutBySnapLength() > 0) {
            lines.add(String.format(Locale.ROOT, "%sincomplete: %,d packets cut by the capture's snap length were skipped (their"
                    + " datagrams are not all captured); results may be incomplete", prefix, read.cutBySnapLength()));
        }
        if (read.lengthMismatches() > 0) {
            lines.add(String.format(Locale.ROOT, "%s%,d datagrams shorter than their IP length said were read by their UDP length", prefix,
                    read.lengthMismatches()));
        }
        if (read.untimedPackets() > 0) {
            lines.add(String.format(Locale.ROOT, "%s%,d packets without a timestamp (pcapng simple packet blocks) took the time of the"
                    + " packet before them, or of the first timed packet when none came before", prefix, read.untimedPackets()));
        }
        final boolean messages = read.packets() == 0 && read.itchMessages() > 0;
        lines.add(String.format(Locale.ROOT, "%s%.2f s, %,d %s/s, %,d events/s", prefix, elapsedNanos / 1e9,
                perSecond(messages ? read.itchMessages() : read.packets()), messages ? "messages" : "packets", eventsPerSecond()));
        return lines;
    }
}
