package dev.weir.runtime.threaded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.StreamPipeline;
import dev.weir.metrics.PipelineMetrics;
import dev.weir.metrics.TaskMetrics;
import dev.weir.runtime.pinning.CpuBinder;
import dev.weir.runtime.pinning.CpuPinningException;
import dev.weir.runtime.pinning.PinningThreadFactory;
import dev.weir.source.Publisher;
import dev.weir.testing.LogCapture;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Per-task CPU pinning from a CPU list: each task thread pins itself before it runs; a CPU that
 * cannot be had leaves its task unpinned with one warning per pipeline, never a failure; the
 * CPU is given back when the task ends. The real OpenHFT binder is checked on this machine too
 * (on a 2-core machine CPU 0 is not reservable, CPU 1 is).
 */
final class CpuPinningTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    static PipelineMetrics run(final StreamPipeline pipeline, final int parallelism) throws InterruptedException {
        final Publisher<Long> numbers = BusySpinBudgetTest.forwarding(pipeline, parallelism);
        try (RunningPipeline running = pipeline.start()) {
            for (long i = 0; i < 100; i++) {
                numbers.publish(i, i);
            }
            numbers.end();
            assertTrue(running.awaitTermination(TIMEOUT));
            return running.metrics();
        }
    }

    private static List<Integer> cpus(final PipelineMetrics metrics) {
        return metrics.stage("keyed-1").stream().map(TaskMetrics::cpu).toList();
    }

    @Test
    void tasksThatCannotBePinnedRunUnpinnedWithOneWarning() throws InterruptedException {
        final Set<Integer> held = ConcurrentHashMap.newKeySet();
        final AtomicInteger released = new AtomicInteger();
        final CpuBinder onlyCpuFive = cpu -> {
            if (cpu != 5) {
                throw new CpuPinningException("CPU " + cpu + " is not reservable");
            }
            held.add(cpu);
            return () -> {
                held.remove(cpu);
                released.incrementAndGet();
            };
        };
        try (LogCapture log = new LogCapture(PinningThreadFactory.class.getName())) {
            final PipelineMetrics metrics = run(StreamPipeline.named("pinned").cpus(3, 4, 5).cpuBinder(onlyCpuFive), 3);
            assertEquals(List.of(-1, -1, 5), cpus(metrics));
            assertEquals(1, log.warnings().size(), () -> "one warning per pipeline: " + log.warnings());
            // the first task thread to fail is the one warned about
            final String warning = log.warnings().get(0);
            assertTrue(warning.contains("cannot pin task pinned-keyed-1-0 to CPU 3: CPU 3 is not reservable")
                    || warning.contains("cannot pin task pinned-keyed-1-1 to CPU 4: CPU 4 is not reservable"), warning);
        }
        assertEquals(Set.of(), held, "a task gives its CPU back when it ends");
        assertEquals(1, released.get());
    }

    @Test
    void tasksBeyondTheCpuListRunUnpinned() throws InterruptedException {
        final CpuBinder any = cpu -> () -> { };
        try (LogCapture log = new LogCapture(PinningThreadFactory.class.getName())) {
            assertEquals(List.of(7, -1), cpus(run(StreamPipeline.named("short-list").cpus(7).cpuBinder(any), 2)));
            assertEquals(List.of(), log.warnings());
        }
    }

    @Test
    void openHftPinsWhatThisMachineAllowsAndNeverFailsThePipeline() throws InterruptedException {
        try (LogCapture log = new LogCapture(PinningThreadFactory.class.getName())) {
            final List<Integer> pinned = cpus(run(StreamPipeline.named("openhft").cpus(0, 1), 2));
            // OpenHFT never reserves CPU 0 (it is left to the OS): the first task runs unpinned, with a warning
            assertEquals(-1, pinned.get(0));
            assertEquals(1, log.warnings().size(), () -> String.valueOf(log.warnings()));
            // CPU 1 is reservable wherever there are two CPUs and native access works, unless another process holds it
            // (OpenHFT reserves across processes): then its task runs unpinned too, and either may be the one warned about
            assertTrue(pinned.get(1) == 1 || pinned.get(1) == -1, String.valueOf(pinned));
            final String warning = log.warnings().get(0);
            assertTrue(warning.contains("to CPU 0: CPU 0 is not reservable") || pinned.get(1) == -1 && warning.contains("to CPU 1"), warning);
            System.out.println("OpenHFT pinning on this machine (" + Runtime.getRuntime().availableProcessors() + " CPUs): cpus(0, 1) -> "
                    + pinned + "; warning: " + log.warnings().get(0));
        }
    }

    @Test
    void theCpuListIsValidated() {
        final StreamPipeline pipeline = StreamPipeline.named("bad-cpus");
        assertEquals("each task needs a CPU of its own: [1, 1]",
                org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> pipeline.cpus(1, 1)).getMessage());
        assertEquals("a CPU id is at least 0: [-1]",
                org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> pipeline.cpus(-1)).getMessage());
    }
}
