package dev.weir.perf.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.api.StagePlacement;
import dev.weir.perf.harness.BenchmarkPlan;
import dev.weir.runtime.IdleStrategyKind;
import java.util.List;
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
        assertEquals(List.of(StagePlacement.HOP), defaults.placements());
        assertEquals(50, defaults.outOfOrdernessMillis());
        assertEquals(0.8, defaults.matchRate());
    }

    @Test
    void theTwoInputPipelinesSettingsChangeOneAtATime() {
        final BenchSettings changed = BenchSettings.defaults().withOutOfOrdernessMillis(0).withMatchRate(1);
        assertEquals(0, changed.outOfOrdernessMillis());
        assertEquals(1.0, changed.matchRate());
        assertEquals(10_000, changed.withOutOfOrdernessMillis(10_000).outOfOrdernessMillis());
        assertEquals(0.8, BenchSettings.defaults().withOutOfOrdernessMillis(7).matchRate());
    }

    @Test
    void eachWithChangesOneValueAndLeavesTheOriginal() {
        final BenchSettings defaults = BenchSettings.defaults();
        final BenchSettings changed = defaults.withRates(5_000).withRounds(1).withWarmUpEvents(0).withMeasuredEvents(7).withKeys(3)
                .withEventsPerSecondOfEventTime(10).withIdleStrategy(IdleStrategyKind.YIELD).withRingSize(8).withBatched(true)
                .withBatchSize(5).withState(StateChoice.CHRONICLE).withWatermarkIntervalMillis(0).withCpus(1, 0).withParallelism(2)
                .withPlacements(StagePlacement.HOP);
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
        assertEquals(List.of(StagePlacement.HOP), changed.placements());
        assertEquals(List.of(StagePlacement.INLINE, StagePlacement.HOP),
                defaults.withPlacements(StagePlacement.INLINE, StagePlacement.HOP).placements());
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
                Arguments.of((UnaryOperator<BenchSettings>) s -> s.withParallelism(0), "the parallelism must be at least 1, got 0"),
                Arguments.of((UnaryOperator<BenchSettings>) s -> s.withPlacements(), "placements must be at least one, each at most once, got []"),
                Arguments.of((UnaryOperator<BenchSettings>) s -> s.withPlacements(StagePlacement.INLINE, StagePlacement.INLINE),
                        "placements must be at least one, each at most once, got [INLINE, INLINE]"),
                Arguments.of((UnaryOperator<BenchSettings>) s -> s.withPlacements(StagePlacement.HOP, StagePlacement.INLINE).withParallelism(2),
                        "the inline placement runs the keyed stage on the publishing thread, so its parallelism is 1, got 2"),
                Arguments.of((UnaryOperator<BenchSettings>) s -> s.withParallelism(3).withPlacements(StagePlacement.INLINE),
                        "the inline placement runs the keyed stage on the publishing thread, so its parallelism is 1, got 3"),
                Arguments.of((UnaryOperator<BenchSettings>) s -> s.withOutOfOrdernessMillis(-1),
                        "the out-of-orderness must be within 0..10000 ms, got -1"),
                Arguments.of((UnaryOperator<BenchSettings>) s -> s.withOutOfOrdernessMillis(10_001),
                        "the out-of-orderness must be within 0..10000 ms, got 10001"),
                Arguments.of((UnaryOperator<BenchSettings>) s -> s.withMatchRate(1.5), "the match rate must be within 0..1, got 1.5"),
                Arguments.of((UnaryOperator<BenchSettings>) s -> s.withMatchRate(Double.NaN),
                        "the match rate must be within 0..1, got NaN"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("outOfRange")
    void refusesValuesOutOfRangeWithOneMessage(final UnaryOperator<BenchSettings> change, final String message) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, () -> change.apply(BenchSettings.defaults())).getMessage());
    }

    @Test
    void placementsByNameAndTheirSystems() {
        assertEquals(StagePlacement.HOP, WeirSystem.placementOf("hop"));
        assertEquals(StagePlacement.INLINE, WeirSystem.placementOf("inline"));
        assertEquals("unknown placement 'INLINE' (valid values: hop, inline)",
                assertThrows(IllegalArgumentException.class, () -> WeirSystem.placementOf("INLINE")).getMessage());
        assertEquals(List.of("weir-hop", "weir-inline"), WeirSystem.perPlacement(new TumblingPipeline(),
                BenchSettings.defaults().withPlacements(StagePlacement.HOP, StagePlacement.INLINE)).stream().map(WeirSystem::name).toList());
        assertEquals(List.of("weir-inline"), WeirSystem.perPlacement(new PassThroughPipeline(),
                BenchSettings.defaults().withPlacements(StagePlacement.INLINE)).stream().map(WeirSystem::name).toList());
        // the default placement alone keeps Weir's one system name
        assertEquals(List.of("weir"), WeirSystem.perPlacement(new TumblingPipeline(), BenchSettings.defaults()).stream()
                .map(WeirSystem::name).toList());
    }

    @Test
    void stateChoicesByName() {
        assertEquals(StateChoice.HEAP, StateChoice.of("heap"));
        assertEquals(StateChoice.CHRONICLE, StateChoice.of("chronicle"));
        assertEquals("unknown state backend 'rocksdb' (valid values: heap, chronicle)",
                assertThrows(IllegalArgumentException.class, () -> StateChoice.of("rocksdb")).getMessage());
    }
}
