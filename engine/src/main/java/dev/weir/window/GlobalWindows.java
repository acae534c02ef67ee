package dev.weir.window;

import java.util.List;

/**
 * Puts every record of a key into the one {@link GlobalWindow}. Its default trigger never
 * fires: give it a count or custom trigger. Time triggers are rejected (docs/semantics.md §4).
 *
 * @param <T> the record type
 */
public final class GlobalWindows<T> extends WindowAssigner<T, GlobalWindow> {
    private GlobalWindows() {
    }

    /**
     * @param <T> the record type
     * @return the global window assigner
     */
    public static <T> GlobalWindows<T> create() {
        return new GlobalWindows<>();
    }

    @Override
    public void assignWindows(final T element, final long timestamp, final WindowAssignerContext context, final List<GlobalWindow> windows) {
        windows.add(GlobalWindow.INSTANCE);
    }

    @Override
    public boolean assignsOneWindow() {
        return true;
    }

    @Override
    public GlobalWindow assignWindow(final T element, final long timestamp, final WindowAssignerContext context) {
        return GlobalWindow.INSTANCE;
    }

    @Override
    public Trigger<T, GlobalWindow> defaultTrigger() {
        return NeverTrigger.create();
    }

    @Override
    public boolean isEventTime() {
        return false;
    }

    @Override
    public Class<GlobalWindow> windowType() {
        return GlobalWindow.class;
    }

    @Override
    public String toString() {
        return "GlobalWindows()";
    }
}
