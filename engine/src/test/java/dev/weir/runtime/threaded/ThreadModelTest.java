package dev.weir.runtime.threaded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.StreamPipeline;
import dev.weir.metrics.TaskMetrics;
import dev.weir.runtime.IdleStrategyKind;
import dev.weir.source.Publisher;
import dev.weir.time.WatermarkStrategy;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The thread model README.md and docs/runtime.md ("Threads on a 2-core machine") describe, over
 * idle strategies and processor counts: every keyed task runs on a thread of its own, except
 * that busy-spinning tasks beyond the {@code n - 1} free cores share the busy threads and keep
 * BUSY_SPIN; with no free core they run BACKOFF, each on its own thread; publisher-fed source
 * instances have no thread at all.
 */
final class ThreadModelTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    @ParameterizedTest(name = "{0} on {1} processor(s)")
    @CsvSource(delimiter = ';', value = {
        "BACKOFF; 2; weir-model-keyed-1-0 weir-model-keyed-1-1 weir-model-keyed-1-2; BACKOFF",
        "BLOCKING; 1; weir-model-keyed-1-0 weir-model-keyed-1-1 weir-model-keyed-1-2; BLOCKING",
        "BUSY_SPIN; 4; weir-model-keyed-1-0 weir-model-keyed-1-1 weir-model-keyed-1-2; BUSY_SPIN",
        "BUSY_SPIN; 3; weir-model-keyed-1-0+model-keyed-1-2 weir-model-keyed-1-1; BUSY_SPIN",
        "BUSY_SPIN; 2; weir-model-keyed-1-0+model-keyed-1-1+model-keyed-1-2; BUSY_SPIN",
        "BUSY_SPIN; 1; weir-model-keyed-1-0 weir-model-keyed-1-1 weir-model-keyed-1-2; BACKOFF",
    })
    void keyedTasksGetThreadsAndPublishersNone(final IdleStrategyKind requested, final int processors, final String threadNames,
            final String granted) throws InterruptedException {
        final StreamPipeline pipeline = StreamPipeline.named("model").idleStrategy(requested).availableProcessors(processors);
        final List<Publisher<Long>> numbers = pipeline.publishers("numbers", 2);
        pipeline.from(numbers, WatermarkStrategy.<Long>noWatermarks())
                .keyBy(value -> value)
                .parallelism(3)
                .<Long>process((value, ctx, out) -> out.collect(value))
                .sink((value, ts) -> { });
        try (RunningPipeline running = pipeline.start()) {
            assertEquals(Arrays.asList(threadNames.split(" ")), running.threads().stream().map(Thread::getName).toList());
            final List<TaskMetrics> sources = running.metrics().stage("numbers-0");
            assertEquals(2, sources.size());
            assertTrue(sources.stream().allMatch(source -> source.thread() == null && source.idleStrategy() == null),
                    "a publisher-fed source instance has no thread: " + sources);
            assertEquals(List.of(granted, granted, granted),
                    running.metrics().stage("keyed-1").stream().map(TaskMetrics::idleStrategy).toList());
            for (final Publisher<Long> publisher : numbers) {
                publisher.end();
            }
            assertTrue(running.awaitTermination(TIMEOUT));
        }
    }
}
