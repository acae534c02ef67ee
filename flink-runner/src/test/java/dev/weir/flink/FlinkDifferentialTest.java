package dev.weir.flink;

import static dev.weir.flink.PipelineFunctions.KEY;
import static dev.weir.flink.PipelineFunctions.SUM;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.DataStream;
import dev.weir.api.StreamPipeline;
import dev.weir.api.WindowedStream;
import dev.weir.runtime.Sink;
import dev.weir.window.EventTimeSessionWindows;
import dev.weir.window.SlidingEventTimeWindows;
import dev.weir.window.TimeWindow;
import dev.weir.window.TumblingEventTimeWindows;
import dev.weir.window.WindowAssigner;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Generated pipelines and inputs give the same results on Weir's threaded runtime and on Flink at
 * parallelism 2: the same multiset of {@code value@timestamp} at the sink.
 *
 * <p>Each case is generated from its own seed ({@link #SEED} plus its index): a window (tumbling,
 * sliding or session, random size, slide, offset and gap), an allowed lateness, one to four keys,
 * records with random timestamps and out-of-orderness, an optional {@code filter} and {@code map}
 * before {@code keyBy}, and a reduce or an aggregate. The watermarks are punctuated: marker records
 * (key {@code #}, dropped before {@code keyBy}) carry them, so on both engines a watermark follows
 * exactly the records it follows in the input, whatever the threads' timing, and which records are
 * late is a function of the input alone. Periodic watermarks would follow the wall clock on both
 * engines; interval 0 would move the watermark only at end of input and leave nothing late.
 */
class FlinkDifferentialTest {
    /** The first case's seed; case {@code i} uses {@code SEED + i}. */
    private static final long SEED = 20261130L;
    /** As many cases as fit about 60 s of test time on a 2-core machine (docs/flink.md). */
    private static final int CASES = 450;

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
        for (final String part : List.of("tumbling", "sliding", "session", "reduce", "aggregate", "filter", "map", "lateness=0 ", "keys=1 ", "keys=4 ")) {
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
            final Random random = new Random(seed);
            final StringBuilder description = new StringBuilder("seed=").append(seed).append(' ');
            final WindowAssigner<String, TimeWindow> assigner;
            switch (random.nextInt(3)) {
                case 0 -> {
                    final long size = 50 + random.nextInt(951);
                    final long offset = random.nextBoolean() ? 0 : random.nextLong(-size + 1, size);
                    assigner = TumblingEventTimeWindows.of(size, offset);
                    description.append("tumbling(size=").append(size).append(", offset=").append(offset).append(')');
                }
                case 1 -> {
                    final long slide = 50 + random.nextInt(451);
                    final long size = slide + random.nextInt((int) (3 * slide) + 1);
                    final long offset = random.nextBoolean() ? 0 : random.nextLong(-slide + 1, slide);
                    assigner = SlidingEventTimeWindows.of(size, slide, offset);
                    description.append("sliding(size=").append(size).append(", slide=").append(slide).append(", offset=").append(offset).append(')');
                }
                default -> {
                    final long gap = 50 + random.nextInt(451);
                    assigner = EventTimeSessionWindows.withGap(gap);
                    description.append("session(gap=").append(gap).append(')');
                }
            }
            final long lateness = random.nextBoolean() ? 0 : random.nextInt(1001);
            final boolean filter = random.nextInt(3) == 0;
            final boolean map = random.nextInt(3) == 0;
            final boolean reduce = random.nextBoolean();
            final List<String> elements = GeneratedElements.of(random, description.append(" lateness=").append(lateness).append(' '));
            description.append(filter ? " filter(even value)" : "").append(map ? " map(upper-case key)" : "")
                    .append(reduce ? " reduce(sum)" : " aggregate(count and sum)").append(" elements=").append(elements);
            return new GeneratedCase(description.toString(), sink -> {
                final DataStream<String> records = GeneratedElements.records(elements, filter, map);
                final WindowedStream<String, String, TimeWindow> windowed = records.keyBy(KEY).window(assigner).allowedLateness(lateness);
                final DataStream<?> results = reduce ? windowed.reduce(SUM) : windowed.aggregate(new PipelineFunctions.CountAndSum());
                return results.sink(sink);
            });
        }
    }
}
