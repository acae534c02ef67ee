package dev.weir.runtime.threaded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.StreamPipeline;
import dev.weir.metrics.TaskMetrics;
import dev.weir.runtime.IdleStrategyKind;
import dev.weir.runtime.pinning.BusySpinBudget;
import dev.weir.source.Publisher;
import dev.weir.testing.LogCapture;
import dev.weir.time.WatermarkStrategy;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Never more busy-spinning task threads than free cores (available processors - 1): {@code limit} backs the extra ones off,
 * with one warning; with no free core at all a pipeline does so too (sharing is in {@link dev.weir.runtime.threaded.ThreadSharingTest}).
 */
final class BusySpinBudgetTest {
    private static final IdleStrategyKind SPIN = IdleStrategyKind.BUSY_SPIN;
    private static final IdleStrategyKind BACKOFF = IdleStrategyKind.BACKOFF;
    private static final IdleStrategyKind YIELD = IdleStrategyKind.YIELD;

    @Test
    void onTwoProcessorsOneTaskMaySpinAndTheRestBackOff() {
        try (LogCapture log = new LogCapture(BusySpinBudget.class.getName())) {
            assertEquals(List.of(SPIN, YIELD, BACKOFF, BACKOFF),
                    BusySpinBudget.limit("p", List.of("a", "b", "c", "d"), List.of(SPIN, YIELD, SPIN, SPIN), 2));
            assertEquals(List.of("weir: pipeline 'p' asks 3 tasks to busy-spin, but 2 processor(s) leave room for 1: [c, d] run with"
                    + " BACKOFF instead"), log.warnings());
        }
    }

    @Test
    void withinTheBudgetNothingChangesAndNothingIsSaid() {
        try (LogCapture log = new LogCapture(BusySpinBudget.class.getName())) {
            assertEquals(List.of(SPIN, SPIN, BACKOFF), BusySpinBudget.limit("p", List.of("a", "b", "c"), List.of(SPIN, SPIN, BACKOFF), 4));
            assertEquals(List.of(), log.warnings());
        }
    }

    @Test
    void oneProcessorLeavesNoRoomToSpin() {
        assertEquals(List.of(BACKOFF), BusySpinBudget.limit("p", List.of("a"), List.of(SPIN), 1));
    }

    @Test
    void aPipelineOnOneProcessorDegradesItsSpinnersToBackOff() throws InterruptedException {
        final StreamPipeline pipeline = StreamPipeline.named("spinners").idleStrategy(SPIN).availableProcessors(1);
        final Publisher<Long> numbers = forwarding(pipeline, 2);
        try (LogCapture log = new LogCapture(BusySpinBudget.class.getName()); RunningPipeline running = pipeline.start()) {
            assertEquals(List.of("BACKOFF", "BACKOFF"), running.metrics().stage("keyed-1").stream().map(TaskMetrics::idleStrategy).toList());
            assertEquals(2, running.threads().size());
            assertEquals(1, log.warnings().size());
            numbers.end();
            assertTrue(running.awaitTermination(Duration.ofSeconds(30)));
        }
    }

    /** @return the publisher of {@code publisher -> keyBy -> parallelism forwarding instances -> discard}, built into the pipeline */
    static Publisher<Long> forwarding(final StreamPipeline pipeline, final int parallelism) {
        final Publisher<Long> numbers = pipeline.publisher("numbers");
        pipeline.from(numbers, WatermarkStrategy.<Long>noWatermarks())
                .keyBy(value -> value)
                .parallelism(parallelism)
                .<Long>process((value, ctx, out) -> out.collect(value))
                .sink((value, ts) -> { });
        return numbers;
    }
}
