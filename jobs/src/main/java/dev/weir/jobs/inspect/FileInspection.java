package dev.weir.jobs.inspect;

/** What one capture file holds: its layout, its traffic, and where it is cut short if it is. Immutable. */
public final class FileInspection {
    private final String file;
    private final CaptureLayout layout;
    private final Traffic traffic;
    private final long truncatedAt;

    FileInspection(final String file, final CaptureLayout layout, final Traffic traffic, final long truncatedAt) {
        this.file = file;
        this.layout = layout;
        this.traffic = traffic;
        this.truncatedAt = truncatedAt;
    }

    /** @return the file's name as given */
    public String file() {
        return file;
    }

    /** @return the container format, sections and interfaces */
    public CaptureLayout layout() {
        return layout;
    }

    /** @return the packets, datagrams, flows, time range and messages */
    public Traffic traffic() {
        return traffic;
    }

    /** @return the byte offset where an incomplete last record or block starts (a capture cut short), or -1 */
    public long truncatedAt() {
        return truncatedAt;
    }
}
