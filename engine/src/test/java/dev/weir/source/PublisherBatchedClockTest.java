package dev.weir.source;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.api.StreamPipeline;
import dev.weir.clock.VirtualClock;
import dev.weir.runtime.sink.CollectingSink;
import dev.weir.runtime.threaded.RunningPipeline;
import dev.weir.testing.Await;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Publisher#publishBatched} reads the clock (periodic watermarks, docs/semantics.md §1) after
 * every {@link Publisher#POLL_EVERY}th record and on {@link Publisher#flush()}: a due periodic
 * watermark follows a batch at the latest with its {@code POLL_EVERY}th record, and the windows
 * it closes fire with the same contents as when the clock is read after each record.
 */
final class PublisherBatchedClockTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    /** One window per millisecond, one record per window: the windows fired say how far the watermark went. */
    private static List<String> windows(final long from, final long to) {
        final List<String> lines = new ArrayList<>();
        for (long i = from; i < to; i++) {
            lines.add("[" + i + "," + (i + 1) + ") count=1");
        }
        return lines;
    }

    @Test
    void aDuePeriodicWatermarkFollowsTheBatchOnFlushOrAtItsPollEveryThRecord() {
        final VirtualClock clock = new VirtualClock(0);
        final CollectingSink<String> sink = new CollectingSink<>();
        final StreamPipeline pipeline = StreamPipeline.named("batched-clock").clock(clock);
        final Publisher<Long> publisher = pipeline.publisher("numbers");
        pipeline.from(publisher, WatermarkStrategy.<Long>forMonotonousTimestamps())
                .keyBy(value -> 0L)
                .window(TumblingEventTimeWindows.of(1))
                .<String>process((key, ctx, elements, out) -> {
                    int count = 0;
                    for (final Long ignored : elements) {
                        count++;
                    }
                    out.collect(ctx.window() + " count=" + count);
                })
                .sink(sink);
        final RunningPipeline running = pipeline.start();
        try {
            final int n = Publisher.POLL_EVERY;
            // due from 200 ms on; fewer than POLL_EVERY records read no clock, the flush does: watermark n - 3
            clock.advanceTo(200);
            for (long ts = 0; ts < n - 1; ts++) {
                publisher.publishBatched(ts, ts);
            }
            publisher.flush();
            Await.until("windows up to the watermark after the flush", () -> sink.values().size() == n - 2, TIMEOUT);
            assertEquals(windows(0, n - 2), sink.values());

            // due again: the POLL_EVERY-th record since the flush reads the clock, no flush needed
            clock.advanceTo(400);
            for (long ts = n - 1; ts < 2L * n - 1; ts++) {
                publisher.publishBatched(ts, ts);
            }
            Await.until("windows up to the watermark after the POLL_EVERY-th record", () -> sink.values().size() == 2 * n - 2,
                    TIMEOUT);
            assertEquals(windows(0, 2L * n - 2), sink.values());

            publisher.end();
            Await.until("every window at the end of input", () -> sink.values().size() == 2 * n - 1, TIMEOUT);
            assertEquals(windows(0, 2L * n - 1), sink.values());
        } finally {
            running.close();
        }
    }
}
