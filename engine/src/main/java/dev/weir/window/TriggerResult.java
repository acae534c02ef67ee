package dev.weir.window;

/** What a trigger decides for a window (docs/semantics.md §4). */
public enum TriggerResult {
    /** Do nothing. */
    CONTINUE(false, false),
    /** Emit the window's result; keep its state. */
    FIRE(true, false),
    /** Drop the window's contents without emitting. */
    PURGE(false, true),
    /** Emit, then drop the contents. */
    FIRE_AND_PURGE(true, true);

    private final boolean fire;
    private final boolean purge;

    TriggerResult(final boolean fire, final boolean purge) {
        this.fire = fire;
        this.purge = purge;
    }

    /** @return true if the window emits */
    public boolean isFire() {
        return fire;
    }

    /** @return true if the window's contents are dropped */
    public boolean isPurge() {
        return purge;
    }
}
