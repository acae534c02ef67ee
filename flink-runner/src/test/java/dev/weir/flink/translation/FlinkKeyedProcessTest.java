package dev.weir.flink.translation;

import static dev.weir.flink.PipelineFunctions.KEY;
import static dev.weir.flink.PipelineFunctions.MARKER;
import static dev.weir.flink.PipelineFunctions.NOT_MARKER;
import static dev.weir.flink.PipelineFunctions.TIMESTAMP;
import static dev.weir.flink.PipelineFunctions.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.api.StreamPipeline;
import dev.weir.flink.FlinkRunner;
import dev.weir.flink.FlinkTarget;
import dev.weir.flink.PipelineFunctions;
import dev.weir.flink.SharedMiniCluster;
import dev.weir.flink.SortedResults;
import dev.weir.operator.Collector;
import dev.weir.operator.KeyedProcessFunction;
import dev.weir.operator.OutputTag;
import dev.weir.runtime.sink.Sink;
import dev.weir.source.CollectionSource;
import dev.weir.state.AggregatingState;
import dev.weir.state.AggregatingStateDescriptor;
import dev.weir.state.ListState;
import dev.weir.state.ListStateDescriptor;
import dev.weir.state.LongReductions;
import dev.weir.state.ReduceFunction;
import dev.weir.state.ReducingState;
import dev.weir.state.ReducingStateDescriptor;
import dev.weir.state.StateDescriptor;
import dev.weir.state.ValueState;
import dev.weir.state.ValueStateDescriptor;
import dev.weir.time.WatermarkStrategy;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.Function;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code KeyedStream.process} on Flink gives Weir's results (docs/flink.md, "Running a
 * StreamPipeline on Flink"): timers firing at the watermark with their key and state, timers
 * deduplicated on (time, key) and deleted, each state type (its descriptors in the function's
 * fields), side outputs from
 * {@code processElement} and {@code onTimer}, and a processing-time timer registered in the past.
 * Each pipeline runs on Weir's deterministic scheduler and on the module's {@link SharedMiniCluster}
 * at parallelism 2, and both must give the sorted list of {@code value@timestamp} written out here.
 * A descriptor whose function cannot be serialized is refused at translation, naming the descriptor.
 */
class FlinkKeyedProcessTest {
    private static final ValueStateDescriptor<Long> COUNT = new ValueStateDescriptor<>("count");
    private static final ListStateDescriptor<Long> VALUES = new ListStateDescriptor<>("values");
    private static final ValueStateDescriptor<Boolean> REGISTERED = new ValueStateDescriptor<>("registered");
    private static final OutputTag<String> ODD = new OutputTag<>("odd");
    private static final OutputTag<String> FIRED = new OutputTag<>("fired");
    private static final String MIN = String.valueOf(Long.MIN_VALUE);

    private static FlinkTarget target;

    @BeforeAll
    static void shareTheCluster() throws Exception {
        target = SharedMiniCluster.parallelismTwo();
    }

    @Test
    void eventTimeTimersFireAtTheWatermarkWithTheirKeyAndState() throws Exception {
        final Function<Sink<Object>, StreamPipeline> pipeline = sink -> punctuated("timers",
                "a,1000,1", "b,1050,2", "#,1099,0", "a,1100,3", "#,1150,0", "b,1300,4", "#,2000,0")
                .keyBy(KEY).process(new CountThenTimer()).sink(sink);
        final List<String> expected = List.of(
                "a record 1000 wm=" + MIN + " count=1@1000",
                "a record 1100 wm=1099 count=2@1100",
                "a timer 1100 ts=1100 wm=1150 count=2@1100",
                "a timer 1200 ts=1200 wm=2000 count=2@1200",
                "b record 1050 wm=" + MIN + " count=1@1050",
                "b record 1300 wm=1150 count=2@1300",
                "b timer 1150 ts=1150 wm=1150 count=1@1150",
                "b timer 1400 ts=1400 wm=2000 count=2@1400");
        assertEquals(expected, onWeir(pipeline));
        assertEquals(expected, SortedResults.onFlink(pipeline, target));
    }

