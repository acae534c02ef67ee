package dev.weir.perf.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.perf.harness.Arrivals;
import dev.weir.runtime.IdleStrategyKind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code sliding} on Weir, under each kind of setting, and on its ceiling compute the same multiset of window results
 * and report them alike (counted, not timed). The input: 25,000 events over 4 keys, one millisecond of event time
 * apart (25 s), so windows [-9 s, 1 s) to [24 s, 34 s) per key, the first 24 fired by watermarks, the last 10 by the
 * end of the input.
 */
final class SlidingPipelineTest {
    private static final int EVENTS = 25_000;
    private static final BenchSettings SMALL = BenchSettings.defaults().withKeys(4).withEventsPerSecondOfEventTime(1_000)
            .withRingSize(256).withIdleStrategy(IdleStrategyKind.BACKOFF).withWatermarkIntervalMillis(0);
    private static final Comparator<WindowCountSum> ORDER = Comparator.comparingLong(WindowCountSum::windowStart)
            .thenComparingInt(WindowCountSum::key);

    static Stream<Arguments> weirSettings() {
        return CollectingPipeline.settingsKinds(SMALL);
    }

    private static List<WindowCountSum> ceiling(final Arrivals[] arrivals) throws InterruptedException {
        final List<WindowCountSum> results = new ArrayList<>();
        arrivals[0] = CollectingPipeline.drive(
                reported -> new SlidingCeiling(reported, SMALL.keys(),
                        (key, start, end, count, sum) -> results.add(new WindowCountSum(key, start, end, count, sum))),
                BenchEvents.of(SMALL, 16), EVENTS);
        return results;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("weirSettings")
    void weirAndTheCeilingComputeTheSameWindows(final String name, final BenchSettings settings) throws InterruptedException {
        final Arrivals[] ceilingArrivals = new Arrivals[1];
        final List<WindowCountSum> expected = ceiling(ceilingArrivals);
        final SlidingPipeline sliding = new SlidingPipeline();
        CollectingPipeline.assertAgrees(sliding, sliding::results, settings, EVENTS, ORDER, expected, ceilingArrivals[0]);
        // 34 windows of 4 keys; 24 fired by watermarks, 10 by the end of the input
        assertEquals(136, expected.size());
        assertEquals(136, ceilingArrivals[0].received());
        assertEquals(96, ceilingArrivals[0].histogram().getTotalCount());
        assertEquals(40, ceilingArrivals[0].unattributed());
    }

    @Test
    void theCeilingCountsEveryEventInTenWindows() throws InterruptedException {
        final List<WindowCountSum> results = ceiling(new Arrivals[1]);
        assertEquals(10L * EVENTS, results.stream().mapToLong(WindowCountSum::count).sum());
        // key 0 over [0, 10 s): events 0, 4, ..., 9996, values i mod 1000
        assertTrue(results.contains(new WindowCountSum(0, 0, 10_000, 2_500, 1_245_000)), results::toString);
        // key 1 over [-9 s, 1 s): events 1, 5, ..., 997
        assertTrue(results.contains(new WindowCountSum(1, -9_000, 1_000, 250, 124_750)), results::toString);
        // key 3 over [24 s, 34 s), fired at the end: events 24003, ..., 24999
        assertTrue(results.contains(new WindowCountSum(3, 24_000, 34_000, 250, 125_250)), results::toString);
    }
}
