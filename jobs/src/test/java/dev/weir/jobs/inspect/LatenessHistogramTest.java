package dev.weir.jobs.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.codec.payload.LatenessHistogram;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Lateness against the running maximum, and its nearest-rank percentiles: constructed sequences with known answers,
 * random ones against a plain sort of every lateness value, and more late events than the buffer holds (merged into
 * exact per-millisecond buckets: the same answers, memory by distinct values).
 */
class LatenessHistogramTest {
    private static LatenessHistogram of(final long... times) {
        final LatenessHistogram histogram = new LatenessHistogram();
        for (final long time : times) {
            histogram.event(time);
        }
        return histogram;
    }

    @Test
    void inOrderEventsAreNeverBehind() {
        final LatenessHistogram histogram = of(1, 2, 2, 3, 10, 10, 11);
        assertEquals(7, histogram.events());
        assertEquals(0, histogram.behind());
        assertEquals(0, histogram.percentile(999_000));
        assertEquals(0, histogram.maxLateness());
        assertEquals(0, LatenessSummary.of(histogram).suggestedBound());
    }

    @Test
    void latenessIsTheDistanceBehindTheRunningMaximumNotBehindThePreviousEvent() {
        // 100 then 40 (60 behind) then 50 (still 50 behind 100, though after 40) then 120 then 119 (1 behind)
        final LatenessHistogram histogram = of(100, 40, 50, 120, 119);
        assertEquals(3, histogram.behind());
        assertEquals(60, histogram.maxLateness());
        // sorted lateness 0, 0, 1, 50, 60: p50 is rank 3
        assertEquals(1, histogram.percentile(500_000));
        assertEquals(60, histogram.percentile(990_000));
        assertEquals(1, histogram.laterThan(50));
        assertEquals(2, histogram.laterThan(49));
    }

    @Test
    void percentilesAreNearestRankOnConstructedDistributions() {
        // 1000 events: 990 in order, then ten stragglers 1..10 ms behind
        final long[] times = new long[1000];
        for (int i = 0; i < 990; i++) {
            times[i] = 1_000 + i;
        }
        for (int i = 0; i < 10; i++) {
            times[990 + i] = 1_989 - (i + 1);
        }
        final LatenessSummary summary = LatenessSummary.of(of(times));
        assertEquals(1000, summary.events());
        assertEquals(10, summary.behind());
        assertEquals(0, summary.p50());
        assertEquals(0, summary.p99()); // rank 990 is the last event in order
        assertEquals(9, summary.p999()); // rank 999: the second largest lateness
        assertEquals(10, summary.max());
        assertEquals(10, summary.suggestedBound()); // 9 rounded up to a multiple of 10
        assertEquals(0, summary.laterThanSuggested());
    }

    @Test
    void theSuggestionRoundsUpToTenMillisecondsAndCountsWhatWouldBeLate() {
        // 111 events: 90 in order, 10 behind by 21..30 ms, 11 by 31..41 ms; p99.9 is rank 111, the max, 41 -> 50
        final long[] times = new long[111];
        for (int i = 0; i < 90; i++) {
            times[i] = 10_000;
        }
        for (int i = 0; i < 10; i++) {
            times[90 + i] = 10_000 - 21 - i;
        }
        for (int i = 0; i < 11; i++) {
            times[100 + i] = 10_000 - 31 - i;
        }
        final LatenessSummary summary = LatenessSummary.of(of(times));
        assertEquals(41, summary.p999());
        assertEquals(50, summary.suggestedBound());
        assertEquals(0, summary.laterThanSuggested());
        final LatenessSummary exact = LatenessSummary.of(of(10_000, 9_970, 9_990));
        assertEquals(30, exact.p999());
        assertEquals(30, exact.suggestedBound()); // already a multiple of 10
    }

    @Test
    void randomSequencesAgreeWithAPlainSort() {
        final Random random = new Random(11);
        for (int round = 0; round < 20; round++) {
            final long[] times = new long[1 + random.nextInt(5_000)];
            long clock = random.nextInt(1_000_000);
            for (int i = 0; i < times.length; i++) {
                clock += random.nextInt(5);
                times[i] = clock - (random.nextInt(10) == 0 ? random.nextInt(2_000) : 0);
            }
            final PlainLateness plain = new PlainLateness(times);
            final LatenessHistogram histogram = of(times);
            for (final long perMillion : new long[] {0, 1, 500_000, 900_000, 990_000, 999_000, 999_999, 1_000_000}) {
                assertEquals(plain.percentile(perMillion), histogram.percentile(perMillion), "round " + round + " p" + perMillion);
            }
            assertEquals(plain.max(), histogram.maxLateness());
            assertEquals(plain.behind(), histogram.behind());
            final long bound = LatenessSummary.of(histogram).suggestedBound();
            assertEquals(plain.laterThan(bound), histogram.laterThan(bound));
        }
    }

    @Test
    void moreLateEventsThanTheBufferHoldsStayExactInMillisecondBuckets() {
        final int events = 2 * LatenessHistogram.BUFFER_LIMIT + 12_345;
        final long[] times = new long[events];
        final LatenessHistogram histogram = new LatenessHistogram();
        final long max = 1_000_000;
        histogram.event(max);
        times[0] = max;
        final Random random = new Random(3);
        for (int i = 1; i < events; i++) {
            times[i] = max - 1 - random.nextInt(700);
            histogram.event(times[i]);
        }
        final PlainLateness plain = new PlainLateness(times);
        for (final long perMillion : new long[] {500_000, 990_000, 999_000}) {
            assertEquals(plain.percentile(perMillion), histogram.percentile(perMillion));
        }
        assertEquals(events - 1, histogram.behind());
        assertEquals(700, histogram.distinctValues());
        assertTrue(histogram.laterThan(699) > 0);
        assertEquals(plain.laterThan(350), histogram.laterThan(350));
    }

    @Test
    void noEventsGiveZeros() {
        final LatenessSummary summary = LatenessSummary.of(new LatenessHistogram());
        assertEquals(0, summary.events());
        assertEquals(0, summary.p999());
        assertEquals(0, summary.suggestedBound());
    }
}
