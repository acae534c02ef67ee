package dev.weir.perf.harness;

import dev.weir.clock.NanoClock;

/**
 * A virtual clock that moves 1 ns per reading (so a spin-wait on it ends exactly at the time awaited) and jumps when
 * a test advances it (a stall of the system under test). Single-threaded.
 */
final class SteppingClock implements NanoClock {
    private long now;

    SteppingClock(final long start) {
        this.now = start;
    }

    @Override
    public long nanos() {
        return now++;
    }

    void advance(final long nanos) {
        now += nanos;
    }
}
