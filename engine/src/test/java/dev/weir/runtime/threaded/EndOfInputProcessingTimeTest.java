package dev.weir.runtime.threaded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.StreamPipeline;
import dev.weir.clock.SystemClock;
import dev.weir.operator.Collector;
import dev.weir.operator.KeyedProcessFunction;
import dev.weir.runtime.sink.CollectingSink;
import dev.weir.source.Publisher;
import dev.weir.time.WatermarkStrategy;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * On the threaded runtime with the system clock, the end of a bounded input moves processing
 * time to {@link Long#MAX_VALUE} as the deterministic scheduler does when every publisher has
 * ended ({@code DeterministicTickTest}) and a scenario does at its {@code E} rows
 * (docs/scenarios.md, "How a scenario is driven"): after MAX has fired the event-time timers, every pending processing-time timer fires,
 * in each task, seeing processing time MAX, before the sink finishes.
 */
final class EndOfInputProcessingTimeTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    /** A processing time the system clock will not reach while the test runs (in 2096). */
    private static final long FAR_AHEAD = 4_000_000_000_000L;

    /** Registers a processing-time timer far ahead and an event-time timer at the record's time, per record. */
    private static KeyedProcessFunction<String, String, String> timersFarAhead() {
        return new KeyedProcessFunction<>() {
            @Override
            public void processElement(final String value, final Context<String> ctx, final Collector<String> out) {
                ctx.registerProcessingTimeTimer(FAR_AHEAD);
                ctx.registerEventTimeTimer(ctx.timestamp());
            }

            @Override
            public void onTimer(final long timestamp, final Context<String> ctx, final Collector<String> out) {
                final boolean processingTime = timestamp == FAR_AHEAD;
                out.collect((processingTime ? "processing-time timer " : "event-time timer ") + ctx.currentKey()
                        + (processingTime ? " now=" + (ctx.currentProcessingTime() == Long.MAX_VALUE ? "MAX" : "clock")
                                : " at " + timestamp + " watermark=" + (ctx.currentWatermark() == Long.MAX_VALUE ? "MAX" : ctx.currentWatermark())));
            }
        };
    }

    @Test
    void pendingProcessingTimeTimersFireAtTheEndOfInputAfterMax() throws InterruptedException {
        final CollectingSink<String> sink = new CollectingSink<>();
        final StreamPipeline pipeline = StreamPipeline.named("end-of-input").clock(SystemClock.INSTANCE);
        final Publisher<String> words = pipeline.publisher("words");
        pipeline.from(words, WatermarkStrategy.<String>noWatermarks().withTimestampAssigner((value, ts) -> value.length()))
                .keyBy(value -> value.substring(0, 1))
                .process(timersFarAhead())
                .sink(sink);
        try (RunningPipeline running = pipeline.start()) {
            words.publish("ab");
            words.publish("abc");
            words.publish("b");
            words.end();
            assertTrue(running.awaitTermination(TIMEOUT), "the pipeline did not drain");
        }
        assertTrue(sink.awaitFinished(0, TimeUnit.SECONDS), "the sink finished");
        final List<String> seen = sink.values();
        assertEquals(5, seen.size(), () -> "seen: " + seen);
        assertEquals(List.of(
                "event-time timer b at 1 watermark=MAX",
                "event-time timer a at 2 watermark=MAX",
                "event-time timer a at 3 watermark=MAX"), seen.subList(0, 3), "MAX fires the event-time timers first");
        assertEquals(List.of("processing-time timer a now=MAX", "processing-time timer b now=MAX"),
                seen.subList(3, 5).stream().sorted().toList(), "then both keys' timers fire once, at processing time MAX");
    }
}
