package dev.weir.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.checkpoint.CheckpointDirectory;
import dev.weir.clock.VirtualClock;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.source.Publisher;
import dev.weir.source.PublisherPosition;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The example of docs/checkpoints.md, "Applications with publishers", compiled and run: an
 * application that stops in the middle of its input (as if it crashed) and is started again
 * resumes at its publisher's restored position; each window comes out once, with every trade
 * counted once. Asserts the lines the page prints.
 */
final class PublisherResumeExampleTest {
    record Trade(String symbol, long time, long price) {
    }

    @TempDir
    Path dir;

    /** The page's application: runs over {@code input} from where the last run's checkpoint left off, stopping after {@code stopAt} trades. */
    static List<String> run(final Path checkpoints, final List<Trade> input, final int stopAt) {
        final List<String> printed = new ArrayList<>();
        final VirtualClock clock = new VirtualClock(0);
        final StreamPipeline pipeline = StreamPipeline.named("vwap").resumeOrStart(checkpoints, Duration.ofMillis(500));
        final Publisher<Trade> trades = pipeline.publisher("trades");
        pipeline.from(trades, WatermarkStrategy.<Trade>forMonotonousTimestamps().withTimestampAssigner((t, ts) -> t.time()))
                .keyBy(Trade::symbol)
                .window(TumblingEventTimeWindows.of(1_000))
                .<String>process((symbol, ctx, in, out) -> {
                    long n = 0;
                    long sum = 0;
                    for (final Trade t : in) {
                        n++;
                        sum += t.price();
                    }
                    out.collect(symbol + " " + ctx.window() + " trades=" + n + " avg=" + sum / n);
                })
                .sink((line, ts) -> printed.add(line));
        try (DeterministicPipeline running = pipeline.startDeterministic(clock)) {
            final PublisherPosition from = pipeline.restoredPosition(trades);
            printed.add("resumed at " + from);
            // record i (from 0) is the application's offset 5000 + i, as a Kafka offset would be
            for (int i = (int) from.records(); i < Math.min(stopAt, input.size()); i++) {
                trades.publishWithOffset(input.get(i), 5_000 + i);
                running.advanceTo(input.get(i).time()); // processing time follows the trades
            }
            if (stopAt >= input.size()) {
                trades.end();
                running.runToEnd();
            }
        }
        return printed;
    }

    /** Two symbols, a trade every 100 ms for 3 s. */
    private static List<Trade> input() {
        final List<Trade> trades = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            trades.add(new Trade(i % 2 == 0 ? "AAPL" : "MSFT", i * 100L, 100 + i));
        }
        return trades;
    }

    @Test
    void aStoppedRunResumesAtItsPublishersPosition() {
        final Path checkpoints = dir.resolve("vwap");
        assertEquals(List.of(
                "resumed at 0 records, no offset",
                "AAPL [0,1000) trades=5 avg=104",
                "MSFT [0,1000) trades=5 avg=105"), run(checkpoints, input(), 17));
        assertEquals(3, new CheckpointDirectory(checkpoints).latestCompleteId(), "checkpoints at 500, 1000 and 1500 ms");
        assertEquals(List.of(
                "resumed at 16 records, offset 5015",
                "AAPL [1000,2000) trades=5 avg=114",
                "MSFT [1000,2000) trades=5 avg=115",
                "AAPL [2000,3000) trades=5 avg=124",
                "MSFT [2000,3000) trades=5 avg=125"), run(checkpoints, input(), Integer.MAX_VALUE));
    }
}
