package dev.weir.flink.source;

/**
 * The one split of a {@link FlinkCaptureSource}: the capture files in order, a single sequence
 * (a decoder such as ITCH's order tracking needs every datagram, in order), and how many events
 * were emitted, the position Flink checkpoints. Immutable.
 */
public final class CaptureSplit implements IndexedSplit {
    private final long emitted;

    /** @param emitted events already emitted; not negative */
    public CaptureSplit(final long emitted) {
        if (emitted < 0) {
            throw new IllegalArgumentException("events emitted must not be negative: " + emitted);
        }
        this.emitted = emitted;
    }

    /** @return events already emitted */
    public long emitted() {
        return emitted;
    }

    @Override
    public int index() {
        return 0;
    }

    @Override
    public String splitId() {
        return "capture";
    }

    @Override
    public boolean equals(final Object other) {
        return other instanceof CaptureSplit && ((CaptureSplit) other).emitted == emitted;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(emitted);
    }

    @Override
    public String toString() {
        return "capture after " + emitted + " events";
    }
}
