package dev.weir.pipelines.generate;

import java.util.SplittableRandom;

/**
 * When generated StatsD hosts fall silent. Traffic of at least a minute has silences: one host in four (the second,
 * the sixth, ...) stops for {@value #SILENCE_SECONDS} s somewhere in the middle and comes back; with three hosts or
 * more, one in eight (the last, the ninth from last, ...) stops after 40 to 70 % of the traffic and never comes back.
 * The first host never stops. Shorter traffic has no silences. Immutable once made; thread-safe.
 */
final class HostSilences {
    /** How long a host that comes back stays silent. */
    static final long SILENCE_SECONDS = 40;
    /** The shortest traffic with silences. */
    static final long MIN_SECONDS = 60;
    private static final long SECOND = 1_000_000_000L;

    private final long[] from;
    private final long[] until;

    /**
     * @param hosts how many hosts send
     * @param durationNanos how long the traffic lasts, about
     * @param random chooses when silences start
     */
    HostSilences(final int hosts, final long durationNanos, final SplittableRandom random) {
        from = new long[hosts];
        until = new long[hosts];
        java.util.Arrays.fill(from, Long.MAX_VALUE);
        java.util.Arrays.fill(until, Long.MAX_VALUE);
        if (durationNanos < MIN_SECONDS * SECOND) {
            return;
        }
        for (int host = 1; host < hosts; host += 4) {
            final long earliest = durationNanos / 5;
            final long latest = Math.max(earliest + 1, durationNanos * 4 / 5 - SILENCE_SECONDS * SECOND);
            from[host] = earliest + random.nextLong(latest - earliest);
            until[host] = from[host] + SILENCE_SECONDS * SECOND;
        }
        if (hosts >= 3) {
            for (int host = hosts - 1; host > 0; host -= 8) {
                from[host] = durationNanos * 2 / 5 + random.nextLong(durationNanos * 3 / 10);
                until[host] = Long.MAX_VALUE;
            }
        }
    }

    /**
     * @param host the host, from 0
     * @param nanos time since the traffic started
     * @return whether the host sends then
     */
    boolean sends(final int host, final long nanos) {
        return nanos < from[host] || nanos >= until[host];
    }

    /** @return when the host falls silent, in nanoseconds from the start, or {@link Long#MAX_VALUE} if it never does */
    long silentFrom(final int host) {
        return from[host];
    }

    /** @return when the host sends again, or {@link Long#MAX_VALUE} if it never does (or never stops) */
    long silentUntil(final int host) {
        return until[host];
    }
}
