package dev.weir.perf.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.StagePlacement;
import dev.weir.clock.SystemNanoClock;
import dev.weir.perf.harness.SystemResult;
import dev.weir.runtime.IdleStrategyKind;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Once warm, the input of {@code pass-through} and {@code tumbling} and their ceilings allocate nothing per event, and
 * neither does {@code pass-through} on Weir (the publishing thread and the task's): over 1,000,000 measured events
 * after 300,000 of warm-up, flat out, the harness counts less than a byte per event (the thread allocation counters,
 * not timing). What the ceiling of {@code tumbling} allocates at all is per window, not per event. {@code union} and
 * {@code interval-join} allocate nothing per event on Weir (both threads) nor on their ceilings.
 */
@Tag("allocation")
final class BenchAllocationTest {
    private static final BenchSettings LONG_ENOUGH = BenchSettings.defaults().withRates(0).withRounds(1).withWarmUpEvents(300_000)
            .withMeasuredEvents(1_000_000).withKeys(1_000).withWatermarkIntervalMillis(0).withRingSize(4_096)
            .withIdleStrategy(IdleStrategyKind.BACKOFF);

    @Test
    void passThroughAllocatesNothingPerEventOnItsCeilingAndOnWeir(@TempDir final Path out) throws Exception {
        final List<SystemResult> results = new BenchRun<>(new PassThroughPipeline(), LONG_ENOUGH, List.of())
                .run(SystemNanoClock.INSTANCE, out, line -> { }).results();
        assertEquals(List.of("ceiling", "weir"), results.stream().map(SystemResult::system).toList());
        for (final SystemResult result : results) {
            assertTrue(result.bytesPerEvent() < 1, result.system() + ": " + result.bytesPerEvent() + " bytes per event");
        }
    }

    /** With the keyed stage inline, the publishing thread runs all of pass-through, and allocates nothing per event. */
    @Test
    void passThroughInlineAllocatesNothingPerEvent(@TempDir final Path out) throws Exception {
        final SystemResult inline = new BenchRun<>(new PassThroughPipeline(), LONG_ENOUGH.withPlacements(StagePlacement.INLINE), List.of())
                .run(SystemNanoClock.INSTANCE, out, line -> { }).results().get(1);
        assertEquals("weir-inline", inline.system());
        assertTrue(inline.bytesPerEvent() < 1, inline.bytesPerEvent() + " bytes per event");
    }

    /**
     * {@code union} on Weir: the publishing thread (source, the split into venues, each venue's watermarks) and the keyed
     * stage's task (the union's valve, the windows) allocate less than a byte per event; what a window allocates (its
     * state and result per symbol) is per window and amortized over its trades: 100 symbols, 1,000 trades a window each.
     * Its ceiling allocates nothing per event either.
     */
    @Test
    void unionAllocatesNothingPerEventOnWeirAndOnItsCeiling(@TempDir final Path out) throws Exception {
        final List<SystemResult> results = new BenchRun<>(new UnionPipeline(), LONG_ENOUGH.withKeys(100), List.of())
                .run(SystemNanoClock.INSTANCE, out, line -> { }).results();
        assertEquals(List.of("ceiling", "weir"), results.stream().map(SystemResult::system).toList());
        for (final SystemResult result : results) {
            assertTrue(result.bytesPerEvent() < 1, result.system() + ": " + result.bytesPerEvent() + " bytes per event");
        }
    }

    /**
     * {@code interval-join} on Weir: the publishing thread and the join's task (buffering into pooled buckets, the range
     * lookups, the pairs in a reused result, the cleanup timers) allocate less than a byte per event once the buffers
     * have their working size; and so does its ceiling. The working set is the bench's default: 10,000 order ids, 80 %
     * of the orders matched, so ids' buffers empty and fill again by the thousand between two watermarks (the heap
     * state keeps the emptied buffers for reuse).
     */
    @Test
    void intervalJoinAllocatesNothingPerEventOnWeirAndOnItsCeiling(@TempDir final Path out) throws Exception {
        final BenchSettings defaults = BenchSettings.defaults();
        final List<SystemResult> results = new BenchRun<>(new IntervalJoinPipeline(),
                LONG_ENOUGH.withKeys(defaults.keys()).withMatchRate(defaults.matchRate()), List.of())
                .run(SystemNanoClock.INSTANCE, out, line -> { }).results();
        assertEquals(List.of("ceiling", "weir"), results.stream().map(SystemResult::system).toList());
        for (final SystemResult result : results) {
            assertTrue(result.bytesPerEvent() < 1, result.system() + ": " + result.bytesPerEvent() + " bytes per event");
        }
    }

    @Test
    void tumblingCeilingAllocatesNothingPerEvent(@TempDir final Path out) throws Exception {
        final SystemResult ceiling = new BenchRun<>(new TumblingPipeline(), LONG_ENOUGH, List.of())
                .run(SystemNanoClock.INSTANCE, out, line -> { }).results().get(0);
        assertEquals("ceiling", ceiling.system());
        assertTrue(ceiling.bytesPerEvent() < 1, ceiling.bytesPerEvent() + " bytes per event");
    }
}
