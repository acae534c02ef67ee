package dev.weir.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.StreamPipeline;
import dev.weir.clock.Clock;
import dev.weir.event.WatermarkStatus;
import dev.weir.runtime.PipelineExecutionException;
import dev.weir.runtime.threaded.RunningPipeline;
import dev.weir.testing.Lines;
import dev.weir.testing.PassThroughProbe;
import dev.weir.testing.Scheduler;
import dev.weir.time.WatermarkAlignment;
import dev.weir.time.WatermarkAlignmentGroups;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Each source end to end through StreamPipeline, asserting exact multisets of results:
 * collections, files and fixed-rate generators on both schedulers (the deterministic one runs
 * them to their end with {@code runToEnd()}, a generator paced on its virtual clock); on the
 * threaded one also a parse error that drains what came before it through rings of 4 slots, a
 * tiny ring with a slow sink, and two pipelines aligned in one group.
 */
class SourcePipelinesTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    record Event(String key, long time) {
    }

    private static List<String> sorted(final List<String> results) {
        final List<String> copy;
        synchronized (results) {
            copy = new ArrayList<>(results);
        }
        Collections.sort(copy);
        return copy;
    }

    private static void run(final StreamPipeline pipeline) throws InterruptedException {
        try (RunningPipeline running = pipeline.start()) {
            assertTrue(running.awaitTermination(TIMEOUT), "the pipeline did not end");
        }
    }

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void aCollectionSourceFeedsKeyedWindowsAtParallelismThree(final Scheduler scheduler) {
        final List<Event> events = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            events.add(new Event("k" + i % 5, i));
        }
        final Lines results = new Lines();
        final StreamPipeline pipeline = StreamPipeline.named("collection");
        pipeline.from("events", CollectionSource.of(events),
                        WatermarkStrategy.<Event>forBoundedOutOfOrderness(10_000).withTimestampAssigner((e, ts) -> e.time()), 3)
                .keyBy(Event::key)
                .parallelism(2)
                .window(TumblingEventTimeWindows.of(1000))
                .<String>process((key, ctx, elements, out) -> {
                    int count = 0;
                    for (final Event ignored : elements) {
                        count++;
                    }
                    out.collect(key + " " + ctx.window() + " " + count);
                })
                .sink(results);

        scheduler.runToEnd(pipeline, results);

        final List<String> expected = new ArrayList<>();
        for (int k = 0; k < 5; k++) {
            for (int w = 0; w < 10; w++) {
                expected.add("k" + k + " [" + w * 1000 + "," + (w + 1) * 1000 + ") 200");
            }
        }
        Collections.sort(expected);
        assertEquals(expected, results.sorted());
    }

    private Path lines(final String name, final int from, final int to) throws IOException {
        final StringBuilder text = new StringBuilder("key,time\n");
        for (int i = from; i < to; i++) {
            text.append("k").append(i % 7).append(',').append(i).append('\n');
        }
        return Files.writeString(dir.resolve(name), text);
    }

    private static Event parse(final CharSequence line) {
        final String text = line.toString();
        if (text.equals("key,time")) {
            return null;
        }
        final int comma = text.indexOf(',');
        if (comma < 0) {
            throw new IllegalArgumentException("expected key,time but found '" + text + "'");
        }
        return new Event(text.substring(0, comma), Long.parseLong(text.substring(comma + 1)));
    }

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void aFileSourceReadsEveryLineOfEveryFile(final Scheduler scheduler) throws Exception {
        final List<Path> files = List.of(lines("a.csv", 0, 3000), lines("b.csv", 3000, 4000), lines("c.csv", 4000, 9000));
        final Lines results = new Lines();
        final StreamPipeline pipeline = StreamPipeline.named("files");
        pipeline.from("lines", FileSource.of(files, SourcePipelinesTest::parse),
                        WatermarkStrategy.<Event>forBoundedOutOfOrderness(100).withTimestampAssigner((e, ts) -> e.time()), 2)
                .keyBy(Event::key)
                .parallelism(2)
                .<String>process((event, ctx, out) -> out.collect(event.key() + "@" + event.time()))
                .sink(results);

        scheduler.runToEnd(pipeline, results);

        final List<String> expected = new ArrayList<>();
        for (int i = 0; i < 9000; i++) {
            expected.add("k" + i % 7 + "@" + i);
        }
        Collections.sort(expected);
        assertEquals(expected, results.sorted());
    }

    /** On the deterministic scheduler with the default rings: they must hold what one duty cycle emits (a batch of 16 here). */
    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void aBadLineFailsThePipelineNamingFileAndLineAfterEveryEarlierRecordWentThrough(final Scheduler scheduler) throws Exception {
        final Path file = lines("bad.csv", 0, 1000);
        Files.writeString(file, "k1;1000\nk2,1001\n", java.nio.file.StandardOpenOption.APPEND);
        final List<String> results = Collections.synchronizedList(new ArrayList<>());
        final Lines windows = new Lines();
        final StreamPipeline pipeline = StreamPipeline.named("bad-file").channelCapacity(scheduler == Scheduler.THREADED ? 4 : 1024);
        pipeline.from("lines", FileSource.of(file, SourcePipelinesTest::parse).withBatchSize(16),
                        WatermarkStrategy.<Event>forMonotonousTimestamps().withTimestampAssigner((e, ts) -> e.time()), 1)
                .keyBy(Event::key)
                .<String>process((event, ctx, out) -> {
                    results.add(event.key() + "@" + event.time());
                    out.collect(event.key());
                })
                .keyBy(key -> key)
                .window(TumblingEventTimeWindows.of(1_000_000))
                .<String>process((key, ctx, elements, out) -> out.collect(key))
                .sink(windows);

        final PipelineExecutionException failure = assertThrows(PipelineExecutionException.class, () -> scheduler.runToEnd(pipeline, windows));

        assertTrue(failure.getCause() instanceof SourceParseException, String.valueOf(failure.getCause()));
        // line 1 is the header: the bad line is line 1002
        assertEquals(file + ":1002: expected key,time but found 'k1;1000'", failure.getCause().getMessage());
        final List<String> expected = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            expected.add("k" + i % 7 + "@" + i);
        }
        Collections.sort(expected);
        assertEquals(expected, sorted(results)); // every record before the bad line, across two ring hops
        assertEquals(List.of(), windows.lines()); // no MAX: no window fires as if the input were complete
    }

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void aGeneratorSourceEmitsItsWholeCountAcrossInstances(final Scheduler scheduler) {
        final Lines results = new Lines();
        final Clock time = scheduler.processingTime();
        final StreamPipeline pipeline = StreamPipeline.named("generator");
        pipeline.from("generated", GeneratorSource.bounded(3000, 300_000, (sequence, intendedNanos) -> sequence)
                                .withNanoClock(Scheduler.nanos(time)),
                        WatermarkStrategy.<Long>forMonotonousTimestamps().withTimestampAssigner((sequence, ts) -> sequence), 2)
                .keyBy(sequence -> sequence % 4)
                .parallelism(2)
                .<String>process((sequence, ctx, out) -> out.collect(ctx.currentKey() + ":" + sequence))
                .sink(results);

        scheduler.runToEnd(pipeline, time, results);

        final List<String> expected = new ArrayList<>();
        for (long i = 0; i < 3000; i++) {
            expected.add(i % 4 + ":" + i);
        }
        Collections.sort(expected);
        assertEquals(expected, results.sorted());
    }

    @Test
    void aTinyRingWithASlowSinkLosesNothingAndDeclaresNoIdleness() throws InterruptedException {
        final List<Integer> numbers = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            numbers.add(i);
        }
        final List<String> results = Collections.synchronizedList(new ArrayList<>());
        final List<WatermarkStatus> statuses = Collections.synchronizedList(new ArrayList<>());
        final StreamPipeline pipeline = StreamPipeline.named("slow-sink").channelCapacity(4);
        pipeline.from("numbers", CollectionSource.of(numbers),
                        WatermarkStrategy.<Integer>forMonotonousTimestamps().withTimestampAssigner((n, ts) -> n).withPeriodicInterval(1)
                                .withIdleness(2), 1)
                .transform("probe", () -> PassThroughProbe.recordingStatuses(statuses))
                .keyBy(n -> n % 3)
                .parallelism(2)
                .<String>process((n, ctx, out) -> out.collect(Integer.toString(n)))
                .sink((line, ts) -> {
                    final long until = System.nanoTime() + 20_000; // about 20 µs a record: the source waits on the ring
                    while (System.nanoTime() < until) {
                        Thread.onSpinWait();
                    }
                    results.add(line);
                });

        run(pipeline);

        final List<String> expected = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            expected.add(Integer.toString(i));
        }
        Collections.sort(expected);
        assertEquals(expected, sorted(results));
        assertEquals(List.of(), new ArrayList<>(statuses));
    }

    @Test
    void twoPipelinesInOneAlignmentGroupBothComplete() throws InterruptedException {
        final WatermarkAlignmentGroups groups = new WatermarkAlignmentGroups();
        final WatermarkAlignment alignment = WatermarkAlignment.of("feeds", 50).withUpdateInterval(2);
        final List<Event> history = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            history.add(new Event("replay", 10L * i));
        }
        final List<String> replayed = Collections.synchronizedList(new ArrayList<>());
        final StreamPipeline replay = StreamPipeline.named("replay").alignmentGroups(groups);
        replay.from("history", CollectionSource.of(history).withBatchSize(16),
                        WatermarkStrategy.<Event>forMonotonousTimestamps().withTimestampAssigner((e, ts) -> e.time()).withPeriodicInterval(1)
                                .withWatermarkAlignment(alignment), 1)
                .sink((event, ts) -> replayed.add(Long.toString(event.time())));
        final List<String> generated = Collections.synchronizedList(new ArrayList<>());
        final StreamPipeline live = StreamPipeline.named("live").alignmentGroups(groups);
        live.from("ticks", GeneratorSource.bounded(3000, 100_000, (sequence, intendedNanos) -> new Event("live", 10L * sequence)),
                        WatermarkStrategy.<Event>forMonotonousTimestamps().withTimestampAssigner((e, ts) -> e.time()).withPeriodicInterval(1)
                                .withWatermarkAlignment(alignment), 1)
                .sink((event, ts) -> generated.add(Long.toString(event.time())));

        try (RunningPipeline first = replay.start(); RunningPipeline second = live.start()) {
            assertTrue(first.awaitTermination(TIMEOUT), "the replay did not end");
            assertTrue(second.awaitTermination(TIMEOUT), "the live feed did not end");
        }

        final List<String> expected = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            expected.add(Long.toString(10L * i));
        }
        Collections.sort(expected);
        assertEquals(expected, sorted(replayed));
        assertEquals(expected, sorted(generated));
        assertEquals(0, groups.group("feeds").members()); // both instances left when they ended
    }

    @Test
    void aPublisherCannotBeAligned() {
        final StreamPipeline pipeline = StreamPipeline.named("published");
        assertThrows(IllegalArgumentException.class, () -> pipeline.from(pipeline.<String>publisher("p"),
                WatermarkStrategy.<String>forMonotonousTimestamps().withWatermarkAlignment("g", 10)));
    }
}
