package dev.weir.jobs.inspect;

import dev.weir.codec.payload.PayloadGuess;
import dev.weir.codec.payload.ReportSection;
import java.util.List;

/**
 * What {@code weir inspect} finds in capture files: each file on its own, all of them together, the payload format
 * and why, what only that format has (the MoldUDP64 framing of an ITCH feed), and how out of order the events are (measured over all files in
 * order, as one replay reads them). Immutable.
 */
public final class InspectionReport {
    private final List<FileInspection> files;
    private final Traffic total;
    private final int port;
    private final PayloadGuess payloads;
    private final ReportSection section;
    private final LatenessSummary lateness;

    InspectionReport(final List<FileInspection> files, final Traffic total, final int port, final PayloadGuess payloads,
            final ReportSection section, final LatenessSummary lateness) {
        this.files = List.copyOf(files);
        this.total = total;
        this.port = port;
        this.payloads = payloads;
        this.section = section;
        this.lateness = lateness;
    }

    /** @return each file, in the order given */
    public List<FileInspection> files() {
        return files;
    }

    /** @return all files together */
    public Traffic total() {
        return total;
    }

    /** @return the destination port whose payloads were decoded, or -1 for every port */
    public int port() {
        return port;
    }

    /** @return the payload format the messages were decoded as, and why */
    public PayloadGuess payloads() {
        return payloads;
    }

    /**
     * @return the section of the payload format decoded (for ITCH the MoldUDP64 framing, a
     *     {@link dev.weir.codec.payload.MoldSummary}), or null for a format without one or none decoded
     */
    public ReportSection section() {
        return section;
    }

    /** @return the events' lateness (no events when the payload format is unknown) */
    public LatenessSummary lateness() {
        return lateness;
    }
}
