package dev.weir.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.StreamPipeline;
import dev.weir.metrics.TaskMetrics;
import dev.weir.source.Publisher;
import dev.weir.testing.LogCapture;
import dev.weir.time.WatermarkStrategy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Never more busy-spinning task threads than free cores (available processors - 1); the extra ones back off, with one warning. */
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
    void aPipelineAskingEveryTaskToSpinGetsAsManySpinnersAsThisMachineAffords() throws InterruptedException {
        final int budget = Math.max(0, Runtime.getRuntime().availableProcessors() - 1);
        final StreamPipeline pipeline = StreamPipeline.named("spinners").idleStrategy(SPIN);
        final Publisher<Long> numbers = pipeline.publisher("numbers");
        pipeline.from(numbers, WatermarkStrategy.<Long>noWatermarks())
                .keyBy(value -> value)
                .parallelism(budget + 2)
                .<Long>process((value, ctx, out) -> out.collect(value))
                .sink((value, ts) -> { });
        try (LogCapture log = new LogCapture(BusySpinBudget.class.getName()); RunningPipeline running = pipeline.start()) {
            final List<String> expected = new ArrayList<>();
            for (int i = 0; i < budget + 2; i++) {
                expected.add(i < budget ? "BUSY_SPIN" : "BACKOFF");
            }
            assertEquals(expected, running.metrics().stage("keyed-1").stream().map(TaskMetrics::idleStrategy).toList());
            assertEquals(1, log.warnings().size());
            numbers.end();
            assertTrue(running.awaitTermination(Duration.ofSeconds(30)));
        }
    }
}
