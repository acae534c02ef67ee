package dev.weir.perf.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.junit.jupiter.api.Test;

/**
 * The harness measures latency from each event's intended send time: a stall counts against every event it delayed.
 * A synchronous pipeline on a virtual clock ({@link SteppingClock}: 1 ns per reading) makes every latency exact; all
 * are below 2,048 ns, where the histogram keeps exact values.
 */
final class CoordinatedOmissionTest {
    private static Map<Long, Long> latencies(final long rate, final long warmUp, final long measured, final Map<Long, Long> stalls)
            throws InterruptedException {
        final SteppingClock clock = new SteppingClock(5_000);
        final List<SystemResult> results = new Harness<>(clock, new ProbeEvents())
                .system("stalling", arrivals -> new StallingPipeline(clock, arrivals, index -> stalls.getOrDefault(index, 0L)))
                .run(new BenchmarkPlan(new long[] {rate}, warmUp, measured, 1));
        assertEquals(1, results.size());
        return counts(results.get(0).histogram());
    }

    private static Map<Long, Long> counts(final Histogram histogram) {
        final Map<Long, Long> counts = new TreeMap<>();
        for (final HistogramIterationValue value : histogram.recordedValues()) {
            counts.put(value.getValueIteratedTo(), value.getCountAtValueIteratedTo());
        }
        return counts;
    }

    @Test
    void anOnTimeEventTakesOnlyTheSinksReading() throws InterruptedException {
        // due at its intended time exactly; the sink's reading is 1 ns later
        assertEquals(Map.of(1L, 10L), latencies(1_000_000, 0, 10, Map.of()));
    }

    @Test
    void aStallCountsAgainstEveryEventItDelayed() throws InterruptedException {
        // 1 µs apart; event 2 stalls 1,499 ns and takes 1,500; event 3, due while it stalled, is sent late and counts
        // from when it was due (502 ns), not from when it was sent (1 ns)
        assertEquals(Map.of(1L, 8L, 1_500L, 1L, 502L, 1L), latencies(1_000_000, 0, 10, Map.of(2L, 1_499L)));
    }

    @Test
    void aStallOfSeveralPeriodsDelaysEachLaterEventLessUntilTheScheduleIsCaughtUp() throws InterruptedException {
        // 500 ns apart; event 0 stalls 1,999 ns: events 1 to 4, due during the stall, are sent back to back after it
        // (2 readings each) and each counts from its own due time
        assertEquals(Map.of(2_000L, 1L, 1_502L, 1L, 1_004L, 1L, 506L, 1L, 8L, 1L, 1L, 2L),
                latencies(2_000_000, 0, 7, Map.of(0L, 1_999L)));
    }

    @Test
    void warmUpEventsAreNotMeasured() throws InterruptedException {
        // a stall in warm-up (event 1, 2,499 ns) delays event 2, the first measured one, which counts the delay;
        // events 0 and 1 are not recorded (nor is the clock read for them, hence 1 ns less than in the test above)
        assertEquals(Map.of(1L, 2L, 1_501L, 1L, 503L, 1L), latencies(1_000_000, 2, 4, Map.of(1L, 2_499L)));
    }

    @Test
    void flatOutEachEventCountsFromTheReadingAtTheFirstMeasuredOne() throws InterruptedException {
        // flat out there is no schedule: the clock is read at the first measured event (1) and events 2 to 5 count from
        // that reading too; the sink reads 1 ns per event later, and event 3's stall of 700 ns delays it and the rest
        assertEquals(Map.of(1L, 1L, 2L, 1L, 703L, 1L, 704L, 1L, 705L, 1L), latencies(BenchmarkPlan.FLAT_OUT, 1, 5, Map.of(3L, 700L)));
    }

    @Test
    void flatOutTheClockIsReadAgainEverySixtyFourEvents() throws InterruptedException {
        // events 0 to 63 count from the reading at event 0: the sink's readings are 1 to 64 ns after it; event 64 counts
        // from a fresh reading (1 ns), event 65 from the same (2 ns)
        final Map<Long, Long> expected = new TreeMap<>();
        for (long latency = 1; latency <= 64; latency++) {
            expected.put(latency, 1L);
        }
        expected.merge(1L, 1L, Long::sum);
        expected.merge(2L, 1L, Long::sum);
        assertEquals(expected, latencies(BenchmarkPlan.FLAT_OUT, 0, 66, Map.of()));
    }
}