    @Test
    void timersOfOneTimeAndKeyFireOnceAndDeletedTimersNever() throws Exception {
        // a value registers an event-time timer at itself, a negative value deletes the timer at its absolute value
        final Function<Sink<Object>, StreamPipeline> pipeline = sink -> punctuated("dedup",
                "a,1,500", "a,2,500", "b,3,500", "a,4,600", "a,5,-600", "b,6,700", "#,550,0", "a,7,500", "a,8,500", "b,9,-700",
                "b,10,-800", "c,11,900", "c,12,-900", "c,13,900")
                .keyBy(KEY).process(new TimersByValue()).sink(sink);
        // a's timer at 500 fires at 550, once; registered again after it fired (behind the watermark), it fires once more at the end
        final List<String> expected = List.of("a timer 500@500", "a timer 500@500", "b timer 500@500", "c timer 900@900");
        assertEquals(expected, onWeir(pipeline));
        assertEquals(expected, SortedResults.onFlink(pipeline, target));
    }

    @Test
    void eachStateTypeIsKeptPerKeyAndClearedByATimer() throws Exception {
        final Function<Sink<Object>, StreamPipeline> pipeline = sink -> punctuated("states",
                "a,100,1", "b,200,2", "a,300,3", "#,1150,0", "a,1200,4", "b,1300,5")
                .keyBy(KEY).process(new AllStates()).sink(sink);
        final List<String> expected = List.of(
                "a a,100,1 last=a,100,1 values=[1] sum=1 aggregate=count=1 sum=1@100",
                "a a,1200,4 last=a,1200,4 values=[4] sum=8 aggregate=count=3 sum=8@1200",
                "a a,300,3 last=a,300,3 values=[1, 3] sum=4 aggregate=count=2 sum=4@300",
                "a timer 1100 last=null values=null sum=4 aggregate=count=2 sum=4@1100",
                "a timer 1300 last=null values=null sum=8 aggregate=count=3 sum=8@1300",
                "a timer 2200 last=null values=null sum=8 aggregate=count=3 sum=8@2200",
                "b b,1300,5 last=b,1300,5 values=[2, 5] sum=7 aggregate=count=2 sum=7@1300",
                "b b,200,2 last=b,200,2 values=[2] sum=2 aggregate=count=1 sum=2@200",
                "b timer 1200 last=null values=null sum=7 aggregate=count=2 sum=7@1200",
                "b timer 2300 last=null values=null sum=7 aggregate=count=2 sum=7@2300");
        assertEquals(expected, onWeir(pipeline));
        assertEquals(expected, SortedResults.onFlink(pipeline, target));
    }

    @Test
    void sideOutputsOfProcessElementAndOnTimerReachTheirSinks() throws Exception {
        final Function<Sink<Object>, StreamPipeline> pipeline = sink -> punctuated("side outputs",
                "a,100,1", "b,200,2", "a,300,4", "#,250,0", "b,400,7")
                .keyBy(KEY).process(new OddToSideOutput())
                .sideOutput(ODD, (value, timestamp) -> sink.accept("odd " + value, timestamp))
                .sideOutput(FIRED, (value, timestamp) -> sink.accept("fired " + value, timestamp))
                .sink(sink);
        final List<String> expected = List.of("a,300,4@300", "b,200,2@200", "fired a 110@110", "fired a 310@310", "fired b 210@210",
                "fired b 410@410", "odd a,100,1@100", "odd b,400,7@400", "timer a 110@110", "timer a 310@310", "timer b 210@210",
                "timer b 410@410");
        assertEquals(expected, onWeir(pipeline));
        assertEquals(expected, SortedResults.onFlink(pipeline, target));
    }

