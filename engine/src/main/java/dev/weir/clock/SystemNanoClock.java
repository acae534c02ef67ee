package dev.weir.clock;

/** The JVM's monotonic clock ({@code System.nanoTime()}); the only place where Weir reads it. */
public final class SystemNanoClock implements NanoClock {
    /** The shared instance; stateless and thread-safe. */
    public static final SystemNanoClock INSTANCE = new SystemNanoClock();

    private SystemNanoClock() {
    }

    @Override
    public long nanos() {
        return System.nanoTime();
    }
}
