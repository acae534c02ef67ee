package dev.weir.runtime.threaded;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.StreamPipeline;
import dev.weir.metrics.TaskMetrics;
import dev.weir.runtime.IdleStrategyKind;
import dev.weir.runtime.PipelineExecutionException;
import dev.weir.runtime.pinning.BusySpinBudget;
import dev.weir.runtime.pinning.CpuBinder;
import dev.weir.runtime.pinning.ThreadPlan;
import dev.weir.source.Publisher;
import dev.weir.testing.LogCapture;
import dev.weir.testing.PassThroughProbe;
import dev.weir.time.WatermarkStrategy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Busy-spinning tasks beyond the budget (available processors - 1) share the budget's threads
 * instead of backing off (docs/architecture.md, "The threaded runtime"); everything per task keeps working:
 * exact results, termination, failure, quiescence, metrics, pinning.
 */
final class ThreadSharingTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final IdleStrategyKind SPIN = IdleStrategyKind.BUSY_SPIN;
    private static final IdleStrategyKind YIELD = IdleStrategyKind.YIELD;

    @Test
    void spinnersBeyondTheBudgetShareItsThreadsAndTheOthersKeepTheirOwn() {
        try (LogCapture log = new LogCapture(BusySpinBudget.class.getName())) {
            final ThreadPlan plan = BusySpinBudget.plan("p", List.of("a", "b", "c", "d"), List.of(SPIN, YIELD, SPIN, SPIN), 2);
            assertEquals(2, plan.threadCount());
            assertArrayEquals(new int[] {0, 2, 3}, plan.tasksOf(0));
            assertArrayEquals(new int[] {1}, plan.tasksOf(1));
            assertEquals(SPIN, plan.idleStrategy(0));
            assertEquals(YIELD, plan.idleStrategy(1));
            assertEquals(0, plan.threadOf(3));
            assertEquals(List.of("weir: pipeline 'p' asks 3 tasks to busy-spin, 2 processor(s) leave room for 1 busy thread(s), so tasks"
                    + " share them: thread 0 runs [a, c, d]"), log.infos());
            assertEquals(List.of(), log.warnings());
        }
    }

    @Test
    void spinnersAreDealtRoundTheBudgetsThreads() {
        final ThreadPlan plan = BusySpinBudget.plan("p", List.of("a", "b", "c", "d", "e"), List.of(SPIN, SPIN, SPIN, SPIN, SPIN), 3);
        assertEquals(2, plan.threadCount());
        assertArrayEquals(new int[] {0, 2, 4}, plan.tasksOf(0));
        assertArrayEquals(new int[] {1, 3}, plan.tasksOf(1));
    }

    @Test
    void withinTheBudgetEveryTaskKeepsAThreadOfItsOwn() {
        try (LogCapture log = new LogCapture(BusySpinBudget.class.getName())) {
            final ThreadPlan plan = BusySpinBudget.plan("p", List.of("a", "b"), List.of(SPIN, YIELD), 2);
            assertEquals(2, plan.threadCount());
            assertEquals(List.of(), log.infos());
        }
    }

    @Test
    void sharedTasksComputeExactResultsCatchUpAndEnd() throws InterruptedException {
        final List<Long> results = Collections.synchronizedList(new ArrayList<>());
        final AtomicInteger closes = new AtomicInteger();
        final StreamPipeline pipeline = StreamPipeline.named("shared").idleStrategy(SPIN).availableProcessors(2);
        final Publisher<Long> numbers = pipeline.publisher("numbers");
        pipeline.from(numbers, WatermarkStrategy.<Long>noWatermarks())
                .keyBy(value -> value)
                .parallelism(3)
                .<Long>process((value, ctx, out) -> out.collect(value * 2))
                .transform("probe", () -> PassThroughProbe.countingCloses(closes))
                .sink((value, ts) -> results.add(value));
        try (RunningPipeline running = pipeline.start()) {
            assertEquals(1, running.threads().size(), "three busy-spinning tasks on one busy thread");
            final List<TaskMetrics> keyed = running.metrics().stage("keyed-1");
            assertEquals(List.of("BUSY_SPIN", "BUSY_SPIN", "BUSY_SPIN"), keyed.stream().map(TaskMetrics::idleStrategy).toList());
            assertEquals(1, keyed.stream().map(TaskMetrics::thread).distinct().count(), "every task names the shared thread");
            for (long i = 0; i < 1000; i++) {
                numbers.publish(i);
            }
            assertTrue(running.awaitQuiescent(TIMEOUT), "the shared thread caught up");
            assertEquals(1000, results.size());
            for (long i = 1000; i < 10_000; i++) {
                numbers.publish(i);
            }
            numbers.end();
            assertTrue(running.awaitTermination(TIMEOUT));
            assertTrue(running.threads().stream().noneMatch(Thread::isAlive));
            final List<TaskMetrics> ended = running.metrics().stage("keyed-1");
            assertEquals(10_000, ended.stream().mapToLong(TaskMetrics::recordsIn).sum());
            assertTrue(ended.stream().allMatch(task -> task.recordsIn() > 0), "every shared task did its share");
        }
        final List<Long> expected = new ArrayList<>();
        for (long i = 0; i < 10_000; i++) {
            expected.add(i * 2);
        }
        final List<Long> sorted = new ArrayList<>(results);
        Collections.sort(sorted);
        assertEquals(expected, sorted);
        assertEquals(3, closes.get(), "every shared task closes its operators");
    }

    @Test
    void aFailureInASharedTaskStopsThePipelineAndIsTheCause() throws InterruptedException {
        final IllegalStateException boom = new IllegalStateException("boom on 13");
        final AtomicInteger closes = new AtomicInteger();
        final StreamPipeline pipeline = StreamPipeline.named("shared-fails").idleStrategy(SPIN).availableProcessors(2);
        final Publisher<Long> numbers = PipelineLifecycleTest.failingOn13(pipeline, 3, boom, closes);
        final RunningPipeline running = pipeline.start();
        try {
            assertEquals(1, running.threads().size());
            PipelineLifecycleTest.publishUntilStopped(numbers, 1_000_000);
            final PipelineExecutionException failure = assertThrows(PipelineExecutionException.class, () -> running.awaitTermination(TIMEOUT));
            assertSame(boom, failure.getCause());
            assertTrue(running.threads().stream().noneMatch(Thread::isAlive));
            assertEquals(3, closes.get(), "every shared task closed its operators, the failed one too");
        } finally {
            running.close();
        }
    }

    @Test
    void aSharedThreadPinsEveryTaskItRuns() throws InterruptedException {
        final CpuBinder any = cpu -> () -> { };
        final StreamPipeline pipeline = StreamPipeline.named("shared-pinned").idleStrategy(SPIN).availableProcessors(2).cpus(5).cpuBinder(any);
        assertEquals(List.of(5, 5), CpuPinningTest.run(pipeline, 2).stage("keyed-1").stream().map(TaskMetrics::cpu).toList());
    }
}
