package dev.weir.timer;

/** The time a timer fires on (docs/semantics.md §3). */
public enum TimeDomain {
    /** Fires when a watermark at or above it arrives. */
    EVENT_TIME,
    /** Fires when the pipeline's clock reaches it. */
    PROCESSING_TIME
}
