package dev.weir.flink.translation;

import static dev.weir.flink.PipelineFunctions.KEY;
import static dev.weir.flink.PipelineFunctions.SUM;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.DataStream;
import dev.weir.api.StreamPipeline;
import dev.weir.api.WindowedStream;
import dev.weir.flink.FlinkTarget;
import dev.weir.flink.PipelineFunctions;
import dev.weir.flink.SharedMiniCluster;
import dev.weir.flink.SortedResults;
import dev.weir.operator.OutputTag;
import dev.weir.jobs.file.WindowKind;
import dev.weir.runtime.sink.Sink;
import dev.weir.window.ContinuousEventTimeTrigger;
import dev.weir.window.CountEvictor;
import dev.weir.window.CountTrigger;
import dev.weir.window.EventTimeSessionWindows;
import dev.weir.window.Evictor;
import dev.weir.window.GlobalWindows;
import dev.weir.window.PurgingTrigger;
import dev.weir.window.SlidingEventTimeWindows;
import dev.weir.window.TimeEvictor;
import dev.weir.window.Trigger;
import dev.weir.window.TumblingEventTimeWindows;
import dev.weir.window.Window;
import dev.weir.window.WindowAssigner;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Generated pipelines and inputs give the same results on Weir's threaded runtime and on Flink at
 * parallelism 2: the same multiset of {@code value@timestamp} at the sink.
 *
 * <p>Each case is generated from its own seed ({@link #SEED} plus its index): a window (tumbling,
 * sliding, session or global, random size, slide, offset and gap), a trigger (the assigner's own;
 * count; purging count; continuous event time on tumbling, sliding and session windows; a user trigger
 * without state, {@link WindowFunctions.FireOnBigValue}, or with merged state,
 * {@link WindowFunctions.EverySecondRecord}), an evictor (none; count, not on sessions; time; a
 * user evictor; before or after the function), an allowed lateness, maybe the side output of late
 * data, one to four keys, records with random timestamps and out-of-orderness, an optional
 * {@code filter} and {@code map} before {@code keyBy}, and a reduce, an aggregate, a process window
 * function with a side output ({@link WindowFunctions.Describe}: the window, its sorted values and
 * the watermark) or an aggregate with a process function. The watermarks are punctuated: marker records
 * (key {@code #}, dropped before {@code keyBy}) carry them, so on both engines a watermark follows
 * exactly the records it follows in the input, whatever the threads' timing, and which records are
 * late is a function of the input alone. Periodic watermarks would follow the wall clock on both
 * engines; interval 0 would move the watermark only at end of input and leave nothing late.
 */
class FlinkDifferentialTest {
    private static final OutputTag<String> LATE = new OutputTag<>("late");
    private static final List<String> FUNCTIONS = List.of(" reduce(sum)", " aggregate(count and sum)", " process(describe)",
            " aggregate(count and sum, describe)");
    /** The first case's seed; case {@code i} uses {@code SEED + i}. */
    private static final long SEED = 20261130L;
    /** As many cases as fit about 60 s of test time on a 2-core machine (docs/flink.md). */
    private static final int CASES = 250;

    private static FlinkTarget target;

    @BeforeAll
    static void shareTheCluster() throws Exception {
        target = SharedMiniCluster.parallelismTwo();
    }

    @Test
    void generatedPipelinesGiveTheSameResultsOnWeirAndOnFlink() throws Exception {
        int withResults = 0;
        for (int i = 0; i < CASES; i++) {
            final GeneratedCase generated = GeneratedCase.from(SEED + i);
            final List<String> weir = onWeir(generated.pipeline());
            final List<String> flink = onFlink(generated.pipeline());
            assertEquals(weir, flink, generated.description());
            withResults += weir.isEmpty() ? 0 : 1;
        }
        // a filter may leave a case nothing to fire, but most cases compare results
        assertTrue(withResults > CASES * 9 / 10, withResults + " of " + CASES + " cases had results");
    }

    @Test
    void theGeneratedCasesCoverEveryKindOfWindowLatenessAndFunction() {
        final List<String> descriptions = new ArrayList<>();
        for (int i = 0; i < CASES; i++) {
            descriptions.add(GeneratedCase.from(SEED + i).description());
        }
        for (final String part : List.of("tumbling", "sliding", "session", "global", "reduce", "aggregate(count and sum)", "process(describe)",
                "aggregate(count and sum, describe)", "filter", "map", "lateness=0 ", "keys=1 ", "keys=4 ", "trigger=default",
                "trigger=CountTrigger", "trigger=PurgingTrigger(CountTrigger", "trigger=ContinuousEventTimeTrigger", "trigger=FireOnBigValue",
                "trigger=EverySecondRecord", "evictor=none", "evictor=CountEvictor", "evictor=TimeEvictor", "evictor=DropOddValues",
                "after", "before", "lateOutput")) {
            assertTrue(descriptions.stream().anyMatch(d -> d.contains(part)), part);
        }
        assertTrue(descriptions.stream().anyMatch(d -> !d.contains("lateness=0 ")), "a positive lateness");
        assertTrue(descriptions.stream().anyMatch(d -> d.contains(",-")), "a negative timestamp");
        // records at or behind the watermark: late for some windows, dropped or fired late depending on the lateness
        assertTrue(descriptions.stream().filter(d -> !d.contains("behindWatermark=0 ")).count() > CASES / 2, "records behind the watermark");
        // the same seed gives the same case
        assertEquals(GeneratedCase.from(SEED).description(), GeneratedCase.from(SEED).description());
    }

    private static List<String> onWeir(final Function<Sink<Object>, StreamPipeline> pipeline) throws InterruptedException {
        return SortedResults.onWeirThreaded(pipeline);
    }

    private static List<String> onFlink(final Function<Sink<Object>, StreamPipeline> pipeline) throws Exception {
        return SortedResults.onFlink(pipeline, target);
    }

    /** One generated pipeline and its input, described for a failure message. */
    private record GeneratedCase(String description, Function<Sink<Object>, StreamPipeline> pipeline) {
        static GeneratedCase from(final long seed) {
            // mixed first: Random's first draws of a small power-of-two bound barely differ between neighbouring seeds
            final Random random = new Random(new SplittableRandom(seed).nextLong());
            final StringBuilder description = new StringBuilder("seed=").append(seed).append(' ');
            final WindowAssigner<String, Window> assigner;
            final WindowKind kind = WindowKind.values()[random.nextInt(4)];
            switch (kind) {
                case TUMBLING -> {
                    final long size = 50 + random.nextInt(951);
                    final long offset = random.nextBoolean() ? 0 : random.nextLong(-size + 1, size);
                    assigner = cast(TumblingEventTimeWindows.of(size, offset));
                    description.append("tumbling(size=").append(size).append(", offset=").append(offset).append(')');
                }
                case SLIDING -> {
                    final long slide = 50 + random.nextInt(451);
                    final long size = slide + random.nextInt((int) (3 * slide) + 1);
                    final long offset = random.nextBoolean() ? 0 : random.nextLong(-slide + 1, slide);
                    assigner = cast(SlidingEventTimeWindows.of(size, slide, offset));
                    description.append("sliding(size=").append(size).append(", slide=").append(slide).append(", offset=").append(offset).append(')');
                }
                case SESSION -> {
                    final long gap = 50 + random.nextInt(451);
                    assigner = cast(EventTimeSessionWindows.withGap(gap));
                    description.append("session(gap=").append(gap).append(')');
                }
                default -> {
                    assigner = cast(GlobalWindows.create());
                    description.append("global");
                }
            }
            final long lateness = random.nextBoolean() ? 0 : random.nextInt(1001);
            final boolean filter = random.nextInt(3) == 0;
            final boolean map = random.nextInt(3) == 0;
            final Trigger<Object, Window> trigger = trigger(random, kind, description);
            final Evictor<Object, Window> evictor = evictor(random, kind, description);
            final int function = random.nextInt(4);
            final boolean lateOutput = random.nextInt(3) == 0;
            final List<String> elements = GeneratedElements.of(random, description.append(" lateness=").append(lateness).append(' '));
            description.append(filter ? " filter(even value)" : "").append(map ? " map(upper-case key)" : "")
                    .append(FUNCTIONS.get(function)).append(lateOutput ? " lateOutput" : "").append(" elements=").append(elements);
            return new GeneratedCase(description.toString(), sink -> {
                final DataStream<String> records = GeneratedElements.records(elements, filter, map);
                WindowedStream<String, String, Window> windowed = records.keyBy(KEY).window(assigner).allowedLateness(lateness);
                if (trigger != null) {
                    windowed = windowed.trigger(trigger);
                }
                if (evictor != null) {
                    windowed = windowed.evictor(evictor);
                }
                if (lateOutput) {
                    windowed = windowed.sideOutputLateData(LATE);
                }
                // sessions merge their elements in an order of their own, so their values are listed sorted
                final DataStream<?> results = switch (function) {
                    case 0 -> windowed.reduce(SUM);
                    case 1 -> windowed.aggregate(new PipelineFunctions.CountAndSum());
                    case 2 -> windowed.process(new WindowFunctions.Describe<>(true))
                            .sideOutput(WindowFunctions.BIG, (value, timestamp) -> sink.accept("big:" + value, timestamp));
                    default -> windowed.aggregate(new PipelineFunctions.CountAndSum(), new WindowFunctions.DescribeResult<>());
                };
                if (lateOutput) {
                    results.sideOutput(LATE, (value, timestamp) -> sink.accept("late:" + value, timestamp));
                }
                return results.sink(sink);
            });
        }

        /**
         * No trigger (the assigner's own), or count, purging count, continuous event time (not on the global window, which
         * Flink runs differently and the translation refuses; on sessions, whose merged fire times it checks) or a user
         * trigger with or without state. The global window always gets one: its own never fires.
         */
        private static Trigger<Object, Window> trigger(final Random random, final WindowKind kind, final StringBuilder description) {
            int draw = random.nextInt(8);
            if (draw == 5 && kind == WindowKind.GLOBAL) {
                draw = 3;
            }
            if (draw < 3 && kind == WindowKind.GLOBAL) {
                draw = 3 + random.nextInt(2);
            }
            final long count = 1 + random.nextInt(4);
            final long interval = 20 + random.nextInt(300);
            final Trigger<Object, Window> trigger = switch (draw) {
                case 3 -> CountTrigger.of(count);
                case 4 -> PurgingTrigger.of(CountTrigger.of(count));
                case 5 -> cast(ContinuousEventTimeTrigger.of(interval));
                case 6 -> cast(new WindowFunctions.FireOnBigValue());
                case 7 -> cast(new WindowFunctions.EverySecondRecord());
                default -> null;
            };
            description.append(" trigger=").append(trigger == null ? "default" : trigger.toString());
            return trigger;
        }

        /** No evictor, or a count (not on sessions: the order of merged elements is their own), time or user evictor. */
        private static Evictor<Object, Window> evictor(final Random random, final WindowKind kind, final StringBuilder description) {
            int draw = random.nextInt(6);
            if (draw == 3 && kind == WindowKind.SESSION) {
                draw = 4;
            }
            final boolean after = random.nextBoolean();
            final Evictor<Object, Window> evictor = switch (draw) {
                case 3 -> CountEvictor.of(1 + random.nextInt(3), after);
                case 4 -> TimeEvictor.of(random.nextInt(500), after);
                case 5 -> cast(new WindowFunctions.DropOddValues());
                default -> null;
            };
            description.append(" evictor=").append(evictor == null ? "none" : evictor + (after ? " after" : " before"));
            return evictor;
        }

        @SuppressWarnings("unchecked")
        private static <X> X cast(final Object object) {
            return (X) object;
        }
    }
}
