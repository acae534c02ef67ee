package dev.weir.perf;

/**
 * Where the benchmarks read time in nanoseconds: a monotonic clock whose origin is
 * arbitrary, so only differences between two readings of the same clock mean anything.
 * Implementations must be thread-safe and allocation-free (they are read on every record).
 */
public interface NanoClock {
    /** @return the current time in nanoseconds from an arbitrary, fixed origin */
    long nanoTime();
}
