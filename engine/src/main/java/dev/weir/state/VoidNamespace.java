package dev.weir.state;

/**
 * The namespace of state that belongs to a key alone (not to a window), as Flink's
 * {@code VoidNamespace}: one value that every backend can write and read back as itself.
 */
public enum VoidNamespace {
    /** The only namespace value. */
    INSTANCE
}
