package dev.weir.flink.translation;

import static dev.weir.flink.PipelineFunctions.KEY;
import static dev.weir.flink.PipelineFunctions.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.DataStream;
import dev.weir.api.StreamPipeline;
import dev.weir.flink.FlinkTarget;
import dev.weir.flink.PipelineFunctions;
import dev.weir.flink.SharedMiniCluster;
import dev.weir.flink.SortedResults;
import dev.weir.operator.Collector;
import dev.weir.operator.KeyedProcessFunction;
import dev.weir.operator.OutputTag;
import dev.weir.runtime.sink.Sink;
import dev.weir.state.AggregatingStateDescriptor;
import dev.weir.state.ListState;
import dev.weir.state.ListStateDescriptor;
import dev.weir.state.ReducingStateDescriptor;
import dev.weir.state.ValueState;
import dev.weir.state.ValueStateDescriptor;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Generated {@code KeyedStream.process} pipelines and inputs give the same results on Weir's
 * threaded runtime and on Flink at parallelism 2: the same multiset of {@code value@timestamp}
 * at the sink, side outputs included.
 *
 * <p>Each case is generated from its own seed ({@link #SEED} plus its index): {@link #INPUTS}
 * inputs as in {@link FlinkDifferentialTest} (punctuated watermarks carried by markers, so which
 * records are behind the watermark and when timers fire is a function of the input alone), one
 * after the other in one run, each with keys of its own and shifted {@link #SHIFT} ms in event
 * time past the one before (so the records of one input are never behind another's watermarks,
 * and the timers an input leaves pending fire at the next input's first watermark instead of at
 * the end), an optional {@code filter} and {@code map} before {@code keyBy}, and a
 * {@link GeneratedFunction} with random
 * parameters: an event-time timer some delay after each record, optionally one more at the end of
 * the record's bucket (timers that coincide, which both engines keep once per key and time), the
 * deletion of the previous record's timer on some values, a follow-up timer registered by a timer,
 * and side outputs for big values and for timers that find several values. Every state type is
 * read and written on each call, and every output tells the watermark.
 */
class FlinkKeyedDifferentialTest {
    /** The first case's seed; case {@code i} uses {@code SEED + i}. */
    private static final long SEED = 20261201L;
    /** As many cases as fit about 30 s of test time on a 2-core machine (docs/flink.md). */
    private static final int CASES = 25;
    /** The generated inputs each case runs, one after the other. */
    private static final int INPUTS = 10;
    /** How far in event time each input is shifted past the one before: more than an input, its timers and follow-ups span. */
    private static final long SHIFT = 1_000_000;
    /** The input a result line is about, from its key {@code s<input>k<key>} (upper case after the generated map). */
    private static final Pattern INPUT = Pattern.compile("^(?:big |crowded )?[sS](\\d+)[kK]");
    private static final OutputTag<String> BIG = new OutputTag<>("big");
    private static final OutputTag<String> CROWDED = new OutputTag<>("crowded");
    private static final ValueStateDescriptor<Long> LAST = new ValueStateDescriptor<>("last");
    private static final ValueStateDescriptor<Long> PREVIOUS_TIMER = new ValueStateDescriptor<>("previous-timer");
    private static final ListStateDescriptor<Long> VALUES = new ListStateDescriptor<>("values");
    private static final ReducingStateDescriptor<Long> SUM = new ReducingStateDescriptor<>("sum", Long::sum);
    private static final AggregatingStateDescriptor<String, long[], String> COUNT_AND_SUM =
            new AggregatingStateDescriptor<>("count-and-sum", new PipelineFunctions.CountAndSum());

    private static FlinkTarget target;

    @BeforeAll
    static void shareTheCluster() throws Exception {
        target = SharedMiniCluster.parallelismTwo();
    }

    @Test
    void generatedProcessFunctionsGiveTheSameResultsOnWeirAndOnFlink() throws Exception {
        final Set<String> late = new HashSet<>();
        final Set<String> big = new HashSet<>();
        final Set<String> crowded = new HashSet<>();
        final Set<String> followUps = new HashSet<>();
        for (int i = 0; i < CASES; i++) {
            final GeneratedCase generated = GeneratedCase.from(SEED + i);
            final List<String> weir = SortedResults.onWeirThreaded(generated.pipeline());
            final List<String> flink = SortedResults.onFlink(generated.pipeline(), target);
            assertEquals(weir, flink, generated.description());
            for (final String line : weir) {
                final Matcher input = INPUT.matcher(line);
                assertTrue(input.find(), line);
                final String id = i + "/" + input.group(1);
                if (line.contains(" late ")) {
                    late.add(id);
                }
                if (line.startsWith("big ")) {
                    big.add(id);
                }
                if (line.startsWith("crowded ")) {
                    crowded.add(id);
                }
                if (line.contains(" follow-up ")) {
                    followUps.add(id);
                }
            }
        }
        // what the inputs exercise, counted on the results: records behind the watermark, both side outputs, timers set by timers
        final int inputs = CASES * INPUTS;
        assertTrue(late.size() > inputs / 3, late.size() + " of " + inputs + " inputs with late records");
        assertTrue(big.size() > inputs / 2, big.size() + " of " + inputs + " inputs with big values");
        assertTrue(crowded.size() > inputs / 3, crowded.size() + " of " + inputs + " inputs with crowded timers");
        assertTrue(followUps.size() > inputs / 4, followUps.size() + " of " + inputs + " inputs with follow-up timers");
    }

    @Test
    void theGeneratedCasesCoverEveryParameter() {
        final List<String> descriptions = new ArrayList<>();
        for (int i = 0; i < CASES; i++) {
            descriptions.add(GeneratedCase.from(SEED + i).description());
        }
        for (final String part : List.of("bucket=0,", "deleteEvery=0,", "followUp=0]", "filter", "map", "keys=1 ", "keys=4 ")) {
            assertTrue(descriptions.stream().anyMatch(d -> d.contains(part)), part);
        }
        for (final String part : List.of("bucket=0,", "deleteEvery=0,", "followUp=0]")) {
            assertTrue(descriptions.stream().anyMatch(d -> !d.contains(part)), "not " + part);
        }
        assertEquals(GeneratedCase.from(SEED).description(), GeneratedCase.from(SEED).description());
    }

    /** One generated pipeline and its input, described for a failure message. */
    private record GeneratedCase(String description, Function<Sink<Object>, StreamPipeline> pipeline) {
        static GeneratedCase from(final long seed) {
            final Random random = new Random(seed);
            final GeneratedFunction function = new GeneratedFunction(random.nextInt(501), random.nextBoolean() ? 0 : 50 + random.nextInt(451),
                    random.nextBoolean() ? 0 : 2 + random.nextInt(4), 5 + random.nextInt(5), random.nextBoolean() ? 0 : 1 + 2 * random.nextInt(151));
            final boolean filter = random.nextInt(4) == 0;
            final boolean map = random.nextInt(3) == 0;
            final StringBuilder description = new StringBuilder("seed=").append(seed).append(' ').append(function);
            final List<String> elements = new ArrayList<>();
            for (int input = 0; input < INPUTS; input++) {
                final long shift = input * SHIFT;
                description.append(" input ").append(input).append(": ");
                for (final String element : GeneratedElements.of(random, description)) {
                    final String[] fields = element.split(",");
                    final String key = fields[0].equals("#") ? "#" : "s" + input + fields[0];
                    elements.add(key + "," + (Long.parseLong(fields[1]) + shift) + "," + fields[2]);
                }
            }
            description.append(filter ? " filter(even value)" : "").append(map ? " map(upper-case key)" : "").append(" elements=").append(elements);
            return new GeneratedCase(description.toString(), sink -> {
                final DataStream<String> records = GeneratedElements.records(elements, filter, map);
                return records.keyBy(KEY).process(function)
                        .sideOutput(BIG, (value, timestamp) -> sink.accept("big " + value, timestamp))
                        .sideOutput(CROWDED, (value, timestamp) -> sink.accept("crowded " + value, timestamp))
                        .sink(sink);
            });
        }
    }

    /**
     * A keyed process function with generated parameters. Per record: remembers its timestamp and
     * value (value and list state), adds the value up (reducing and aggregating state), registers an
     * event-time timer {@code delay} after it (made even, so that follow-ups, at odd times, are told
     * apart) and, with a bucket, one at the end of its bucket; deletes the previous record's timer
     * when the value is a multiple of {@code deleteEvery}; sends a value of at least {@code big} to
     * the side output {@code big} instead of the main output. Per timer: prints the values since
     * the last timer and clears them, tells the side output {@code crowded} when there were several,
     * and an even timer registers a follow-up {@code followUp} later.
     */
    private record GeneratedFunction(long delay, long bucket, int deleteEvery, int big, long followUp)
            implements KeyedProcessFunction<String, String, String>, Serializable {
        @Override
        public void processElement(final String line, final Context<String> ctx, final Collector<String> out) {
            final long timestamp = ctx.timestamp();
            final long value = value(line);
            final ValueState<Long> last = ctx.state(LAST);
            final String told = ctx.currentKey() + (timestamp <= ctx.currentWatermark() ? " late " : " on-time ") + timestamp + " wm="
                    + ctx.currentWatermark() + " last=" + last.value() + " sum=" + ctx.state(SUM).get();
            last.update(timestamp);
            ctx.state(VALUES).add(value);
            ctx.state(SUM).add(value);
            ctx.state(COUNT_AND_SUM).add(line);
            final ValueState<Long> previousTimer = ctx.state(PREVIOUS_TIMER);
            if (deleteEvery > 0 && value % deleteEvery == 0 && previousTimer.value() != null) {
                ctx.deleteEventTimeTimer(previousTimer.value());
            }
            final long timer = (timestamp + delay) & ~1L;
            ctx.registerEventTimeTimer(timer);
            previousTimer.update(timer);
            if (bucket > 0) {
                ctx.registerEventTimeTimer((Math.floorDiv(timestamp, bucket) + 1) * bucket);
            }
            if (value >= big) {
                ctx.output(BIG, told + " value=" + value);
            } else {
                out.collect(told + " value=" + value);
            }
        }

        @Override
        public void onTimer(final long timestamp, final Context<String> ctx, final Collector<String> out) {
            final ListState<Long> values = ctx.state(VALUES);
            final List<Long> since = values.get();
            final String kind = (timestamp & 1) == 0 ? " timer " : " follow-up ";
            out.collect(ctx.currentKey() + kind + timestamp + " ts=" + ctx.timestamp() + " wm=" + ctx.currentWatermark() + " values=" + since
                    + " last=" + ctx.state(LAST).value() + " aggregate=" + ctx.state(COUNT_AND_SUM).get());
            values.clear();
            if (since != null && since.size() > 1) {
                ctx.output(CROWDED, ctx.currentKey() + " " + timestamp + " " + since.size());
            }
            if (followUp > 0 && (timestamp & 1) == 0) {
                ctx.registerEventTimeTimer(timestamp + followUp);
            }
        }
    }
}
