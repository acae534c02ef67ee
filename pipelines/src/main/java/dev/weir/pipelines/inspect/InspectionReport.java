package dev.weir.pipelines.inspect;

import java.util.List;

/**
 * What {@code weir inspect} finds in capture files: each file on its own, all of them together, the payload format
 * and why, the MoldUDP64 framing of an ITCH feed, and how out of order the events are (measured over all files in
 * order, as one replay reads them). Immutable.
 */
public final class InspectionReport {
    private final List<FileInspection> files;
    private final Traffic total;
    private final int port;
    private final PayloadGuess payloads;
    private final MoldSummary mold;
    private final LatenessSummary lateness;

    InspectionReport(final List<FileInspection> files, final Traffic total, final int port, final PayloadGuess payloads,
            final MoldSummary mold, final LatenessSummary lateness) {
        this.files = List.copyOf(files);
        this.total = total;
        this.port = port;
        this.payloads = payloads;
        this.mold = mold;
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

    /** @return the MoldUDP64 framing, or null unless the payloads were decoded as ITCH */
    public MoldSummary mold() {
        return mold;
    }

    /** @return the events' lateness (no events when the payload format is unknown) */
    public LatenessSummary lateness() {
        return lateness;
    }
}
