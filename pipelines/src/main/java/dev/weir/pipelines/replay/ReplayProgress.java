package dev.weir.pipelines.replay;

/**
 * How far a replay has come, written by the reading thread once per read and read by a progress display on
 * another thread: bytes of the capture files read out of their total, packets, events emitted and the
 * highest event time so far. Thread-safe (single writer, volatile fields).
 */
public final class ReplayProgress {
    private final long totalBytes;
    private volatile long bytesRead;
    private volatile long packets;
    private volatile long events;
    private volatile long maxEventTimeMillis = Long.MIN_VALUE;

    /** @param totalBytes the size of all the capture files together */
    public ReplayProgress(final long totalBytes) {
        this.totalBytes = totalBytes;
    }

    void update(final long bytes, final long packetCount, final long eventCount, final long maxEventTime) {
        bytesRead = bytes;
        packets = packetCount;
        events = eventCount;
        maxEventTimeMillis = maxEventTime;
    }

    /** @return the size of all the capture files together */
    public long totalBytes() {
        return totalBytes;
    }

    /** @return bytes of the capture files read so far (whole files before the current one, plus its offset) */
    public long bytesRead() {
        return bytesRead;
    }

    /** @return packets read so far, over all files */
    public long packets() {
        return packets;
    }

    /** @return events the decoder emitted so far */
    public long events() {
        return events;
    }

    /** @return the highest event time emitted so far in ms, {@link Long#MIN_VALUE} before the first event */
    public long maxEventTimeMillis() {
        return maxEventTimeMillis;
    }
}
