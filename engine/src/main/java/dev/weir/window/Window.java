package dev.weir.window;

/** A window: a group of records that a trigger fires together. Immutable, a value type. */
public abstract class Window {
    /** @return the largest timestamp that still belongs to this window */
    public abstract long maxTimestamp();
}
