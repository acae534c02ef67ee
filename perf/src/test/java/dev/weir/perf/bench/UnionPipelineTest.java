package dev.weir.perf.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.perf.harness.Arrivals;
import dev.weir.runtime.IdleStrategyKind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code union}: each venue's input stays within its out-of-orderness; the ceiling computes exactly the windows the
 * input makes (counted by brute force); Weir, under each kind of setting, computes exactly the ceiling's windows and
 * reports them alike (counted, not timed). The input: 20,000 trades of 8 symbols, a millisecond of event time apart,
 * out of order by up to 50 ms per venue, so 20 windows per symbol.
 */
final class UnionPipelineTest {
    private static final int EVENTS = 20_000;
    private static final BenchSettings SMALL = BenchSettings.defaults().withKeys(8).withEventsPerSecondOfEventTime(1_000)
            .withOutOfOrdernessMillis(50).withRingSize(256).withIdleStrategy(IdleStrategyKind.BACKOFF).withWatermarkIntervalMillis(0);
    private static final Comparator<WindowCountSum> ORDER = Comparator.comparingLong(WindowCountSum::windowStart)
            .thenComparingInt(WindowCountSum::key);

    static Stream<Arguments> weirSettings() {
        return CollectingPipeline.settingsKinds(SMALL);
    }

    @ParameterizedTest(name = "out of order by up to {0} ms")
    @ValueSource(longs = {0, 1, 50, 2_500})
    void eachVenueStaysWithinItsOutOfOrdernessAndTradesEverySymbol(final long bound) {
        final VenueTrades trades = new VenueTrades(SMALL.withOutOfOrdernessMillis(bound), 64);
        final long[] newest = {Long.MIN_VALUE, Long.MIN_VALUE};
        long latest = 0;
        final List<List<Integer>> symbols = List.of(new ArrayList<>(), new ArrayList<>());
        for (long i = 0; i < EVENTS; i++) {
            final BenchEvent event = trades.next(i, 0);
            final int venue = (int) (event.value() & 1);
            assertEquals(i % 2, venue, "venues alternate");
            assertEquals(i % 1_000, event.value());
            assertTrue(newest[venue] == Long.MIN_VALUE || event.eventTimeMillis() >= newest[venue] - bound,
                    "event " + i + " is within the bound of its venue");
            assertTrue(event.eventTimeMillis() >= i && event.eventTimeMillis() <= i + bound,
                    "event " + i + " at " + event.eventTimeMillis());
            newest[venue] = Math.max(newest[venue], event.eventTimeMillis());
            latest = Math.max(latest, event.eventTimeMillis() - i);
            if (i < 16) {
                symbols.get(venue).add(event.key());
            }
        }
        assertEquals(List.of(List.of(0, 1, 2, 3, 4, 5, 6, 7), List.of(7, 6, 5, 4, 3, 2, 1, 0)), symbols);
        if (bound > 0) {
            assertTrue(latest > bound / 2, "the jitter spreads over the bound: " + latest);
        }
    }

    private static List<WindowCountSum> ceiling(final Arrivals[] arrivals) throws InterruptedException {
        final List<WindowCountSum> results = new ArrayList<>();
        arrivals[0] = CollectingPipeline.drive(reported -> new UnionCeiling(reported, SMALL,
                (key, start, end, count, sum) -> results.add(new WindowCountSum(key, start, end, count, sum))),
                new VenueTrades(SMALL, 16), EVENTS);
        return results;
    }

    @Test
    void theCeilingCountsEveryTradeInItsSymbolsWindow() throws InterruptedException {
        final Arrivals[] arrivals = new Arrivals[1];
        final List<WindowCountSum> results = ceiling(arrivals);
        final Map<String, long[]> windows = new TreeMap<>();
        final VenueTrades trades = new VenueTrades(SMALL, 16);
        for (long i = 0; i < EVENTS; i++) {
            final BenchEvent event = trades.next(i, 0);
            final long start = event.eventTimeMillis() / 1_000 * 1_000;
            final long[] totals = windows.computeIfAbsent(event.key() + "@" + start, key -> new long[2]);
            totals[0]++;
            totals[1] += event.value();
        }
        final Map<String, long[]> computed = new TreeMap<>();
        for (final WindowCountSum result : results) {
            assertEquals(result.windowStart() + 1_000, result.windowEnd());
            computed.put(result.key() + "@" + result.windowStart(), new long[] {result.count(), result.sum()});
        }
        assertEquals(windows.keySet(), computed.keySet());
        for (final Map.Entry<String, long[]> window : windows.entrySet()) {
            assertEquals(List.of(window.getValue()[0], window.getValue()[1]),
                    List.of(computed.get(window.getKey())[0], computed.get(window.getKey())[1]), window.getKey());
        }
        assertEquals(results.size(), windows.size(), "each window once");
        // 8 symbols x 20 windows, and the jitter takes the last trades into a 21st
        assertTrue(results.size() >= 160 && results.size() <= 168, "windows: " + results.size());
        assertEquals(results.size(), arrivals[0].received());
        final long fired = arrivals[0].histogram().getTotalCount();
        assertTrue(fired >= 19 * 8, "windows fired by a watermark: " + fired);
        assertEquals(results.size() - arrivals[0].histogram().getTotalCount(), arrivals[0].unattributed());
    }

    /**
     * With periodic watermarks every 5 ms each venue's watermark moves on its own clock, so which watermark fires a window
     * depends on timing, but no trade is late, so the windows are the ceiling's all the same.
     */
    @Test
    void periodicWatermarksGiveTheSameWindows() throws InterruptedException {
        final List<WindowCountSum> expected = ceiling(new Arrivals[1]);
        final BenchSettings periodic = SMALL.withWatermarkIntervalMillis(5);
        final UnionPipeline union = new UnionPipeline();
        final CollectingPipeline<BenchEvent, WindowCountSum> collecting = new CollectingPipeline<>(union, union::results);
        final Arrivals weir = CollectingPipeline.drive(new WeirSystem<>(collecting, periodic),
                union.events(periodic, WeirSystem.eventsInFlight(periodic) + 1), EVENTS);
        final List<WindowCountSum> actual = collecting.results();
        actual.sort(ORDER);
        expected.sort(ORDER);
        assertEquals(expected, actual);
        assertEquals(expected.size(), weir.received());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("weirSettings")
    void weirAndTheCeilingComputeTheSameWindows(final String name, final BenchSettings settings) throws InterruptedException {
        final Arrivals[] ceilingArrivals = new Arrivals[1];
        final List<WindowCountSum> expected = ceiling(ceilingArrivals);
        final UnionPipeline union = new UnionPipeline();
        CollectingPipeline.assertAgrees(union, union::results, settings, EVENTS, ORDER, expected, ceilingArrivals[0]);
    }
}
