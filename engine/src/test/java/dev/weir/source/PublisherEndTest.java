package dev.weir.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.StreamPipeline;
import dev.weir.clock.VirtualClock;
import dev.weir.operator.ForwardOperator;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.runtime.threaded.RunningPipeline;
import dev.weir.state.HeapStateBackend;
import dev.weir.time.WatermarkStrategy;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;

/**
 * A record published after its publisher's {@code end()} is refused with a clear message, on both
 * schedulers and by both publish methods, instead of vanishing behind the end of input; the
 * pipeline is not failed by the misuse and keeps what it accepted before.
 */
final class PublisherEndTest {
    private static final String REFUSAL = "publisher 'numbers' has ended: no record may follow its end()";
    private final List<String> printed = new CopyOnWriteArrayList<>();
    private List<Publisher<Long>> publishers;

    private StreamPipeline pipeline() {
        final StreamPipeline pipeline = StreamPipeline.named("ended").stateBackend(HeapStateBackend.INSTANCE);
        publishers = pipeline.publishers("numbers", 2);
        pipeline.from(publishers, WatermarkStrategy.<Long>forMonotonousTimestamps().withTimestampAssigner((value, ts) -> value))
                .keyBy(value -> value % 2)
                .transform("forward", ForwardOperator::new)
                .sink((value, ts) -> printed.add("R " + value));
        return pipeline;
    }

    private static final List<BiConsumer<Publisher<Long>, Long>> PUBLISH_METHODS = List.of(Publisher::publish,
            (publisher, value) -> publisher.publishBatched(value, Long.MIN_VALUE));

    /** 1 before publisher 0 ends, 2 after (refused), 3 on publisher 1, then the end of publisher 1. */
    private void publishAroundAnEnd(final BiConsumer<Publisher<Long>, Long> publish) {
        publishers.get(0).publish(1L);
        publishers.get(0).end();
        final IllegalStateException refused = assertThrows(IllegalStateException.class, () -> publish.accept(publishers.get(0), 2L));
        assertEquals(REFUSAL, refused.getMessage());
        publishers.get(1).publish(3L);
        publishers.get(1).end();
    }

    @Test
    void aRecordAfterEndIsRefusedOnTheDeterministicScheduler() {
        for (final BiConsumer<Publisher<Long>, Long> publish : PUBLISH_METHODS) {
            printed.clear();
            try (DeterministicPipeline running = pipeline().startDeterministic(new VirtualClock(0))) {
                publishAroundAnEnd(publish);
                running.runToEnd();
                assertEquals(List.of("R 1", "R 3"), printed);
            }
        }
    }

    @Test
    void aRecordAfterEndIsRefusedOnTheThreadedScheduler() throws InterruptedException {
        for (final BiConsumer<Publisher<Long>, Long> publish : PUBLISH_METHODS) {
            printed.clear();
            try (RunningPipeline running = pipeline().start()) {
                publishAroundAnEnd(publish);
                assertTrue(running.awaitTermination(Duration.ofSeconds(30)), "the pipeline did not end");
                assertEquals(List.of("R 1", "R 3"), printed.stream().sorted().toList());
            }
        }
    }

    /**
     * Publisher 0 ends, then announces idle and active again 2,000 times (more than a ring holds)
     * and an explicit watermark: past its end of input these change nothing and write nothing.
     */
    private void announceAfterAnEnd() {
        publishers.get(0).publish(1L);
        publishers.get(0).end();
        for (int i = 0; i < 2_000; i++) {
            publishers.get(0).markIdle();
            publishers.get(0).markActive();
        }
        publishers.get(0).emitWatermark(5L);
        publishers.get(0).tick();
        publishers.get(1).publish(3L);
        publishers.get(1).end();
    }

    @Test
    void announcementsAfterEndChangeNothingOnTheDeterministicScheduler() {
        try (DeterministicPipeline running = pipeline().startDeterministic(new VirtualClock(0))) {
            announceAfterAnEnd();
            running.runToEnd();
        }
        assertEquals(List.of("R 1", "R 3"), printed);
    }

    @Test
    void announcementsAfterEndChangeNothingOnTheThreadedScheduler() {
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            try (RunningPipeline running = pipeline().start()) {
                announceAfterAnEnd();
                assertTrue(running.awaitTermination(Duration.ofSeconds(30)), "the pipeline did not end");
            }
        });
        assertEquals(List.of("R 1", "R 3"), printed.stream().sorted().toList());
    }
}
