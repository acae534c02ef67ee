package dev.weir.perf.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.perf.harness.BenchmarkPlan;
import dev.weir.runtime.IdleStrategyKind;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The settings' defaults, copies with one value changed, and the message of each value out of range. */
final class BenchSettingsTest {
    @Test
    void defaultsAreWhatWeirBenchRunsWithoutOptions() {
        final BenchSettings defaults = BenchSettings.defaults();
        assertArrayEquals(new long[] {100_000, 1_000_000, BenchmarkPlan.FLAT_OUT}, defaults.rates());
        assertEquals(3, defaults.rounds());
        assertEquals(200_000, defaults.warmUpEvents());
        assertEquals(1_000_000, defaults.measuredEvents());
        assertEquals(10_000, defaults.keys());
        assertEquals(100_000, defaults.eventsPerSecondOfEventTime());
        assertEquals(IdleStrategyKind.BUSY_SPIN, defaults.idleStrategy());
        assertEquals(16_384, defaults.ringSize());
        assertEquals(false, defaults.batched());
        assertEquals(64, defaults.batchSize());
        assertEquals(StateChoice.HEAP, defaults.state());
        assertEquals(200, defaults.watermarkIntervalMillis());
        assertArrayEquals(new int[0], defaults.cpus());
        assertEquals(1, defaults.parallelism());
    }

    @Test
    void eachWithChangesOneValueAndLeavesTheOriginal() {
        final BenchSettings defaults = BenchSettings.defaults();
        final BenchSettings changed = defaults.withRates(5_000).withRounds(1).withWarmUpEvents(0).withMeasuredEvents(7).withKeys(3)
                .withEventsPerSecondOfEventTime(10).withIdleStrategy(IdleStrategyKind.YIELD).withRingSize(8).withBatched(true)
                .withBatchSize(5).withState(StateChoice.CHRONICLE).withWatermarkIntervalMillis(0).withCpus(1, 0).withParallelism(2);
        assertArrayEquals(new long[] {5_000}, changed.rates());
        assertEquals(1, changed.rounds());
        assertEquals(0, changed.warmUpEvents());
        assertEquals(7, changed.measuredEvents());
        assertEquals(3, changed.keys());
        assertEquals(10, changed.eventsPerSecondOfEventTime());
        assertEquals(IdleStrategyKind.YIELD, changed.idleStrategy());
        assertEquals(8, changed.ringSize());
        assertEquals(true, changed.batched());
        assertEquals(5, changed.batchSize());
        assertEquals(StateChoice.CHRONICLE, changed.state());
        assertEquals(0, changed.watermarkIntervalMillis());
        assertArrayEquals(new int[] {1, 0}, changed.cpus());
        assertEquals(2, changed.parallelism());
        assertArrayEquals(new long[] {5_000}, changed.plan().rates());
        assertEquals(7, changed.plan().measuredEvents());
        assertEquals(BenchSettings.defaults().rounds(), defaults.rounds());
        assertEquals(3, defaults.rounds());
    }

    static Stream<Arguments> outOfRange() {
        return Stream.of(
                Arguments.of((UnaryOperator<BenchSettings>) s -> s.withRates(), "rates must be at least one, each positive or FLAT_OUT: []"),
                Arguments.of((UnaryOperator<BenchSettings>) s -> s.withRates(10, -1),
                        "rates must be at least one, each positive or FLAT_OUT: [10, -1]"),
                Arguments.of((UnaryOperator<BenchSettings>) s -> s.withRounds(0),
                        "warm-up must be >= 0, measured events and rounds >= 1: 200000, 1000000, 0"),
                Arguments.of((UnaryOperator<BenchSettings>) s -> s.withMeasuredEvents(0),
                        "warm-up must be >= 0, measured events and rounds >= 1: 200000, 0, 3"),
                Arguments.of((UnaryOperator<BenchSettings>) s -> s.withKeys(0), "keys must be at least 1, got 0"),
                Arguments.of((UnaryOperator<BenchSettings>) s -> s.withEventsPerSecondOfEventTime(0),
                        "events per second of event time must be at least 1, got 0"),
                Arguments.of((UnaryOperator<BenchSettings>) s -> s.withRingSize(1000),
                        "the ring size must be a power of two of at least 2, got 1000"),
                Arguments.of((UnaryOperator<BenchSettings>) s -> s.withRingSize(1), "the ring size must be a power of two of at least 2, got 1"),
                Arguments.of((UnaryOperator<BenchSettings>) s -> s.withBatchSize(0), "the batch size must be at least 1, got 0"),
                Arguments.of((UnaryOperator<BenchSettings>) s -> s.withWatermarkIntervalMillis(-5),
                        "the watermark interval must be at least 0 ms, got -5"),
                Arguments.of((UnaryOperator<BenchSettings>) s -> s.withCpus(1, 1), "CPU ids must be at least 0, each at most once, got [1, 1]"),
                Arguments.of((UnaryOperator<BenchSettings>) s -> s.withCpus(-1), "CPU ids must be at least 0, each at most once, got [-1]"),
                Arguments.of((UnaryOperator<BenchSettings>) s -> s.withParallelism(0), "the parallelism must be at least 1, got 0"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("outOfRange")
    void refusesValuesOutOfRangeWithOneMessage(final UnaryOperator<BenchSettings> change, final String message) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, () -> change.apply(BenchSettings.defaults())).getMessage());
    }

    @Test
    void stateChoicesByName() {
        assertEquals(StateChoice.HEAP, StateChoice.of("heap"));
        assertEquals(StateChoice.CHRONICLE, StateChoice.of("chronicle"));
        assertEquals("unknown state backend 'rocksdb' (valid values: heap, chronicle)",
                assertThrows(IllegalArgumentException.class, () -> StateChoice.of("rocksdb")).getMessage());
    }
}
