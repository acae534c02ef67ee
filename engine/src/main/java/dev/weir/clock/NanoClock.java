package dev.weir.clock;

/**
 * A monotonic time source in nanoseconds, for pacing (e.g. a fixed-rate generator) rather than
 * for event or processing time. Values are only meaningful as differences: the origin is
 * arbitrary and may be negative. Implementations used across threads must be thread-safe.
 */
@FunctionalInterface
public interface NanoClock {
    /** @return the current time in nanoseconds, from an arbitrary origin */
    long nanos();
}
