package dev.weir.window;

/** The single window that holds every record of a key; it never ends. */
public final class GlobalWindow extends Window {
    /** The only instance. */
    public static final GlobalWindow INSTANCE = new GlobalWindow();

    private GlobalWindow() {
    }

    @Override
    public long maxTimestamp() {
        return Long.MAX_VALUE;
    }

    @Override
    public String toString() {
        return "global";
    }
}
