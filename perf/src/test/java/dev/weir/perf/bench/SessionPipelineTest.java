package dev.weir.perf.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.perf.harness.Arrivals;
import dev.weir.runtime.IdleStrategyKind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code session}: its input makes every key active in bursts with silences longer than the gap, for any number of
 * keys; Weir, under each kind of setting, and the ceiling compute the same multiset of sessions and report them alike
 * (counted, not timed).
 */
final class SessionPipelineTest {
    /** 12 keys in groups of 3, 3, 2, 2, 2: 48 events a cycle; 6 cycles. */
    private static final int KEYS = 12;
    private static final int EVENTS = 6 * 48;
    private static final BenchSettings SMALL = BenchSettings.defaults().withKeys(KEYS).withRingSize(256)
            .withIdleStrategy(IdleStrategyKind.BACKOFF).withWatermarkIntervalMillis(0);
    private static final Comparator<WindowCountSum> ORDER = Comparator.comparingLong(WindowCountSum::windowStart)
            .thenComparingInt(WindowCountSum::key);

    static Stream<Arguments> weirSettings() {
        return CollectingPipeline.settingsKinds(SMALL);
    }

    @ParameterizedTest(name = "{0} keys")
    @ValueSource(ints = {1, 3, 5, 12, 10_000})
    void everyKeyIsActiveInBurstsSeparatedByMoreThanTheGap(final int keys) {
        final SessionEvents events = new SessionEvents(keys, 64);
        assertEquals(4L * keys, events.eventsPerCycle());
        final int cycles = 3;
        final Map<Integer, List<Long>> times = new HashMap<>();
        long previous = Long.MIN_VALUE;
        for (long i = 0; i < cycles * events.eventsPerCycle(); i++) {
            final BenchEvent event = events.next(i, 0);
            assertTrue(event.eventTimeMillis() >= previous, "event time never decreases");
            previous = event.eventTimeMillis();
            assertEquals(i % 1_000, event.value());
            times.computeIfAbsent(event.key(), key -> new ArrayList<>()).add(event.eventTimeMillis());
        }
        assertEquals(keys, times.size());
        for (final Map.Entry<Integer, List<Long>> key : times.entrySet()) {
            final List<Long> own = key.getValue();
            assertEquals(4 * cycles, own.size(), "4 events per key and cycle");
            for (int i = 1; i < own.size(); i++) {
                final long apart = own.get(i) - own.get(i - 1);
                if (i % 4 == 0) {
                    assertTrue(apart >= 40_000, "key " + key.getKey() + ": a new burst, " + apart + " ms after the last one");
                } else {
                    assertTrue(apart > 0 && apart <= 10_000, "key " + key.getKey() + ": within a burst, " + apart + " ms apart");
                }
            }
        }
    }

    private static List<WindowCountSum> ceiling(final Arrivals[] arrivals) throws InterruptedException {
        final List<WindowCountSum> results = new ArrayList<>();
        arrivals[0] = CollectingPipeline.drive(
                reported -> new SessionCeiling(reported, KEYS,
                        (key, start, end, count, sum) -> results.add(new WindowCountSum(key, start, end, count, sum))),
                new SessionEvents(KEYS, 16), EVENTS);
        return results;
    }

    @Test
    void theCeilingClosesOneSessionPerKeyAndCycle() throws InterruptedException {
        final Arrivals[] arrivals = new Arrivals[1];
        final List<WindowCountSum> results = ceiling(arrivals);
        assertEquals(6 * KEYS, results.size());
        assertTrue(results.stream().allMatch(session -> session.count() == 4), results::toString);
        // key 0, cycle 0: events 0, 3, 6, 9 at 0, 2.5, 5 and 7.5 s
        assertTrue(results.contains(new WindowCountSum(0, 0, 37_500, 4, 18)), results::toString);
        // key 4 (the last group, of 2 keys), cycle 1: events 88, 90, 92, 94 from 90 s on
        assertTrue(results.contains(new WindowCountSum(4, 90_000, 127_500, 4, 364)), results::toString);
        // the last event is at 298.75 s: the sessions that end by then were fired by its watermark
        final long byWatermark = results.stream().filter(session -> session.windowEnd() <= 298_750).count();
        assertEquals(byWatermark, arrivals[0].histogram().getTotalCount());
        assertEquals(6 * KEYS - byWatermark, arrivals[0].unattributed());
        assertTrue(byWatermark >= 5 * KEYS, "sessions closed during the run: " + byWatermark);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("weirSettings")
    void weirAndTheCeilingComputeTheSameSessions(final String name, final BenchSettings settings) throws InterruptedException {
        final Arrivals[] ceilingArrivals = new Arrivals[1];
        final List<WindowCountSum> expected = ceiling(ceilingArrivals);
        final SessionPipeline session = new SessionPipeline();
        CollectingPipeline.assertAgrees(session, session::results, settings, EVENTS, ORDER, expected, ceilingArrivals[0]);
    }
}