    @Test
    void aProcessingTimeTimerRegisteredInThePastFires() throws Exception {
        // registered at processing time 0, behind Flink's wall clock and at Weir's virtual clock: each key's timer fires once,
        // whenever that is; on Flink the input waits for both firings, so that they fire on the wall clock while records still come
        final Function<String, Function<Sink<Object>, StreamPipeline>> pipeline = run -> sink -> StreamPipeline.named("processing time")
                .from("trades", CollectionSource.of(List.of("a,100,1", "b,200,2", "wait,0,0", "a,300,3")),
                        WatermarkStrategy.<String>forPunctuation(MARKER).withTimestampAssigner(TIMESTAMP), 1)
                .map(new HeldLines("wait", run))
                .filter((Predicate<String> & Serializable) line -> !line.startsWith("wait"))
                .keyBy(KEY).process(new TimerInThePast())
                .sideOutput(FIRED, (value, timestamp) -> sink.accept("fired " + value, timestamp))
                .sink(sink);
        final List<String> expected = List.of("a,100,1@100", "a,300,3@300", "b,200,2@200", "fired a@0", "fired b@0",
                "processing timer a 0 ts=0@" + MIN, "processing timer b 0 ts=0@" + MIN);
        HeldLines.latch("timers on weir", 0);
        assertEquals(expected, onWeir(pipeline.apply("timers on weir")));
        final CountDownLatch fired = HeldLines.latch("timers on flink", 2);
        final List<String> results = Collections.synchronizedList(new ArrayList<>());
        FlinkRunner.execute(pipeline.apply("timers on flink").apply((value, timestamp) -> {
            results.add(value + "@" + timestamp);
            if (String.valueOf(value).startsWith("processing timer")) {
                fired.countDown();
            }
        }), target);
        assertEquals(expected, SortedResults.sorted(results));
    }

    @Test
    void pendingProcessingTimeTimersFireAtTheEndOfInputInTimeOrderAsOnWeir() throws Exception {
        // timers far in the future of both clocks: they fire only when processing time jumps to the end at end of input
        final Function<Sink<Object>, StreamPipeline> pipeline = sink -> punctuated("end of input",
                "a,100,2", "a,200,3", "b,300,4", "a,400,9", "b,500,1")
                .keyBy(KEY).process(new FutureProcessingTimers())
                .sideOutput(FIRED, (value, timestamp) -> sink.accept("fired " + value, timestamp))
                .sink(sink);
        final long far = FutureProcessingTimers.FAR;
        // a: 9 deletes 3's timer; 2's firing registers one at 25, before 90; b: 4's firing registers one at 45
        final List<String> expected = List.of(
                "a processing timer 20 fired=[20]@" + MIN,
                "a processing timer 25 fired=[20, 25]@" + MIN,
                "a processing timer 90 fired=[20, 25, 90]@" + MIN,
                "b processing timer 10 fired=[10]@" + MIN,
                "b processing timer 40 fired=[10, 40]@" + MIN,
                "b processing timer 45 fired=[10, 40, 45]@" + MIN,
                "fired a 20@" + (far + 20), "fired a 25@" + (far + 25), "fired a 90@" + (far + 90),
                "fired b 10@" + (far + 10), "fired b 40@" + (far + 40), "fired b 45@" + (far + 45));
        assertEquals(expected, onWeir(pipeline));
        assertEquals(expected, SortedResults.onFlink(pipeline, target));
    }

    @Test
    void aFunctionHoldingADescriptorOfAnUnserializableFunctionIsRefusedNamingTheDescriptor() {
        final String advice = "; make it a Serializable class, or cast the lambda to an intersection with Serializable,"
                + " e.g. (Function<A, B> & Serializable)";
        assertEquals("step 3 (process): the function cannot be shipped to Flink's tasks: it holds a value that is not serializable:"
                + " the reduce function of the ReducingStateDescriptor 'sum' (a lambda)" + advice,
                refusal(new HoldsItsDescriptor(new ReducingStateDescriptor<Long>("sum", Long::sum))));
        // a class of its own, which has a name to give
        assertEquals("step 3 (process): the function cannot be shipped to Flink's tasks: it holds a value that is not serializable:"
                + " the reduce function of the ReducingStateDescriptor 'max' (dev.weir.flink.translation.FlinkKeyedProcessTest$1)" + advice,
                refusal(new HoldsItsDescriptor(new ReducingStateDescriptor<>("max", new ReduceFunction<Long>() {
                    @Override
                    public Long reduce(final Long accumulated, final Long value) {
                        return Math.max(accumulated, value);
                    }
                }))));
    }

