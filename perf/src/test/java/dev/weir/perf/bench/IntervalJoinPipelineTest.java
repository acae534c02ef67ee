package dev.weir.perf.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.perf.harness.Arrivals;
import dev.weir.runtime.IdleStrategyKind;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code interval-join}: each input stays within its out-of-orderness and the match rate holds; the ceiling joins
 * exactly the pairs the input makes (found by brute force); Weir, under each kind of setting, joins exactly the
 * ceiling's multiset of pairs and reports them alike (counted, not timed), with watermarks after every event or every
 * 5 ms. The input: 20,000 events, half orders of 1,000 ids, half executions, a millisecond of event time apart, out of
 * order by up to 20 ms per input.
 */
final class IntervalJoinPipelineTest {
    private static final int EVENTS = 20_000;
    private static final BenchSettings SMALL = BenchSettings.defaults().withKeys(1_000).withEventsPerSecondOfEventTime(1_000)
            .withOutOfOrdernessMillis(20).withMatchRate(0.8).withRingSize(256).withIdleStrategy(IdleStrategyKind.BACKOFF)
            .withWatermarkIntervalMillis(0);
    private static final Comparator<Pair> ORDER = Comparator.comparingInt(Pair::id).thenComparingLong(Pair::latencyMillis);

    /** A joined pair as a value. */
    record Pair(int id, long latencyMillis, long intendedNanos) implements Serializable {
        @Override
        public boolean equals(final Object other) {
            return other instanceof Pair && ((Pair) other).id == id && ((Pair) other).latencyMillis == latencyMillis;
        }

        @Override
        public int hashCode() {
            return id * 31 + Long.hashCode(latencyMillis);
        }
    }

    /** The kinds of settings, and periodic watermarks every 5 ms: no event is late, so the pairs do not depend on timing. */
    static Stream<Arguments> weirSettings() {
        return Stream.concat(CollectingPipeline.settingsKinds(SMALL),
                Stream.of(Arguments.of("watermarks every 5 ms", SMALL.withWatermarkIntervalMillis(5))));
    }

    @ParameterizedTest(name = "match rate {0}")
    @ValueSource(doubles = {0, 0.5, 1})
    void ordersAndExecutionsAlternateWithinTheBoundAtTheMatchRate(final double rate) {
        final BenchSettings settings = SMALL.withMatchRate(rate);
        final OrdersAndExecutions input = new OrdersAndExecutions(settings, 64);
        final long[] newest = {Long.MIN_VALUE, Long.MIN_VALUE};
        long ofAnOrder = 0;
        for (long i = 0; i < EVENTS; i++) {
            final BenchEvent event = input.next(i, 0);
            final int side = (int) (event.value() & 1);
            assertEquals(i % 2, side, "orders and executions alternate");
            assertTrue(newest[side] == Long.MIN_VALUE || event.eventTimeMillis() >= newest[side] - 20,
                    "event " + i + " is within the bound of its input");
            newest[side] = Math.max(newest[side], event.eventTimeMillis());
            if (side == 0) {
                assertEquals((int) (i / 2 % 1_000), event.key());
            } else if (event.key() < 1_000) {
                ofAnOrder++;
            }
        }
        final double share = (double) ofAnOrder / (EVENTS / 2);
        assertTrue(Math.abs(share - rate) < 0.03, "executions of an order: " + share + " for a match rate of " + rate);
    }

    /** Every pair of an order and an execution of its id, the execution 0 to 100 ms after it: no event is late. */
    private static List<Pair> bruteForce(final BenchSettings settings) {
        final OrdersAndExecutions input = new OrdersAndExecutions(settings, 16);
        final Map<Integer, List<Long>> orders = new HashMap<>();
        final Map<Integer, List<Long>> executions = new HashMap<>();
        for (long i = 0; i < EVENTS; i++) {
            final BenchEvent event = input.next(i, 0);
            final Map<Integer, List<Long>> side = (event.value() & 1) == 0 ? orders : executions;
            side.computeIfAbsent(event.key(), id -> new ArrayList<>()).add(event.eventTimeMillis());
        }
        final List<Pair> pairs = new ArrayList<>();
        for (final Map.Entry<Integer, List<Long>> order : orders.entrySet()) {
            for (final long placed : order.getValue()) {
                for (final long executed : executions.getOrDefault(order.getKey(), List.of())) {
                    if (executed - placed >= 0 && executed - placed <= 100) {
                        pairs.add(new Pair(order.getKey(), executed - placed, 0));
                    }
                }
            }
        }
        return pairs;
    }

    private static List<Pair> ceiling(final BenchSettings settings, final Arrivals[] arrivals, final long[] late)
            throws InterruptedException {
        final List<Pair> pairs = new ArrayList<>();
        final IntervalJoinCeiling[] made = new IntervalJoinCeiling[1];
        arrivals[0] = CollectingPipeline.drive(reported -> {
            made[0] = new IntervalJoinCeiling(reported, settings, (id, latency) -> pairs.add(new Pair(id, latency, 0)));
            return made[0];
        }, new OrdersAndExecutions(settings, 16), EVENTS);
        late[0] = made[0].lateDropped();
        return pairs;
    }

    @ParameterizedTest(name = "match rate {0}")
    @ValueSource(doubles = {0, 0.8, 1})
    void theCeilingJoinsExactlyThePairsOfTheInput(final double rate) throws InterruptedException {
        final BenchSettings settings = SMALL.withMatchRate(rate);
        final Arrivals[] arrivals = new Arrivals[1];
        final long[] late = new long[1];
        final List<Pair> pairs = ceiling(settings, arrivals, late);
        final List<Pair> expected = bruteForce(settings);
        pairs.sort(ORDER);
        expected.sort(ORDER);
        assertEquals(expected, pairs);
        assertEquals(0, late[0]);
        assertEquals(pairs.size(), arrivals[0].received());
        assertEquals(pairs.size(), arrivals[0].histogram().getTotalCount());
        // most executions of an order fall within the bounds despite both jitters
        assertTrue(pairs.size() >= rate * 0.6 * EVENTS / 2 && pairs.size() <= rate * EVENTS / 2, "pairs: " + pairs.size());
    }

    @Test
    void manyOrdersShareAnIdWhenTheKeysAreFew() throws InterruptedException {
        final BenchSettings few = SMALL.withKeys(3);
        final List<Pair> pairs = ceiling(few, new Arrivals[1], new long[1]);
        final List<Pair> expected = bruteForce(few);
        pairs.sort(ORDER);
        expected.sort(ORDER);
        assertEquals(expected, pairs);
        assertTrue(pairs.size() > EVENTS, "every execution pairs with several orders of its id: " + pairs.size());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("weirSettings")
    void weirAndTheCeilingJoinTheSamePairs(final String name, final BenchSettings settings) throws InterruptedException {
        final Arrivals[] ceilingArrivals = new Arrivals[1];
        final List<Pair> expected = ceiling(SMALL, ceilingArrivals, new long[1]);
        final IntervalJoinPipeline join = new IntervalJoinPipeline();
        final Function<OrderLatency, Pair> copy = result -> new Pair(result.id(), result.latencyMillis(), result.intendedNanos());
        final List<Pair> actual = CollectingPipeline.assertAgrees(new CollectingPipeline<>(join,
                (source, given) -> join.results(source, given).map(copy), Pair::intendedNanos), settings, EVENTS, ORDER, expected,
                ceilingArrivals[0]);
        assertTrue(actual.size() > EVENTS / 4, "pairs: " + actual.size());
    }
}
