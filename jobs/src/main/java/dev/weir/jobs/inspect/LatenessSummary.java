package dev.weir.jobs.inspect;

import dev.weir.codec.payload.LatenessHistogram;

/**
 * How out of order a capture's events are: for each event, how far (in ms) its time lies behind the greatest
 * event time before it, 0 when it is not behind. Percentiles are nearest-rank over all events, exact. The
 * suggested bound for a bounded-out-of-orderness watermark ({@code --out-of-orderness}, a job's
 * {@code maxOutOfOrderness}) is the p99.9 lateness rounded up to a multiple of 10 ms: a high percentile, so that
 * a few stragglers do not hold every window back, and never the mean, which a mostly in-order feed pulls towards
 * 0. Events behind by more than the bound would arrive after the watermark passed them: late. Immutable.
 */
public final class LatenessSummary {
    /** The suggested bound is the p99.9 lateness rounded up to a multiple of this many milliseconds. */
    public static final long ROUNDING_MILLIS = 10;

    private final long events;
    private final long behind;
    private final long p50;
    private final long p99;
    private final long p999;
    private final long max;
    private final long suggestedBound;
    private final long laterThanSuggested;

    private LatenessSummary(final LatenessHistogram histogram) {
        this.events = histogram.events();
        this.behind = histogram.behind();
        this.p50 = histogram.percentile(500_000);
        this.p99 = histogram.percentile(990_000);
        this.p999 = histogram.percentile(999_000);
        this.max = histogram.maxLateness();
        this.suggestedBound = Math.floorDiv(p999 + ROUNDING_MILLIS - 1, ROUNDING_MILLIS) * ROUNDING_MILLIS;
        this.laterThanSuggested = histogram.laterThan(suggestedBound);
    }

    static LatenessSummary of(final LatenessHistogram histogram) {
        return new LatenessSummary(histogram);
    }

    /** @return the events measured */
    public long events() {
        return events;
    }

    /** @return the events whose time lies behind an earlier event's */
    public long behind() {
        return behind;
    }

    /** @return the median lateness in ms */
    public long p50() {
        return p50;
    }

    /** @return the 99th percentile lateness in ms */
    public long p99() {
        return p99;
    }

    /** @return the 99.9th percentile lateness in ms */
    public long p999() {
        return p999;
    }

    /** @return the greatest lateness in ms */
    public long max() {
        return max;
    }

    /** @return the suggested out-of-orderness bound in ms: {@link #p999()} rounded up to a multiple of {@value #ROUNDING_MILLIS} */
    public long suggestedBound() {
        return suggestedBound;
    }

    /** @return the events that lie behind by more than {@link #suggestedBound()}: late under that bound */
    public long laterThanSuggested() {
        return laterThanSuggested;
    }
}
