package dev.weir.clock;

/** The wall clock; the only place where Weir reads system time. */
public final class SystemClock implements Clock {
    /** The shared instance; stateless and thread-safe. */
    public static final SystemClock INSTANCE = new SystemClock();

    private SystemClock() {
    }

    @Override
    public long millis() {
        return System.currentTimeMillis();
    }
}