    private static String refusal(final KeyedProcessFunction<String, String, String> function) {
        return assertThrows(FlinkTranslationException.class,
                () -> FlinkRunner.execute(punctuated("held descriptor", "a,1,1").keyBy(KEY).process(function)
                        .sink((value, timestamp) -> { }), FlinkTarget.local(1))).getMessage();
    }

    private static dev.weir.api.DataStream<String> punctuated(final String name, final String... elements) {
        return StreamPipeline.named(name)
                .from("trades", CollectionSource.of(List.of(elements)), WatermarkStrategy.<String>forPunctuation(MARKER).withTimestampAssigner(TIMESTAMP), 1)
                .filter(NOT_MARKER);
    }

    private static List<String> onWeir(final Function<Sink<Object>, StreamPipeline> pipeline) {
        return SortedResults.onWeir(pipeline);
    }

    /** Counts the key's records and registers an event-time timer 100 ms after each; prints what the context says. */
    private static final class CountThenTimer implements KeyedProcessFunction<String, String, String>, Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public void processElement(final String line, final Context<String> ctx, final Collector<String> out) {
            final ValueState<Long> count = ctx.state(COUNT);
            final long counted = count.value() == null ? 1 : count.value() + 1;
            count.update(counted);
            ctx.registerEventTimeTimer(ctx.timestamp() + 100);
            out.collect(ctx.currentKey() + " record " + ctx.timestamp() + " wm=" + ctx.currentWatermark() + " count=" + counted);
        }

