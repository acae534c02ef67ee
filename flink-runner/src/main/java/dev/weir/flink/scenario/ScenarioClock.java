package dev.weir.flink.scenario;

import org.apache.flink.util.clock.RelativeClock;

/**
 * A scenario's processing time (the element rows' {@code at} column, in ms) as the
 * {@link RelativeClock} that Flink's idleness timer ({@code WatermarksWithIdleness}) reads, in
 * place of the source task's input-activity clock. It moves only when {@link ChannelWatermarks}
 * sets it to a periodic emission's tick. Not thread-safe: the source reader's thread only.
 */
final class ScenarioClock implements RelativeClock {
    private long millis;

    /** @param at the tick's processing time in ms, 0 or more; never before the previous one */
    void set(final long at) {
        millis = at;
    }

    @Override
    public long relativeTimeMillis() {
        return millis;
    }

    /**
     * @return the processing time in ns; saturates at {@code Long.MAX_VALUE} past 292 years, where
     *     no scenario with idleness runs (the tests' longest reaches 1.7e12 ms)
     */
    @Override
    public long relativeTimeNanos() {
        return millis > Long.MAX_VALUE / 1_000_000L ? Long.MAX_VALUE : millis * 1_000_000L;
    }
}
