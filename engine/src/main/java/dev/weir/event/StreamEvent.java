package dev.weir.event;

/**
 * One slot of a ring buffer: preallocated once, then filled in place for every event that
 * passes, so moving events allocates nothing. A slot belongs to its producer between claim
 * and publish and to its consumer between poll and release; nobody keeps a reference to it.
 */
public final class StreamEvent {
    private EventKind kind = EventKind.END;
    private long timestamp;
    private Object value;
    private WatermarkStatus status = WatermarkStatus.ACTIVE;

    /**
     * @param record the record
     * @param eventTimestamp its event time
     */
    public void record(final Object record, final long eventTimestamp) {
        kind = EventKind.RECORD;
        value = record;
        timestamp = eventTimestamp;
    }

    /** @param watermark the watermark */
    public void watermark(final long watermark) {
        kind = EventKind.WATERMARK;
        value = null;
        timestamp = watermark;
    }

    /** @param newStatus the channel's new status */
    public void status(final WatermarkStatus newStatus) {
        kind = EventKind.STATUS;
        value = null;
        status = newStatus;
    }

    /** Marks the end of the channel. */
    public void end() {
        kind = EventKind.END;
        value = null;
    }

    /**
     * @param checkpointId the checkpoint the barrier belongs to
     */
    public void barrier(final long checkpointId) {
        kind = EventKind.BARRIER;
        value = null;
        timestamp = checkpointId;
    }

    /** @return what the slot carries */
    public EventKind kind() {
        return kind;
    }

    /** @return the record's event time, the watermark, or the checkpoint id */
    public long timestamp() {
        return timestamp;
    }

    /** @return the record, for {@link EventKind#RECORD} */
    public Object value() {
        return value;
    }

    /** @return the status, for {@link EventKind#STATUS} */
    public WatermarkStatus watermarkStatus() {
        return status;
    }

    /** Drops the record reference once consumed, so the slot does not keep it alive. */
    public void release() {
        value = null;
    }
}
