package dev.weir.event;

/** Whether a stream is expected to produce records and watermarks (docs/semantics.md §1, idleness). */
public enum WatermarkStatus {
    /** The stream produces records and takes part in watermark computation downstream. */
    ACTIVE,
    /** The stream is idle: downstream valves leave it out of the minimum watermark. */
    IDLE;

    /** @return true for {@link #IDLE} */
    public boolean isIdle() {
        return this == IDLE;
    }
}
