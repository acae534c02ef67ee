package dev.weir.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.MapStateExampleTest.LastSecond;
import dev.weir.api.MapStateExampleTest.Trade;
import dev.weir.checkpoint.CheckpointDirectory;
import dev.weir.clock.VirtualClock;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.runtime.sink.Sink;
import dev.weir.source.Publisher;
import dev.weir.source.PublisherPosition;
import dev.weir.state.HeapStateBackend;
import dev.weir.time.WatermarkStrategy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A keyed process function's map state and its timers come back from a checkpoint into another
 * parallelism: docs/state.md's {@link LastSecond} stops mid-input at parallelism 1 and resumes
 * at 3, then at 1 again; each resumed run prints exactly what an uninterrupted run printed after
 * the checkpoint it resumed from (the counts of each trade's last second are read from the
 * restored buffers, the dropped timestamps from the restored timers and buffers).
 */
final class MapStateRecoveryTest {
    @TempDir
    Path dir;

    /** What each sink instance printed, with {@code # checkpoint N} where its barrier N passed. */
    static final class PrintingSink implements Sink<String> {
        private final List<List<String>> instances = new ArrayList<>();

        @Override
        public void accept(final String line, final long timestamp) {
            throw new AssertionError("each instance prints into its own list");
        }

        @Override
        public synchronized Sink<String> instance(final int instance, final int parallelism) {
            final List<String> printed = Collections.synchronizedList(new ArrayList<>());
            instances.add(printed);
            return new Sink<>() {
                @Override
                public void accept(final String line, final long timestamp) {
                    printed.add(line);
                }

                @Override
                public void checkpoint(final long checkpointId) {
                    printed.add("# checkpoint " + checkpointId);
                }
            };
        }

        /** @return every line, without marks */
        synchronized List<String> all() {
            return coveredBy(Long.MAX_VALUE);
        }

        /** @return the lines each instance printed before its barrier {@code id} (all of them for MAX_VALUE), without marks */
        synchronized List<String> coveredBy(final long id) {
            final List<String> lines = new ArrayList<>();
            for (final List<String> printed : instances) {
                final int mark = id == Long.MAX_VALUE ? printed.size() : printed.indexOf("# checkpoint " + id);
                assertTrue(mark >= 0, "barrier " + id + " passed every instance: " + printed);
                for (final String line : printed.subList(0, mark)) {
                    if (!line.startsWith("# ")) {
                        lines.add(line);
                    }
                }
            }
            return lines;
        }
    }

    /** Three symbols, a trade every 100 ms for 4 s. */
    private static List<Trade> input() {
        final List<Trade> trades = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            trades.add(new Trade(List.of("AAPL", "MSFT", "NVDA").get(i % 3), i * 100L, 100 + i));
        }
        return trades;
    }

    /** Runs from the latest checkpoint in {@code checkpoints}, if any, to {@code stopAt} trades (all: to the end). */
    private static PrintingSink run(final Path checkpoints, final int parallelism, final int stopAt) {
        final PrintingSink sink = new PrintingSink();
        final List<Trade> input = input();
        final VirtualClock clock = new VirtualClock(0);
        final StreamPipeline pipeline = StreamPipeline.named("last-second").stateBackend(HeapStateBackend.INSTANCE)
                .resumeOrStart(checkpoints, Duration.ofMillis(500));
        final Publisher<Trade> trades = pipeline.publisher("trades");
        pipeline.from(trades, WatermarkStrategy.<Trade>forMonotonousTimestamps().withTimestampAssigner((t, ts) -> t.time()))
                .keyBy(Trade::symbol)
                .parallelism(parallelism)
                .process(new LastSecond())
                .sink(sink);
        try (DeterministicPipeline running = pipeline.startDeterministic(clock)) {
            final PublisherPosition from = pipeline.restoredPosition(trades);
            for (int i = (int) from.records(); i < Math.min(stopAt, input.size()); i++) {
                trades.publish(input.get(i));
                running.advanceTo(input.get(i).time());
            }
            if (stopAt >= input.size()) {
                trades.end();
                running.runToEnd();
            }
        }
        return sink;
    }

    private static List<String> sorted(final List<String> lines) {
        final List<String> copy = new ArrayList<>(lines);
        Collections.sort(copy);
        return copy;
    }

    @Test
    void bufferedTradesAndTheirTimersResumeAtThreeInstancesAndAgainAtOne() {
        final List<String> uninterrupted = run(dir.resolve("reference"), 1, Integer.MAX_VALUE).all();
        assertTrue(uninterrupted.contains("NVDA 3800: 4 trades, total 534"), uninterrupted.toString());
        final Path checkpoints = dir.resolve("checkpoints");
        final CheckpointDirectory directory = new CheckpointDirectory(checkpoints);

        final PrintingSink first = run(checkpoints, 1, 17);
        final long firstId = directory.latestCompleteId();
        final PrintingSink atThree = run(checkpoints, 3, 29);
        final long secondId = directory.latestCompleteId();
        assertTrue(secondId > firstId, "the run at parallelism 3 completed checkpoints of its own");
        assertEquals(3, atThree.instances.size());
        final PrintingSink atOne = run(checkpoints, 1, Integer.MAX_VALUE);

        // each line once: what each checkpoint covers of the run that took it, then the last run
        final List<String> resumed = new ArrayList<>(first.coveredBy(firstId));
        resumed.addAll(atThree.coveredBy(secondId));
        resumed.addAll(atOne.all());
        assertEquals(sorted(uninterrupted), sorted(resumed));
        // after the first second every trade's last second holds 4 trades: fewer would be a buffer lost in a restore
        for (final PrintingSink resumedRun : List.of(atThree, atOne)) {
            assertTrue(resumedRun.all().stream().anyMatch(line -> line.contains(" trades, ")), resumedRun.all().toString());
            for (final String line : resumedRun.all()) {
                assertTrue(!line.contains(" trades, ") || line.contains(": 4 trades, "), line);
            }
        }
    }
}
