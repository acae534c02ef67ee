package dev.weir.perf.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.perf.harness.ProbeEvents.Probe;
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
    /** Records each event at the sink after stalling the clock by the event's service time. */
    private static final class StallingPipeline implements BenchmarkedPipeline<Probe> {
        private final SteppingClock clock;
        private final Arrivals arrivals;
        private final Map<Long, Long> stalls;

        StallingPipeline(final SteppingClock clock, final Arrivals arrivals, final Map<Long, Long> stalls) {
            this.clock = clock;
            this.arrivals = arrivals;
            this.stalls = stalls;
        }

        @Override
        public void start() {
        }

        @Override
        public void send(final Probe event) {
            clock.advance(stalls.getOrDefault(event.index, 0L));
            arrivals.record(event.intendedNanos);
        }

        @Override
        public void finish() {
        }

        @Override
        public List<Thread> threads() {
            return List.of();
        }
    }

    private static Map<Long, Long> latencies(final long rate, final long warmUp, final long measured, final Map<Long, Long> stalls)
            throws InterruptedException {
        final SteppingClock clock = new SteppingClock(5_000);
        final List<SystemResult> results = new Harness<>(clock, new ProbeEvents())
                .system("stalling", arrivals -> new StallingPipeline(clock, arrivals, stalls))
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
    void flatOutEachEventCountsFromWhenItWasSent() throws InterruptedException {
        // flat out there is no schedule: the intended time is the send's reading, the sink reads 1 ns later plus the stall
        assertEquals(Map.of(1L, 4L, 701L, 1L), latencies(BenchmarkPlan.FLAT_OUT, 1, 5, Map.of(3L, 700L)));
    }
}
