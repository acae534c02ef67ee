package dev.weir.jobs.file;

import dev.weir.window.TimeWindow;

/** The {@code window} section of a job file. */
public final class WindowSpec {
    private final WindowKind kind;
    private final long sizeMillis;
    private final long slideMillis;
    private final long offsetMillis;
    private final long gapMillis;
    private final TriggerSpec trigger;
    private final long allowedLatenessMillis;
    private final boolean sideOutputLateData;

    /**
     * @param kind the window type
     * @param sizeMillis size (tumbling, sliding)
     * @param slideMillis slide (sliding)
     * @param offsetMillis offset (tumbling, sliding)
     * @param gapMillis gap (session)
     * @param trigger the trigger, or null for the window type's default
     * @param allowedLatenessMillis allowed lateness
     * @param sideOutputLateData whether late records go to the side output
     */
    public WindowSpec(
            final WindowKind kind,
            final long sizeMillis,
            final long slideMillis,
            final long offsetMillis,
            final long gapMillis,
            final TriggerSpec trigger,
            final long allowedLatenessMillis,
            final boolean sideOutputLateData) {
        this.kind = kind;
        this.sizeMillis = sizeMillis;
        this.slideMillis = slideMillis;
        this.offsetMillis = offsetMillis;
        this.gapMillis = gapMillis;
        this.trigger = trigger;
        this.allowedLatenessMillis = allowedLatenessMillis;
        this.sideOutputLateData = sideOutputLateData;
    }

    /** @return the window type */
    public WindowKind kind() {
        return kind;
    }

    /** @return the size in ms */
    public long sizeMillis() {
        return sizeMillis;
    }

    /** @return the slide in ms */
    public long slideMillis() {
        return slideMillis;
    }

    /** @return the offset in ms */
    public long offsetMillis() {
        return offsetMillis;
    }

    /** @return the session gap in ms */
    public long gapMillis() {
        return gapMillis;
    }

    /** @return the trigger, or null for the default */
    public TriggerSpec trigger() {
        return trigger;
    }

    /** @return the allowed lateness in ms */
    public long allowedLatenessMillis() {
        return allowedLatenessMillis;
    }

    /** @return true if late records go to the side output */
    public boolean sideOutputLateData() {
        return sideOutputLateData;
    }

    /**
     * Checks a record's event time against this window type: {@code Long.MAX_VALUE} fits no
     * time window, whose ends are exclusive and saturate at it (docs/semantics.md §4).
     *
     * @param timestamp a record's event time
     * @throws IllegalArgumentException naming the value and the rule, if no window of this type can hold it
     */
    public void checkTimestamp(final long timestamp) {
        if (timestamp > TimeWindow.LAST_TIMESTAMP && kind != WindowKind.GLOBAL) {
            throw new IllegalArgumentException(timestamp + " (Long.MAX_VALUE) fits no " + kind.id()
                    + " window: windows end at Long.MAX_VALUE at the latest, exclusive (the last usable timestamp is "
                    + TimeWindow.LAST_TIMESTAMP + ")");
        }
    }
}
