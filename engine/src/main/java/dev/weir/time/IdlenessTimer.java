package dev.weir.time;

import dev.weir.clock.Clock;

/**
 * Flink's idleness timing (docs/semantics.md §1): checked at each periodic emission; the first
 * check that finds no record since the previous check starts the inactivity timer, and a
 * later check declares idleness once more than the timeout has passed since that start.
 * Not thread-safe.
 */
public final class IdlenessTimer {
    private final Clock clock;
    private final long idleTimeoutMillis;
    private long counter;
    private long lastCounter;
    private boolean inactive;
    private long inactiveSinceMillis;

    /**
     * @param clock the source's activity clock (stands still while paused or back-pressured)
     * @param idleTimeoutMillis how long without records before the stream is idle; positive
     */
    public IdlenessTimer(final Clock clock, final long idleTimeoutMillis) {
        if (idleTimeoutMillis <= 0) {
            throw new IllegalArgumentException("idleness must be positive: " + idleTimeoutMillis);
        }
        this.clock = clock;
        this.idleTimeoutMillis = idleTimeoutMillis;
    }

    /** Records that a record arrived. */
    public void activity() {
        counter++;
    }

    /** @return true if the stream has been without records for longer than the timeout */
    public boolean checkIfIdle() {
        if (counter != lastCounter) {
            lastCounter = counter;
            inactive = false;
            return false;
        }
        if (!inactive) {
            inactive = true;
            inactiveSinceMillis = clock.millis();
            return false;
        }
        return clock.millis() - inactiveSinceMillis > idleTimeoutMillis;
    }

    /**
     * When, without new records, a check could next answer differently: checks before that
     * time change nothing, so a scheduler on a virtual clock may skip them.
     *
     * @return {@link Long#MIN_VALUE} if the next check changes the timer's state (a record came
     *     since the last check, or inactivity has not started), else the first activity-clock
     *     time at which a check declares idleness (saturating at {@code Long.MAX_VALUE})
     */
    public long nextChangeMillis() {
        if (counter != lastCounter || !inactive) {
            return Long.MIN_VALUE;
        }
        return Timestamps.plus(Timestamps.plus(inactiveSinceMillis, idleTimeoutMillis), 1);
    }
}
