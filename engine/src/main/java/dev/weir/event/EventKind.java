package dev.weir.event;

/** What a ring-buffer slot carries. */
public enum EventKind {
    /** A record with its event timestamp. */
    RECORD,
    /** A watermark, inline with the records of its channel. */
    WATERMARK,
    /** A watermark status change of the channel. */
    STATUS,
    /** The channel has ended; nothing follows. */
    END,
    /** A checkpoint barrier. */
    BARRIER
}
