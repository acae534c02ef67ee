package dev.weir.perf;

/** The JVM's monotonic clock; the only place where the perf module reads system time. */
public final class SystemNanoClock implements NanoClock {
    /** The shared instance; stateless and thread-safe. */
    public static final SystemNanoClock INSTANCE = new SystemNanoClock();

    private SystemNanoClock() {
    }

    @Override
    public long nanoTime() {
        return System.nanoTime();
    }
}
