package dev.weir.perf.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.perf.SystemNanoClock;
import dev.weir.perf.harness.SystemResult;
import dev.weir.runtime.IdleStrategyKind;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Once warm, the input of {@code pass-through} and {@code tumbling} and their ceilings allocate nothing per event, and
 * neither does {@code pass-through} on Weir (the publishing thread and the task's): over 1,000,000 measured events
 * after 300,000 of warm-up, flat out, the harness counts less than a byte per event (the thread allocation counters,
 * not timing). What the ceiling of {@code tumbling} allocates at all is per window, not per event.
 */
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

    @Test
    void tumblingCeilingAllocatesNothingPerEvent(@TempDir final Path out) throws Exception {
        final SystemResult ceiling = new BenchRun<>(new TumblingPipeline(), LONG_ENOUGH, List.of())
                .run(SystemNanoClock.INSTANCE, out, line -> { }).results().get(0);
        assertEquals("ceiling", ceiling.system());
        assertTrue(ceiling.bytesPerEvent() < 1, ceiling.bytesPerEvent() + " bytes per event");
    }
}
