package dev.weir.flink.translation;

import static dev.weir.flink.PipelineFunctions.KEY;
import static dev.weir.flink.PipelineFunctions.MARKER;
import static dev.weir.flink.PipelineFunctions.NOT_MARKER;
import static dev.weir.flink.PipelineFunctions.SUM;
import static dev.weir.flink.PipelineFunctions.TIMESTAMP;

import dev.weir.api.ConnectedStreams;
import dev.weir.api.DataStream;
import dev.weir.api.IntervalJoined;
import dev.weir.api.StreamPipeline;
import dev.weir.flink.PipelineFunctions;
import dev.weir.operator.OutputTag;
import dev.weir.operator.TwoInputOperatorFactory;
import dev.weir.plan.TwoInputFunction;
import dev.weir.runtime.sink.Sink;
import dev.weir.source.CollectionSource;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.CoGroupWindowFunction;
import dev.weir.window.EventTimeSessionWindows;
import dev.weir.window.JoinCoGroupFunction;
import dev.weir.window.SlidingEventTimeWindows;
import dev.weir.window.TaggedUnion;
import dev.weir.window.TumblingEventTimeWindows;
import dev.weir.window.UnionKeySelector;
import dev.weir.window.Window;
import dev.weir.window.WindowAssigner;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * One generated multi-input pipeline and its inputs ({@link FlinkGraphDifferentialTest}): two or three sources of one to
 * three instances each, with punctuated watermarks from marker records, and one of seven shapes: a union of all sources
 * into a keyed window, an interval join (random bounds, exclusive or not, late side outputs), a keyed co-process with
 * timers (a keyed co-process function and a co-process function on the same keyed connected streams), a keyed broadcast function with timers, a non-keyed broadcast function with a co-map, a co-process and a co-flatMap, a window
 * join (tagged union, keyBy, window), or an as-of join. The first source also fans out to a sink of its own. Every sink's
 * results are prefixed with the sink's name, so the sorted results compare the multiset of each sink.
 *
 * <p>No record is behind its own input's watermark: a marker carries a watermark below every later record of its source.
 * Which records a two-input operator finds late depends on its other input's watermark at that moment, which depends on
 * how the two inputs' channels interleave on either engine, so only inputs without such records give results that do not
 * depend on timing.
 *
 * @param description the case, for a failure message
 * @param pipeline the pipeline, given the sink
 */
record GraphCase(String description, GraphCase.Builder pipeline) {
    static final List<String> SHAPES = List.of("union-window", "interval-join", "keyed-co-process", "keyed-broadcast", "broadcast-co-map",
            "window-join", "as-of-join");

    /** Adds the case's graph to a pipeline that may hold other cases' graphs. */
    @FunctionalInterface
    interface Builder {
        /**
         * @param pipeline where the case's sources, steps and sinks are added
         * @param prefix names the case's sources and side outputs and starts its results, distinct per case of one pipeline
         * @param sink receives the results of every sink of the case, each prefixed {@code prefix + sinkName + "|"}
         */
        void addTo(StreamPipeline pipeline, String prefix, Sink<Object> sink);
    }

