package dev.weir.source;

import dev.weir.clock.Clock;
import dev.weir.clock.NanoClock;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Virtual time for tests whose pipeline threads read the clock while the test thread moves it:
 * processing time in milliseconds and pacing time in nanoseconds, one timeline. Thread-safe.
 */
final class ManualClock implements Clock, NanoClock {
    private final AtomicLong nowNanos = new AtomicLong();

    @Override
    public long millis() {
        return TimeUnit.NANOSECONDS.toMillis(nowNanos.get());
    }

    @Override
    public long nanos() {
        return nowNanos.get();
    }

    /** @param millis the new time in milliseconds, not before now */
    void advanceToMillis(final long millis) {
        advanceToNanos(TimeUnit.MILLISECONDS.toNanos(millis));
    }

    /** @param nanos the new time in nanoseconds, not before now */
    void advanceToNanos(final long nanos) {
        final long previous = nowNanos.getAndSet(nanos);
        if (nanos < previous) {
            throw new IllegalArgumentException("virtual time cannot go back from " + previous + " to " + nanos + " ns");
        }
    }
}
