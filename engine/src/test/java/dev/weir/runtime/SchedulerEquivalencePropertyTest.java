package dev.weir.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.weir.api.DataStream;
import dev.weir.api.KeyedStream;
import dev.weir.api.StagePlacement;
import dev.weir.api.StreamPipeline;
import dev.weir.api.WindowedStream;
import dev.weir.operator.OutputTag;
import dev.weir.source.CollectionSource;
import dev.weir.state.HeapStateBackend;
import dev.weir.testing.Lines;
import dev.weir.testing.Scheduler;
import dev.weir.time.Punctuation;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.CountTrigger;
import dev.weir.window.EventTimeSessionWindows;
import dev.weir.window.GlobalWindows;
import dev.weir.window.SlidingEventTimeWindows;
import dev.weir.window.TumblingEventTimeWindows;
import dev.weir.window.Window;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Generated pipelines run on both schedulers from one bounded input: a collection read by one
 * source instance whose records carry their watermarks (out-of-order timestamps, some late),
 * then 1 to 3 keyed window stages (tumbling, sliding, session, or global with a count trigger;
 * parallelism 1 to 3; allowed lateness; late side outputs; another key per stage) with map,
 * filter or flatMap between them. The deterministic scheduler prints the same lines twice; the
 * threaded one prints the same multiset. The keyed stages that can run inline (docs/runtime.md,
 * "Stage placement") give the same results there as behind rings. A failure names the seed and
 * the pipeline.
 *
 * <p>The generator keeps to pipelines whose results are the same for every interleaving of
 * parallel instances, which is all the threaded scheduler promises (as Flink does): a count
 * trigger (last stage) or session windows only where the records and watermarks reaching a stage
 * come in one order, i.e. every earlier stage has one instance (sessions that merely touch merge,
 * so whether a session fires before its neighbour's record arrives from another upstream
 * instance depends on which arrives first); allowed lateness only on the last stage (a late
 * firing's result may or may not be late downstream, depending on which upstream watermark
 * arrived first). Window functions are sums, so the order of a window's elements does not matter.
 */
@Tag("property")
final class SchedulerEquivalencePropertyTest {
    private static final int CASES = 250;

    /** An input record and the watermark it carries ({@link Punctuation#NO_WATERMARK} if none). */
    record Input(long key, long time, long value, long watermark) {
    }

    /** What flows between stages. */
    record Item(long key, long value) {
        @Override
        public String toString() {
            return key + ":" + value;
        }
    }

    /** A window's result: printed by the last stage, keyed again by the next. */
    record Result(int stage, long key, String window, int count, long sum) {
        Item next(final int keys) {
            return new Item(Math.floorMod(key * 31 + sum, keys), sum);
        }

        @Override
        public String toString() {
            return "s" + stage + " " + key + " " + window + " n=" + count + " sum=" + sum;
        }
    }

    enum Kind { TUMBLING, SLIDING, SESSION, COUNT }

    enum Step { NONE, MAP, FILTER, FLATMAP }

    /** One keyed window stage and the stateless step before its keyBy. */
    record StageSpec(Step before, int parallelism, int keys, Kind kind, long size, long slide, long lateness, boolean lateSide) {
        @Override
        public String toString() {
            final String window = switch (kind) {
                case TUMBLING -> "tumbling(" + size + ")";
                case SLIDING -> "sliding(" + size + "," + slide + ")";
                case SESSION -> "session(gap " + size + ")";
                case COUNT -> "global+count(" + size + ")";
            };
            return (before == Step.NONE ? "" : before.name().toLowerCase() + " -> ") + "keyBy(" + keys + " keys) x" + parallelism + " "
                    + window + (lateness > 0 ? " lateness " + lateness : "") + (lateSide ? " +late side output" : "");
        }
    }

    /** A generated case: the input and the stages. */
    record Case(long seed, List<Input> input, int batchSize, long outOfOrderness, List<StageSpec> stages) {
        @Override
        public String toString() {
            return "seed " + seed + ": " + input.size() + " records (out-of-orderness " + outOfOrderness + ", batch " + batchSize + ") -> "
                    + stages + "; input " + input;
        }

        StreamPipeline build(final Lines lines) {
            return build(lines, StagePlacement.HOP);
        }

