package dev.weir.runtime.threaded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.KeyedStream;
import dev.weir.api.StreamPipeline;
import dev.weir.metrics.PipelineMetrics;
import dev.weir.metrics.TaskMetrics;
import dev.weir.runtime.IdleStrategyKind;
import dev.weir.runtime.pinning.CpuAssignment;
import dev.weir.runtime.pinning.CpuBinder;
import dev.weir.runtime.pinning.CpuBinding;
import dev.weir.runtime.pinning.CpuPinningException;
import dev.weir.runtime.pinning.PinningThreadFactory;
import dev.weir.source.Publisher;
import dev.weir.testing.LogCapture;
import dev.weir.time.WatermarkStrategy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Per-stage CPU pinning ({@code keyBy(...).cpus(...)}): instance {@code i} of a stage runs on the
 * stage's {@code i}-th CPU, whatever the pipeline's list says; the pipeline's list goes to the
 * other threads in order, skipping the CPUs stages pin; two stages naming one CPU fail the start;
 * a shared busy thread runs on the CPU of its first pinned task. Every pipeline here is
 * publisher -> keyed-1 -> keyed-2 -> sink, so its tasks are keyed-1's instances, then keyed-2's.
 */
final class StageCpuPinningTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final IdleStrategyKind SPIN = IdleStrategyKind.BUSY_SPIN;

    /** Pins nothing; records every CPU asked for. */
    private static final class RecordingBinder implements CpuBinder {
        private final List<Integer> bound = Collections.synchronizedList(new ArrayList<>());

        @Override
        public CpuBinding bind(final int cpu) {
            bound.add(cpu);
            return () -> { };
        }

        List<Integer> bound() {
            final List<Integer> sorted = new ArrayList<>(bound);
            Collections.sort(sorted);
            return sorted;
        }
    }

    private final RecordingBinder binder = new RecordingBinder();
    private final AtomicLong delivered = new AtomicLong();

    /** Builds publisher -> keyed-1 -> keyed-2 -> sink; each consumer configures its keyed stage. */
    private Publisher<Long> twoKeyedStages(final StreamPipeline pipeline, final Consumer<KeyedStream<Long, Long>> first,
            final Consumer<KeyedStream<Long, Long>> second) {
        final Publisher<Long> numbers = pipeline.publisher("numbers");
        final KeyedStream<Long, Long> one = pipeline.cpuBinder(binder).from(numbers, WatermarkStrategy.<Long>noWatermarks()).keyBy(value -> value);
        first.accept(one);
        final KeyedStream<Long, Long> two = one.<Long>process((value, ctx, out) -> out.collect(value)).keyBy(value -> value);
        second.accept(two);
        two.<Long>process((value, ctx, out) -> out.collect(value)).sink((value, ts) -> delivered.incrementAndGet());
        return numbers;
    }

    /** @return every threaded task's CPU after 100 records went through, by task name in task order */
    private Map<String, Integer> run(final StreamPipeline pipeline, final Publisher<Long> numbers) throws InterruptedException {
        final PipelineMetrics metrics;
        try (RunningPipeline running = pipeline.start()) {
            for (long i = 0; i < 100; i++) {
                numbers.publish(i, i);
            }
            numbers.end();
            assertTrue(running.awaitTermination(TIMEOUT));
            metrics = running.metrics();
        }
        assertEquals(100, delivered.get());
        final Map<String, Integer> cpus = new LinkedHashMap<>();
        for (final TaskMetrics task : metrics.tasks()) {
            if (task.thread() != null) {
                cpus.put(task.name(), task.cpu());
            }
        }
        return cpus;
    }

    private static Map<String, Integer> expected(final Object... nameAndCpu) {
        final Map<String, Integer> cpus = new LinkedHashMap<>();
        for (int i = 0; i < nameAndCpu.length; i += 2) {
            cpus.put((String) nameAndCpu[i], (Integer) nameAndCpu[i + 1]);
        }
        return cpus;
    }

    @Test
    void aStageListPinsEachInstanceToItsCpu() throws InterruptedException {
        final StreamPipeline pipeline = StreamPipeline.named("stage");
        final Publisher<Long> numbers = twoKeyedStages(pipeline, keyed -> keyed.parallelism(2).cpus(4, 6), keyed -> { });
        try (LogCapture pinning = new LogCapture(PinningThreadFactory.class.getName());
                LogCapture sharing = new LogCapture(CpuAssignment.class.getName())) {
            assertEquals(expected("stage-keyed-1-0", 4, "stage-keyed-1-1", 6, "stage-keyed-2-0", -1), run(pipeline, numbers));
            assertEquals(List.of(), pinning.warnings());
            assertEquals(List.of(), sharing.warnings());
        }
        assertEquals(List.of(4, 6), binder.bound());
    }

    @Test
    void stageListsWinAndThePipelineListGivesTheOtherTasksItsRemainingCpusInOrder() throws InterruptedException {
        // CPUs 3 and 1 are keyed-2's, so the pipeline list skips them: 2, 4 and 5 go to the tasks no stage pins
        final StreamPipeline pipeline = StreamPipeline.named("mixed").cpus(1, 2, 3, 4, 5);
        final Publisher<Long> numbers = twoKeyedStages(pipeline, keyed -> keyed.parallelism(2), keyed -> keyed.parallelism(3).cpus(3, 1));
        assertEquals(expected("mixed-keyed-1-0", 2, "mixed-keyed-1-1", 4, "mixed-keyed-2-0", 3, "mixed-keyed-2-1", 1, "mixed-keyed-2-2", 5),
                run(pipeline, numbers));
        assertEquals(List.of(1, 2, 3, 4, 5), binder.bound());
    }

    @Test
    void instancesBeyondTheStageListRunUnpinnedWithoutAPipelineList() throws InterruptedException {
        final StreamPipeline pipeline = StreamPipeline.named("short-stage");
        final Publisher<Long> numbers = twoKeyedStages(pipeline, keyed -> keyed.parallelism(3).cpus(7), keyed -> { });
        assertEquals(expected("short-stage-keyed-1-0", 7, "short-stage-keyed-1-1", -1, "short-stage-keyed-1-2", -1, "short-stage-keyed-2-0", -1),
                run(pipeline, numbers));
        assertEquals(List.of(7), binder.bound());
    }

    @Test
    void instancesBeyondTheStageListFollowThePipelineList() throws InterruptedException {
        // the pipeline list skips CPU 7 (keyed-1's): instance 1 gets 8, instance 2 and keyed-2 find the list used up
        final StreamPipeline pipeline = StreamPipeline.named("beyond").cpus(7, 8);
        final Publisher<Long> numbers = twoKeyedStages(pipeline, keyed -> keyed.parallelism(3).cpus(7), keyed -> { });
        assertEquals(expected("beyond-keyed-1-0", 7, "beyond-keyed-1-1", 8, "beyond-keyed-1-2", -1, "beyond-keyed-2-0", -1),
                run(pipeline, numbers));
        assertEquals(List.of(7, 8), binder.bound());
    }

    @Test
    void twoStagesNamingOneCpuFailTheStartNamingBoth() {
        final StreamPipeline pipeline = StreamPipeline.named("clash");
        twoKeyedStages(pipeline, keyed -> keyed.parallelism(2).cpus(1, 2), keyed -> keyed.cpus(2));
        assertEquals("pipeline 'clash': stage keyed-1 (task clash-keyed-1-1) and stage keyed-2 (task clash-keyed-2-0) both name CPU 2:"
                + " each task needs a CPU of its own", assertThrows(IllegalArgumentException.class, pipeline::start).getMessage());
        assertEquals(List.of(), binder.bound(), "nothing started");
    }

    @Test
    void aStageCpuBeyondItsParallelismPinsNothingAndClashesWithNothing() throws InterruptedException {
        final StreamPipeline pipeline = StreamPipeline.named("unused");
        final Publisher<Long> numbers = twoKeyedStages(pipeline, keyed -> keyed.cpus(1, 2), keyed -> keyed.cpus(2));
        assertEquals(expected("unused-keyed-1-0", 1, "unused-keyed-2-0", 2), run(pipeline, numbers));
        assertEquals(List.of(1, 2), binder.bound());
    }

    @Test
    void aSharedThreadRunsOnItsFirstTasksCpuAndWarnsOnceAboutTheOthers() throws InterruptedException {
        // 2 processors: one busy thread runs keyed-1's three spinning instances; keyed-2 backs off on a thread of its own
        // and takes the pipeline list's first CPU that no stage pins (5 is keyed-1's, even though its instance cannot have it)
        final StreamPipeline pipeline = StreamPipeline.named("shared-stage").availableProcessors(2).cpus(5, 6);
        final Publisher<Long> numbers = twoKeyedStages(pipeline, keyed -> keyed.parallelism(3).idleStrategy(SPIN).cpus(4, 5), keyed -> { });
        try (LogCapture log = new LogCapture(CpuAssignment.class.getName())) {
            assertEquals(expected("shared-stage-keyed-1-0", 4, "shared-stage-keyed-1-1", 4, "shared-stage-keyed-1-2", 4, "shared-stage-keyed-2-0", 6),
                    run(pipeline, numbers));
            assertEquals(List.of("weir: pipeline 'shared-stage': tasks pinned to different CPUs share a thread, which runs on the CPU of"
                    + " its first pinned task: thread 0 runs [shared-stage-keyed-1-0, shared-stage-keyed-1-1, shared-stage-keyed-1-2] on CPU 4"
                    + " (shared-stage-keyed-1-1 asked for CPU 5)"), log.warnings());
        }
        assertEquals(List.of(4, 6), binder.bound());
    }

    @Test
    void aSharedThreadRunsOnTheCpuOfItsFirstTaskThatHasOne() throws InterruptedException {
        // one busy thread runs keyed-1-0 (no stage CPU) and keyed-2-0 (CPU 3): it takes 3, and nothing from the pipeline list
        final StreamPipeline pipeline = StreamPipeline.named("first-pinned").idleStrategy(SPIN).availableProcessors(2).cpus(1);
        final Publisher<Long> numbers = twoKeyedStages(pipeline, keyed -> { }, keyed -> keyed.cpus(3));
        try (LogCapture log = new LogCapture(CpuAssignment.class.getName())) {
            assertEquals(expected("first-pinned-keyed-1-0", 3, "first-pinned-keyed-2-0", 3), run(pipeline, numbers));
            assertEquals(List.of(), log.warnings());
        }
        assertEquals(List.of(3), binder.bound());
    }

    @Test
    void aStageCpuThatCannotBeHadLeavesItsInstanceUnpinnedWithOneWarning() throws InterruptedException {
        final CpuBinder notCpuTwo = cpu -> {
            if (cpu == 2) {
                throw new CpuPinningException("CPU 2 is not reservable");
            }
            return binder.bind(cpu);
        };
        final StreamPipeline pipeline = StreamPipeline.named("refused");
        final Publisher<Long> numbers = twoKeyedStages(pipeline, keyed -> keyed.parallelism(2).cpus(2, 3), keyed -> { });
        pipeline.cpuBinder(notCpuTwo);
        try (LogCapture log = new LogCapture(PinningThreadFactory.class.getName())) {
            assertEquals(expected("refused-keyed-1-0", -1, "refused-keyed-1-1", 3, "refused-keyed-2-0", -1), run(pipeline, numbers));
            assertEquals(List.of("weir: pipeline 'refused': cannot pin task refused-keyed-1-0 to CPU 2: CPU 2 is not reservable. Tasks that"
                    + " cannot be pinned run unpinned (see TaskMetrics.cpu); on a 2-core machine only CPU 1 can be reserved."), log.warnings());
        }
        assertEquals(List.of(3), binder.bound());
    }

    @Test
    void theStageCpuListIsValidatedAtTheCall() {
        final StreamPipeline pipeline = StreamPipeline.named("bad-stage-cpus");
        final KeyedStream<Long, Long> keyed = pipeline.from(pipeline.<Long>publisher("numbers"), WatermarkStrategy.<Long>noWatermarks())
                .keyBy(value -> value);
        assertEquals("each task needs a CPU of its own: [2, 3, 2]", assertThrows(IllegalArgumentException.class, () -> keyed.cpus(2, 3, 2))
                .getMessage());
        assertEquals("a CPU id is at least 0: [1, -1]", assertThrows(IllegalArgumentException.class, () -> keyed.cpus(1, -1)).getMessage());
    }
}