        @Override
        public void onTimer(final long timestamp, final Context<String> ctx, final Collector<String> out) {
            out.collect(ctx.currentKey() + " timer " + timestamp + " ts=" + ctx.timestamp() + " wm=" + ctx.currentWatermark() + " count="
                    + ctx.state(COUNT).value());
        }
    }

    /**
     * Registers a processing-time timer at {@link #FAR} plus ten times the value; a 9 deletes the
     * key's timer of a 3; the firing of a timer of an even value registers one 5 later. Each firing
     * tells the firings of its key so far, so the order of one key's firings shows.
     */
    private static final class FutureProcessingTimers implements KeyedProcessFunction<String, String, String>, Serializable {
        /** A processing time far past both clocks' now (the year 2096). */
        static final long FAR = 4_000_000_000_000L;
        private static final long serialVersionUID = 1L;

        @Override
        public void processElement(final String line, final Context<String> ctx, final Collector<String> out) {
            ctx.registerProcessingTimeTimer(FAR + 10 * value(line));
            if (value(line) == 9) {
                ctx.deleteProcessingTimeTimer(FAR + 30);
            }
        }

        @Override
        public void onTimer(final long timestamp, final Context<String> ctx, final Collector<String> out) {
            final long offset = timestamp - FAR;
            final ListState<Long> fired = ctx.state(VALUES);
            fired.add(offset);
            out.collect(ctx.currentKey() + " processing timer " + offset + " fired=" + fired.get());
            ctx.output(FIRED, ctx.currentKey() + " " + offset);
            if (offset % 10 == 0 && offset / 10 % 2 == 0) {
                ctx.registerProcessingTimeTimer(timestamp + 5);
            }
        }
    }

    /** Keeps a state descriptor in a field, given by the test: it ships only if the descriptor's function does. */
    private static final class HoldsItsDescriptor implements KeyedProcessFunction<String, String, String>, Serializable {
        private static final long serialVersionUID = 1L;

        private final StateDescriptor<?> held;

        HoldsItsDescriptor(final StateDescriptor<?> held) {
            this.held = held;
        }

        @Override
        public void processElement(final String line, final Context<String> ctx, final Collector<String> out) {
            ctx.state(held).clear();
        }
    }

    /** Registers an event-time timer at the record's value, or deletes the one at its absolute value when negative. */
    private static final class TimersByValue implements KeyedProcessFunction<String, String, String>, Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public void processElement(final String line, final Context<String> ctx, final Collector<String> out) {
            final long time = value(line);
            if (time > 0) {
                ctx.registerEventTimeTimer(time);
            } else {
                ctx.deleteEventTimeTimer(-time);
            }
        }

        @Override
        public void onTimer(final long timestamp, final Context<String> ctx, final Collector<String> out) {
            out.collect(ctx.currentKey() + " timer " + timestamp);
        }
    }

    /** Keeps the last record, the values, their sum and count-and-sum; a timer 1000 ms after each record clears the first two. */
    private static final class AllStates implements KeyedProcessFunction<String, String, String>, Serializable {
        private static final long serialVersionUID = 1L;

        // in fields, as a function is written: Weir's descriptors, with a built-in or a serializable function, are shipped with it
        private final ValueStateDescriptor<String> last = new ValueStateDescriptor<>("last");
        private final ListStateDescriptor<Long> values = new ListStateDescriptor<>("values");
        private final ReducingStateDescriptor<Long> sum = new ReducingStateDescriptor<>("sum", LongReductions.SUM);
        private final AggregatingStateDescriptor<String, long[], String> countAndSum =
                new AggregatingStateDescriptor<>("count-and-sum", new PipelineFunctions.CountAndSum());

        @Override
        public void processElement(final String line, final Context<String> ctx, final Collector<String> out) {
            ctx.state(last).update(line);
            ctx.state(values).add(value(line));
            ctx.state(sum).add(value(line));
            ctx.state(countAndSum).add(line);
            ctx.registerEventTimeTimer(ctx.timestamp() + 1000);
            out.collect(ctx.currentKey() + " " + line + reads(ctx));
        }

        @Override
        public void onTimer(final long timestamp, final Context<String> ctx, final Collector<String> out) {
            ctx.state(last).clear();
            ctx.state(values).clear();
            out.collect(ctx.currentKey() + " timer " + timestamp + reads(ctx));
        }

        private String reads(final Context<String> ctx) {
            final ValueState<String> lastLine = ctx.state(last);
            final ListState<Long> all = ctx.state(values);
            final ReducingState<Long> total = ctx.state(sum);
            final AggregatingState<String, String> aggregate = ctx.state(countAndSum);
            return " last=" + lastLine.value() + " values=" + all.get() + " sum=" + total.get() + " aggregate=" + aggregate.get();
        }
    }

    /** Odd values to the side output {@code odd}, even ones on; a timer 10 ms after each record, told on the main and a side output. */
    private static final class OddToSideOutput implements KeyedProcessFunction<String, String, String>, Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public void processElement(final String line, final Context<String> ctx, final Collector<String> out) {
            if (value(line) % 2 != 0) {
                ctx.output(ODD, line);
            } else {
                out.collect(line);
            }
            ctx.registerEventTimeTimer(ctx.timestamp() + 10);
        }

        @Override
        public void onTimer(final long timestamp, final Context<String> ctx, final Collector<String> out) {
            out.collect("timer " + ctx.currentKey() + " " + timestamp);
            ctx.output(FIRED, ctx.currentKey() + " " + timestamp);
        }
    }

    /** Registers one processing-time timer per key, at time 0; passes records on. */
    private static final class TimerInThePast implements KeyedProcessFunction<String, String, String>, Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public void processElement(final String line, final Context<String> ctx, final Collector<String> out) {
            if (ctx.state(REGISTERED).value() == null) {
                ctx.state(REGISTERED).update(true);
                ctx.registerProcessingTimeTimer(0);
            }
            out.collect(line);
        }

        @Override
        public void onTimer(final long timestamp, final Context<String> ctx, final Collector<String> out) {
            out.collect("processing timer " + ctx.currentKey() + " " + timestamp + " ts=" + ctx.timestamp());
            ctx.output(FIRED, ctx.currentKey());
        }
    }
}
