package dev.weir.clock;

/**
 * A clock that stands still while paused: it measures the time a source was able to read,
 * so that time spent back-pressured or paused for alignment does not count as idle
 * (docs/semantics.md §1, idleness). Not thread-safe.
 */
public final class PausableClock implements Clock {
    private final Clock clock;
    private long pausedMillis;
    private long pausedSinceMillis;
    private boolean paused;

    /** @param clock the clock to follow while not paused */
    public PausableClock(final Clock clock) {
        this.clock = clock;
    }

    @Override
    public long millis() {
        return (paused ? pausedSinceMillis : clock.millis()) - pausedMillis;
    }

    /** Stops this clock; idempotent. */
    public void pause() {
        if (!paused) {
            paused = true;
            pausedSinceMillis = clock.millis();
        }
    }

    /** Lets this clock run again from where it stopped; idempotent. */
    public void resume() {
        if (paused) {
            paused = false;
            pausedMillis += clock.millis() - pausedSinceMillis;
        }
    }

    /** @return true while paused */
    public boolean isPaused() {
        return paused;
    }
}
