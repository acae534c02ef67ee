package dev.weir.runtime.deterministic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.weir.api.StreamPipeline;
import dev.weir.clock.VirtualClock;
import dev.weir.source.Publisher;
import dev.weir.state.HeapStateBackend;
import dev.weir.time.BoundedOutOfOrdernessWatermarks;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link DeterministicPipeline#runToEnd()} on a pipeline that cannot end (docs/runtime.md, "The
 * deterministic scheduler", Failures): it throws an {@link IllegalStateException} naming the
 * publisher that never ended, whatever the watermark strategy, instead of stepping the clock on
 * forever.
 * The timeout only guards against a hang; nothing is timed.
 */
final class DeterministicRunToEndTest {
    private static WatermarkStrategy<Long> strategy(final String kind) {
        switch (kind) {
            case "bounded":
                return WatermarkStrategy.<Long>forBoundedOutOfOrderness(100).withTimestampAssigner((v, ts) -> v);
            case "bounded-idleness":
                return WatermarkStrategy.<Long>forBoundedOutOfOrderness(100).withTimestampAssigner((v, ts) -> v).withIdleness(1_000);
            case "custom":
                // a custom generator may depend on processing time: every periodic emission stays due
                return WatermarkStrategy.<Long>forGenerator(() -> new BoundedOutOfOrdernessWatermarks<>(100))
                        .withTimestampAssigner((v, ts) -> v);
            default:
                throw new IllegalArgumentException(kind);
        }
    }

    private static StreamPipeline windows(final StreamPipeline pipeline, final Publisher<Long> values, final String kind,
            final List<String> printed) {
        pipeline.from(values, strategy(kind)).keyBy(v -> "k").window(TumblingEventTimeWindows.of(1_000))
                .<String>process((key, ctx, in, out) -> out.collect(key + " " + ctx.window()))
                .sink((line, ts) -> printed.add(line));
        return pipeline;
    }

    @ParameterizedTest
    @ValueSource(strings = {"bounded", "bounded-idleness", "custom"})
    void aPublisherThatNeverEndedIsNamedWhateverItsWatermarkStrategy(final String kind) {
        final List<String> printed = new ArrayList<>();
        final StreamPipeline pipeline = StreamPipeline.named("never").stateBackend(HeapStateBackend.INSTANCE);
        final Publisher<Long> values = pipeline.publisher("values");
        try (DeterministicPipeline running = windows(pipeline, values, kind, printed).startDeterministic(new VirtualClock(0))) {
            values.publish(100L);
            final IllegalStateException error = assertTimeoutPreemptively(Duration.ofSeconds(60),
                    () -> assertThrows(IllegalStateException.class, running::runToEnd));
            assertEquals("pipeline 'never' cannot end: publisher-fed source never-values-0-0 has not ended (call end() on its publisher"
                    + " first)", error.getMessage());
            values.end();
            running.runToEnd();
        }
        assertEquals(List.of("k [0,1000)"), printed);
    }
}
