package dev.weir.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.runtime.IdleStrategyKind;
import org.junit.jupiter.api.Test;

/**
 * Both latency subjects deliver every tick once and measure exactly the ticks marked
 * measured (a short, unpaced run: the figures themselves are the benchmark's business).
 */
final class LatencyTargetsTest {
    private static final int RECORDS = 50_000;
    private static final int WARM_UP = 10_000;

    @Test
    void theBareHopAndWeirMeasureEveryMeasuredTick() throws InterruptedException {
        for (final LatencyTarget target : new LatencyTarget[] {
            new BareDisruptorHop(256, SystemNanoClock.INSTANCE, false),
            new BareDisruptorHop(256, SystemNanoClock.INSTANCE, true),
            new WeirKeyedHop(256, IdleStrategyKind.BACKOFF, SystemNanoClock.INSTANCE)}) {
            final TickPool pool = new TickPool(1 << 12, 100);
            target.start();
            for (int i = 0; i < RECORDS; i++) {
                target.send(pool.next(i, SystemNanoClock.INSTANCE.nanoTime(), i >= WARM_UP), i / 1_000);
            }
            target.finish();
            assertEquals(RECORDS, target.recorder().received(), target.name());
            assertEquals(RECORDS - WARM_UP, target.recorder().histogram().getTotalCount(), target.name());
        }
    }
}
