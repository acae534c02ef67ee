package dev.weir.window;

import java.util.List;

/**
 * Puts each record into zero or more windows (docs/semantics.md §4).
 *
 * @param <T> the record type
 * @param <W> the window type
 */
public abstract class WindowAssigner<T, W extends Window> {
    /**
     * @param element the record
     * @param timestamp its event time
     * @param context the processing time and the operator's window cache
     * @param windows receives the record's windows (cleared by the caller)
     */
    public abstract void assignWindows(T element, long timestamp, WindowAssignerContext context, List<W> windows);

    /**
     * @return true if every record gets exactly one window, which {@link #assignWindow} returns
     *     without a list; false by default
     */
    public boolean assignsOneWindow() {
        return false;
    }

    /**
     * The record's one window, for an assigner that {@link #assignsOneWindow()}: the window
     * {@link #assignWindows} would add.
     *
     * @param element the record
     * @param timestamp its event time
     * @param context the processing time and the operator's window cache
     * @return the record's window
     * @throws UnsupportedOperationException if the assigner may give a record another number of windows
     */
    public W assignWindow(final T element, final long timestamp, final WindowAssignerContext context) {
        throw new UnsupportedOperationException(this + " does not give every record exactly one window");
    }

    /** @return the trigger used when none is set */
    public abstract Trigger<T, W> defaultTrigger();

    /** @return true if windows are in event time (lateness and cleanup follow the watermark) */
    public abstract boolean isEventTime();

    /** @return the class of windows this assigner makes, to check triggers against */
    public abstract Class<W> windowType();
}