    /**
     * @param seed the case's seed
     * @return the case
     */
    static GraphCase from(final long seed) {
        final Random random = new Random(new SplittableRandom(seed).nextLong());
        final int shape = random.nextInt(SHAPES.size());
        final StringBuilder description = new StringBuilder("seed=").append(seed).append(' ').append(SHAPES.get(shape));
        final int sourceCount = shape == 0 ? 2 + random.nextInt(2) : 2;
        final int keys = 1 + random.nextInt(3);
        final List<List<String>> inputs = new ArrayList<>();
        final int[] instances = new int[sourceCount];
        for (int s = 0; s < sourceCount; s++) {
            instances[s] = 1 + random.nextInt(3);
            inputs.add(elements(random, keys));
            description.append(" source").append(s).append("(p=").append(instances[s]).append(")=").append(inputs.get(s));
        }
        final int parallelism = 1 + random.nextInt(3);
        final long size = 100 + random.nextInt(400);
        final long lower = -random.nextInt(400);
        final long upper = lower + random.nextInt(600);
        final boolean lowerInclusive = random.nextBoolean();
        final boolean upperInclusive = random.nextBoolean();
        final long delay = random.nextInt(300);
        final int window = random.nextInt(3);
        description.append(" parallelism=").append(parallelism);
        switch (shape) {
            case 0 -> description.append(" window=").append(window).append(" size=").append(size);
            case 1 -> description.append(" between ").append(lowerInclusive ? "[" : "(").append(lower).append(", ").append(upper)
                    .append(upperInclusive ? "]" : ")");
            case 2 -> description.append(" delay=").append(delay);
            case 5 -> description.append(" tumbling size=").append(size);
            default -> { }
        }
        return new GraphCase(description.toString(), (pipeline, prefix, results) -> {
            final Sink<Object> sink = (value, timestamp) -> results.accept(prefix + value, timestamp);
            final OutputTag<String> leftLate = new OutputTag<>(prefix + "left-late");
            final OutputTag<String> rightLate = new OutputTag<>(prefix + "right-late");
            final OutputTag<String> seen = new OutputTag<>(prefix + "seen");
            final List<DataStream<String>> sources = new ArrayList<>();
            for (int s = 0; s < sourceCount; s++) {
                sources.add(pipeline.from(prefix + "source" + s, CollectionSource.of(inputs.get(s)),
                        WatermarkStrategy.<String>forPunctuation(MARKER).withTimestampAssigner(TIMESTAMP), instances[s]).filter(NOT_MARKER));
            }
            final DataStream<String> first = sources.get(0);
            final DataStream<String> second = sources.get(1);
            first.map(PipelineFunctions.BRACKETS).sink(named("raw", sink));
            switch (shape) {
                case 0 -> {
                    final DataStream<String> union = sources.size() == 2 ? first.union(second) : first.union(second, sources.get(2));
                    union.keyBy(KEY).parallelism(parallelism).window(assigner(window, size)).reduce(SUM).sink(named("window", sink));
                }
                case 1 -> {
                    IntervalJoined<String, String, String> join = first.keyBy(KEY).intervalJoin(second.keyBy(KEY))
                            .between(Duration.ofMillis(lower), Duration.ofMillis(upper)).sideOutputLeftLateData(leftLate)
                            .sideOutputRightLateData(rightLate).parallelism(parallelism);
                    if (!lowerInclusive) {
                        join = join.lowerBoundExclusive();
                    }
                    if (!upperInclusive) {
                        join = join.upperBoundExclusive();
                    }
                    join.process(GraphFunctions.JOINED).sideOutput(leftLate, named("left-late", sink))
                            .sideOutput(rightLate, named("right-late", sink)).sink(named("joined", sink));
                }
                case 2 -> {
                    keyedConnect(first, second, parallelism)
                            .transform("keyedCoProcess", factory(TwoInputFunction.keyedCoProcess(KEY, KEY,
                                    new GraphFunctions.SumAtTimers(delay, seen))))
                            .sideOutput(seen, named("seen", sink)).sink(named("timers", sink));
                    keyedConnect(first, second, parallelism).process(new GraphFunctions.PlainSumAtTimers(delay))
                            .sink(named("plainTimers", sink));
                }
                case 3 -> first.keyBy(KEY).parallelism(parallelism).connect(second.broadcast(GraphFunctions.RATES))
                        .<String>transform("keyedBroadcast", factory(TwoInputFunction.keyedBroadcastProcess(KEY, new GraphFunctions.RatesAtTimers(),
                                List.of(GraphFunctions.RATES))))
                        .sink(named("rated", sink));
                case 4 -> {
                    first.connect(second.broadcast(GraphFunctions.RATES)).<String>transform("broadcast",
                            factory(TwoInputFunction.broadcastProcess(new GraphFunctions.PassAndKeepRates(), List.of(GraphFunctions.RATES))))
                            .sink(named("passed", sink));
                    first.connect(second).<String>transform("coMap", factory(TwoInputFunction.coMap(new GraphFunctions.TagSides())))
                            .sink(named("coMap", sink));
                    first.connect(second).<String>transform("coProcess", factory(TwoInputFunction.coProcess(new GraphFunctions.StampSides())))
                            .sink(named("coProcess", sink));
                    second.connect(first).<String>transform("coFlatMap", factory(TwoInputFunction.coFlatMap(new GraphFunctions.SplitSides())))
                            .sink(named("coFlatMap", sink));
                }
                case 5 -> first.map(GraphFunctions.TAG_ONE).union(second.map(GraphFunctions.TAG_TWO))
                        .keyBy(new UnionKeySelector<String, String, String>(KEY, KEY)).parallelism(parallelism)
                        .window(TumblingEventTimeWindows.<TaggedUnion<String, String>>of(size))
                        .process(new CoGroupWindowFunction<String, String, String, String, dev.weir.window.TimeWindow>(
                                new JoinCoGroupFunction<>(GraphFunctions.PAIR)))
                        .sink(named("windowJoin", sink));
                default -> keyedConnect(first, second, parallelism)
                        .<String>transform("asOfJoin", factory(TwoInputFunction.asOfJoin(KEY, KEY, GraphFunctions.AS_OF)))
                        .sink(named("asOf", sink));
            }
        });
    }

    private static ConnectedStreams<String, String> keyedConnect(final DataStream<String> first, final DataStream<String> second,
            final int parallelism) {
        return first.connect(second).keyBy(KEY, KEY).parallelism(parallelism);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static <R> TwoInputOperatorFactory<String, String, R> factory(final TwoInputFunction function) {
        return (TwoInputOperatorFactory) function;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static WindowAssigner<String, Window> assigner(final int kind, final long size) {
        return (WindowAssigner) switch (kind) {
            case 0 -> TumblingEventTimeWindows.of(size);
            case 1 -> SlidingEventTimeWindows.of(size * 2, size);
            default -> EventTimeSessionWindows.withGap(size);
        };
    }

    private static Sink<Object> named(final String name, final Sink<Object> sink) {
        return (value, timestamp) -> sink.accept(name + "|" + value, timestamp);
    }

    /**
     * Records {@code k,ts,v} with distinct timestamps drifting forward out of order, and markers {@code #,wm,0} whose
     * watermark is below every later record: {@code front - disorder - 1} for the front reached so far.
     */
    private static List<String> elements(final Random random, final int keys) {
        final int count = 3 + random.nextInt(18);
        final int disorder = random.nextInt(400);
        final List<String> elements = new ArrayList<>();
        final Set<Long> used = new HashSet<>();
        long front = -1000 + random.nextInt(500);
        for (int i = 0; i < count; i++) {
            front += random.nextInt(150);
            long timestamp = front - random.nextInt(disorder + 1);
            while (!used.add(timestamp)) {
                timestamp++;
            }
            front = Math.max(front, timestamp);
            elements.add("k" + random.nextInt(keys) + "," + timestamp + "," + (1 + random.nextInt(9)));
            if (random.nextInt(100) < 35) {
                elements.add("#," + (front - disorder - 1) + ",0");
            }
        }
        return elements;
    }
}
