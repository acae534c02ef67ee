package dev.weir.clock;

/**
 * A clock that only moves when told, for deterministic replays and tests. One thread moves it;
 * any thread may read it (the time is volatile), so a replay thread can drive the processing
 * time of a threaded pipeline.
 */
public final class VirtualClock implements Clock {
    private volatile long nowMillis;

    /** @param startMillis the initial processing time */
    public VirtualClock(final long startMillis) {
        this.nowMillis = startMillis;
    }

    @Override
    public long millis() {
        return nowMillis;
    }

    /**
     * Moves time forward; virtual time never runs backwards.
     *
     * @param millis the new processing time, at or after the current one
     * @throws IllegalArgumentException if {@code millis} is earlier than now
     */
    public void advanceTo(final long millis) {
        if (millis < nowMillis) {
            throw new IllegalArgumentException("virtual time cannot go back from " + nowMillis + " to " + millis);
        }
        nowMillis = millis;
    }
}
