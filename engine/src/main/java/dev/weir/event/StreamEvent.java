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
    private Object key;
    private int keyGroup = -1;
    private WatermarkStatus status = WatermarkStatus.ACTIVE;

    /**
     * @param record the record
     * @param eventTimestamp its event time
     */
    public void record(final Object record, final long eventTimestamp) {
        kind = EventKind.RECORD;
        value = record;
        key = null;
        keyGroup = -1;
        timestamp = eventTimestamp;
    }

    /**
     * A record of a keyed edge, with the key its producer routed it by, so that the consumer
     * need not compute either again.
     *
     * @param record the record
     * @param eventTimestamp its event time
     * @param recordKey the record's key under the edge's key selector, not null
     * @param recordKeyGroup its key group, or -1 when the producer did not compute it
     */
    public void keyedRecord(final Object record, final long eventTimestamp, final Object recordKey, final int recordKeyGroup) {
        kind = EventKind.RECORD;
        value = record;
        key = recordKey;
        keyGroup = recordKeyGroup;
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

    /** @return the key of a record of a keyed edge, or null */
    public Object key() {
        return key;
    }

    /** @return the key group of a record of a keyed edge, or -1 when unknown */
    public int keyGroup() {
        return keyGroup;
    }

    /** @return the status, for {@link EventKind#STATUS} */
    public WatermarkStatus watermarkStatus() {
        return status;
    }

    /**
     * Makes this slot carry what {@code other} carries (e.g. an event held back while the ring
     * was full, moved into a ring slot); allocates nothing.
     *
     * @param other the event to copy, unchanged
     */
    public void copyOf(final StreamEvent other) {
        kind = other.kind;
        timestamp = other.timestamp;
        value = other.value;
        key = other.key;
        keyGroup = other.keyGroup;
        status = other.status;
    }

    /** Drops the record reference once consumed, so the slot does not keep it alive. */
    public void release() {
        value = null;
        key = null;
    }
}