        /**
         * @param placement of every keyed stage that can take it (parallelism 1, fed by one
         *     instance); the others hop
         */
        StreamPipeline build(final Lines lines, final StagePlacement placement) {
            final StreamPipeline pipeline = StreamPipeline.named("generated").stateBackend(HeapStateBackend.INSTANCE);
            DataStream<Item> items = pipeline.from("input", CollectionSource.of(input).withBatchSize(batchSize),
                            WatermarkStrategy.<Input>forPunctuation((in, ts) -> in.watermark()).withTimestampAssigner((in, ts) -> in.time()), 1)
                    .map(in -> new Item(in.key(), in.value()));
            DataStream<Result> results = null;
            int feeding = 1; // the source's instances
            for (int s = 0; s < stages.size(); s++) {
                final StageSpec spec = stages.get(s);
                if (results != null) {
                    final int keys = spec.keys();
                    items = results.map(result -> result.next(keys));
                }
                final int stage = s + 1;
                final KeyedStream<Item, Long> keyed = step(items, spec.before()).keyBy(Item::key).parallelism(spec.parallelism());
                if (feeding == 1 && spec.parallelism() == 1) {
                    keyed.placement(placement);
                }
                feeding = spec.parallelism();
                results = switch (spec.kind()) {
                    case TUMBLING -> windowed(stage, spec, keyed.window(TumblingEventTimeWindows.of(spec.size())), lines);
                    case SLIDING -> windowed(stage, spec, keyed.window(SlidingEventTimeWindows.of(spec.size(), spec.slide())), lines);
                    case SESSION -> windowed(stage, spec, keyed.window(EventTimeSessionWindows.withGap(spec.size())), lines);
                    case COUNT -> windowed(stage, spec, keyed.window(GlobalWindows.<Item>create()).trigger(CountTrigger.of(spec.size())), lines);
                };
            }
            results.sink(lines);
            return pipeline;
        }
    }

    private static DataStream<Item> step(final DataStream<Item> items, final Step step) {
        return switch (step) {
            case NONE -> items;
            case MAP -> items.map(item -> new Item(item.key(), item.value() * 3 + 1));
            case FILTER -> items.filter(item -> item.value() % 4 != 1);
            case FLATMAP -> items.<Item>flatMap((item, out) -> {
                out.collect(item);
                if (item.value() % 2 != 0) {
                    out.collect(new Item(item.key() + 1, item.value() / 2));
                }
            });
        };
    }

    private static <W extends Window> DataStream<Result> windowed(final int stage, final StageSpec spec, final WindowedStream<Item, Long, W> windows,
            final Lines lines) {
        WindowedStream<Item, Long, W> configured = windows.allowedLateness(spec.lateness());
        final OutputTag<Item> late = new OutputTag<>("late-" + stage);
        if (spec.lateSide()) {
            configured = configured.sideOutputLateData(late);
        }
        final DataStream<Result> results = configured.process((key, ctx, elements, out) -> {
            int count = 0;
            long sum = 0;
            for (final Item item : elements) {
                count++;
                sum += item.value();
            }
            out.collect(new Result(stage, key, ctx.window().toString(), count, sum));
        });
        return spec.lateSide() ? results.sideOutput(late, lines.side("late" + stage + " ")) : results;
    }

    static Case generate(final long seed) {
        final Random random = new Random(seed);
        final int records = 20 + random.nextInt(150);
        final int keys = 1 + random.nextInt(8);
        final long step = 5 + random.nextInt(60);
        final long outOfOrderness = random.nextInt(5) == 0 ? 0 : random.nextInt(400);
        final int everyNth = 1 + random.nextInt(4);
        final List<Input> input = new ArrayList<>(records);
        long max = Long.MIN_VALUE;
        for (int i = 0; i < records; i++) {
            long time = i * step + (outOfOrderness == 0 ? 0 : random.nextInt((int) outOfOrderness + 1));
            if (random.nextInt(14) == 0) {
                time = Math.max(0, time - 500 - random.nextInt(1000)); // late by more than the bound
            }
            max = Math.max(max, time);
            final long watermark = random.nextInt(everyNth) == 0 ? max - outOfOrderness - 1 : Punctuation.NO_WATERMARK;
            input.add(new Input(random.nextInt(keys), time, 1 + random.nextInt(100), watermark));
        }
        final int stageCount = 1 + random.nextInt(3);
        final List<StageSpec> stages = new ArrayList<>(stageCount);
        boolean oneOrder = true; // every stage so far has one instance
        for (int s = 0; s < stageCount; s++) {
            final boolean last = s == stageCount - 1;
            final List<Kind> kinds = new ArrayList<>(List.of(Kind.TUMBLING, Kind.SLIDING));
            if (oneOrder) {
                kinds.add(Kind.SESSION);
                if (last) {
                    kinds.add(Kind.COUNT);
                }
            }
            final Kind kind = kinds.get(random.nextInt(kinds.size()));
            final long size = switch (kind) {
                case TUMBLING, SLIDING -> 100 + random.nextInt(900);
                case SESSION -> 30 + random.nextInt(400);
                case COUNT -> 2 + random.nextInt(4);
            };
            final long slide = kind == Kind.SLIDING ? Math.max(1, size / (2 + random.nextInt(3))) : 0;
            final long lateness = last && kind != Kind.COUNT && random.nextBoolean() ? random.nextInt(600) : 0;
            final int parallelism = 1 + random.nextInt(3);
            oneOrder &= parallelism == 1;
            stages.add(new StageSpec(Step.values()[random.nextInt(Step.values().length)], parallelism, 1 + random.nextInt(6), kind, size,
                    slide, lateness, random.nextBoolean()));
        }
        return new Case(seed, input, 1 + random.nextInt(64), outOfOrderness, stages);
    }

    @Test
    void generatedPipelinesGiveTheSameResultsOnBothSchedulers() {
        final long base = 20261130L;
        int withLateLines = 0;
        int withResults = 0;
        for (int i = 0; i < CASES; i++) {
            final Case generated = generate(base + i);
            final Supplier<String> described = generated::toString;
            final List<String> first = run(Scheduler.DETERMINISTIC, generated);
            assertEquals(first, run(Scheduler.DETERMINISTIC, generated), described);
            final List<String> sorted = new ArrayList<>(first);
            Collections.sort(sorted);
            final Lines threaded = new Lines();
            Scheduler.THREADED.runToEnd(generated.build(threaded), threaded);
            assertEquals(sorted, threaded.sorted(), described);
            withLateLines += first.stream().anyMatch(line -> line.startsWith("late")) ? 1 : 0;
            withResults += first.stream().anyMatch(line -> line.startsWith("s")) ? 1 : 0;
        }
        // the generator reaches results and late data: the comparison covers windows and side outputs
        assertFalse(withResults < CASES * 9 / 10, "only " + withResults + " cases had results");
        assertFalse(withLateLines < CASES / 10, "only " + withLateLines + " cases had late records");
    }

    /**
     * The same cases with every keyed stage that can run inline (parallelism 1, fed by one
     * instance) run inline: on the deterministic scheduler the lines of each stream (results,
     * each stage's late records) per key come in the same order as with every stage behind a
     * ring, and the whole output is the same multiset; on the threaded one the same multiset.
     */
    @Test
    void inlineStagesGiveTheSameResultsAsStagesBehindRings() {
        final long base = 20261130L;
        int withInline = 0;
        for (int i = 0; i < CASES; i++) {
            final Case generated = generate(base + i);
            final Supplier<String> described = generated::toString;
            final List<String> hop = run(Scheduler.DETERMINISTIC, generated);
            final Lines inline = new Lines();
            final List<String> inlineLines = Scheduler.DETERMINISTIC.runToEnd(generated.build(inline, StagePlacement.INLINE), inline);
            assertEquals(perKey(hop), perKey(inlineLines), described);
            assertEquals(sorted(hop), sorted(inlineLines), described);
            if (i % 5 == 0) {
                final Lines threaded = new Lines();
                Scheduler.THREADED.runToEnd(generated.build(threaded, StagePlacement.INLINE), threaded);
                assertEquals(sorted(hop), threaded.sorted(), described);
            }
            withInline += generated.stages().get(0).parallelism() == 1 ? 1 : 0;
        }
        // the generator reaches inline stages often: the comparison covers them
        assertFalse(withInline < CASES / 5, "only " + withInline + " cases had an inline stage");
    }

    /** @return the lines of each stream and key ("s2 3 ...", "late1 3:17"), in arrival order */
    private static Map<String, List<String>> perKey(final List<String> lines) {
        final Map<String, List<String>> streams = new TreeMap<>();
        for (final String line : lines) {
            final String[] words = line.split(" ");
            final String key = words[0] + " " + words[1].split(":")[0];
            streams.computeIfAbsent(key, k -> new ArrayList<>()).add(line);
        }
        return streams;
    }

    private static List<String> sorted(final List<String> lines) {
        final List<String> sorted = new ArrayList<>(lines);
        Collections.sort(sorted);
        return sorted;
    }

    private static List<String> run(final Scheduler scheduler, final Case generated) {
        final Lines lines = new Lines();
        return scheduler.runToEnd(generated.build(lines), lines);
    }
}
