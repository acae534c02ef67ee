package dev.weir.flink.translation;

import static dev.weir.flink.PipelineFunctions.field;

import dev.weir.flink.PipelineFunctions;
import dev.weir.operator.AsOfJoinFunction;
import dev.weir.operator.BroadcastProcessFunction;
import dev.weir.operator.CoFlatMapFunction;
import dev.weir.operator.CoMapFunction;
import dev.weir.operator.CoProcessFunction;
import dev.weir.operator.Collector;
import dev.weir.operator.JoinFunction;
import dev.weir.operator.KeyedBroadcastProcessFunction;
import dev.weir.operator.KeyedCoProcessFunction;
import dev.weir.operator.OutputTag;
import dev.weir.operator.ProcessJoinFunction;
import dev.weir.state.ListState;
import dev.weir.state.ListStateDescriptor;
import dev.weir.state.MapStateDescriptor;
import dev.weir.state.ReadOnlyBroadcastState;
import dev.weir.state.ValueState;
import dev.weir.state.ValueStateDescriptor;
import dev.weir.window.TaggedUnion;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The serializable two-input functions of the generated graph pipelines ({@link FlinkGraphDifferentialTest}). Records are
 * lines {@code key,timestamp,value}. Every function gives results that depend on the input alone, not on how the two
 * inputs interleave: what it emits per record depends on that record, and what it emits at an event-time timer depends
 * only on the records at or below the timer's time, which have all arrived once the watermark reaches it (no generated
 * record is behind its own input's watermark).
 */
final class GraphFunctions {
    /** The broadcast state of the rate records. */
    static final MapStateDescriptor<Long, Long> RATES = new MapStateDescriptor<>("rates", Long.class, Long.class);
    static final Function<String, TaggedUnion<String, String>> TAG_ONE =
            (Function<String, TaggedUnion<String, String>> & Serializable) TaggedUnion::one;
    static final Function<String, TaggedUnion<String, String>> TAG_TWO =
            (Function<String, TaggedUnion<String, String>> & Serializable) TaggedUnion::two;
    static final JoinFunction<String, String, String> PAIR = (JoinFunction<String, String, String> & Serializable) (first, second) ->
            field(first, 0) + ":" + field(first, 2) + "x" + field(second, 2) + "(" + field(first, 1) + "/" + field(second, 1) + ")";
    static final ProcessJoinFunction<String, String, String> JOINED = (ProcessJoinFunction<String, String, String> & Serializable)
            (left, right, ctx, out) -> out.collect(field(left, 0) + ":" + field(left, 2) + "," + field(right, 2) + "@" + ctx.leftTimestamp()
                    + "/" + ctx.rightTimestamp() + "=" + ctx.timestamp());
    static final AsOfJoinFunction<String, String, String> AS_OF = (AsOfJoinFunction<String, String, String> & Serializable)
            (left, right, ctx, out) -> out.collect(left + "~" + (right == null ? "none" : right) + "@" + ctx.rightTimestamp() + " key="
                    + ctx.currentKey());

    private GraphFunctions() {
    }

    private static long timestamp(final String line) {
        return Long.parseLong(field(line, 1));
    }

    private static long value(final String line) {
        return Long.parseLong(field(line, 2));
    }

    /** Tags each record with its input. */
    static final class TagSides implements CoMapFunction<String, String, String>, Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public String map1(final String value) {
            return "1|" + value;
        }

        @Override
        public String map2(final String value) {
            return "2|" + value;
        }
    }

    /** Input 1's records twice, input 2's odd values once. */
    static final class SplitSides implements CoFlatMapFunction<String, String, String>, Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public void flatMap1(final String value, final Collector<String> out) {
            out.collect("a|" + value);
            out.collect("b|" + value);
        }

        @Override
        public void flatMap2(final String value, final Collector<String> out) {
            if (value(value) % 2 == 1) {
                out.collect("odd|" + value);
            }
        }
    }

    /**
     * Keeps each record of either input in list state and sets an event-time timer {@code delay} after it; a timer emits
     * the count and sum of the kept records at or below its time and keeps the rest. Input 2's records also go to
     * the side output given.
     */
    static final class SumAtTimers implements KeyedCoProcessFunction<String, String, String, String>, Serializable {
        private static final long serialVersionUID = 1L;
        private static final ListStateDescriptor<String> PENDING = new ListStateDescriptor<>("pending");

        private final long delay;
        /** The side output's id: Weir's tags are equal by id, and a String ships where a tag would not. */
        private final String seen;

        SumAtTimers(final long delay, final OutputTag<String> seen) {
            this.delay = delay;
            this.seen = seen.id();
        }

        @Override
        public void processElement1(final String value, final Context<String> ctx, final Collector<String> out) {
            keep(value, ctx);
        }

        @Override
        public void processElement2(final String value, final Context<String> ctx, final Collector<String> out) {
            keep(value, ctx);
            ctx.output(new OutputTag<String>(seen), "seen:" + value);
        }

        private void keep(final String value, final Context<String> ctx) {
            ctx.<ListState<String>>state(PENDING).add(value);
            ctx.timerService().registerEventTimeTimer(ctx.timestamp() + delay);
        }

        @Override
        public void onTimer(final long timestamp, final OnTimerContext<String> ctx, final Collector<String> out) {
            final ListState<String> pending = ctx.state(PENDING);
            final Iterable<String> kept = pending.get();
            final List<String> rest = new ArrayList<>();
            long sum = 0;
            int count = 0;
            if (kept != null) {
                for (final String line : kept) {
                    if (timestamp(line) <= timestamp) {
                        sum += value(line);
                        count++;
                    } else {
                        rest.add(line);
                    }
                }
            }
            pending.update(rest);
            if (count > 0) {
                out.collect(ctx.getCurrentKey() + " at " + timestamp + " " + ctx.timeDomain() + ": count=" + count + " sum=" + sum);
            }
        }
    }

    /**
     * {@link SumAtTimers} as a {@code CoProcessFunction} over keyed connected streams, whose context has no key: each
     * record of either input is kept in the key's list state with an event-time timer {@code delay} after it, and the
     * key's own state remembers the key; every timer emits the key, the count and the sum of the kept records at or
     * below its time (zero when none), so a timer set twice for one time and key would show twice.
     */
    static final class PlainSumAtTimers implements CoProcessFunction<String, String, String>, Serializable {
        private static final long serialVersionUID = 1L;
        private static final ListStateDescriptor<String> PENDING = new ListStateDescriptor<>("pending");
        private static final ValueStateDescriptor<String> KEY = new ValueStateDescriptor<>("key");

        private final long delay;

        PlainSumAtTimers(final long delay) {
            this.delay = delay;
        }

        @Override
        public void processElement1(final String value, final Context ctx, final Collector<String> out) {
            keep(value, ctx);
        }

        @Override
        public void processElement2(final String value, final Context ctx, final Collector<String> out) {
            keep(value, ctx);
        }

        private void keep(final String value, final Context ctx) {
            ctx.<ValueState<String>>state(KEY).update(field(value, 0));
            ctx.<ListState<String>>state(PENDING).add(value);
            ctx.timerService().registerEventTimeTimer(ctx.timestamp() + delay);
        }

        @Override
        public void onTimer(final long timestamp, final OnTimerContext ctx, final Collector<String> out) {
            final ListState<String> pending = ctx.state(PENDING);
            final Iterable<String> kept = pending.get();
            final List<String> rest = new ArrayList<>();
            long sum = 0;
            int count = 0;
            if (kept != null) {
                for (final String line : kept) {
                    if (timestamp(line) <= timestamp) {
                        sum += value(line);
                        count++;
                    } else {
                        rest.add(line);
                    }
                }
            }
            pending.update(rest);
            out.collect(ctx.<ValueState<String>>state(KEY).value() + " at " + timestamp + " " + ctx.timeDomain() + ": count=" + count
                    + " sum=" + sum);
        }
    }

    /**
     * The keyed side keeps its records and sets a timer at each; the broadcast side puts each rate record into
     * {@link #RATES} by its timestamp. A timer emits each kept record at or below its time with the sum of the rates
     * at or below the record's timestamp.
     */
    static final class RatesAtTimers implements KeyedBroadcastProcessFunction<String, String, String, String>, Serializable {
        private static final long serialVersionUID = 1L;
        private static final ListStateDescriptor<String> PENDING = new ListStateDescriptor<>("pending");

        @Override
        public void processElement(final String value, final ReadOnlyContext<String> ctx, final Collector<String> out) {
            ctx.<ListState<String>>state(PENDING).add(value);
            ctx.timerService().registerEventTimeTimer(ctx.timestamp());
        }

        @Override
        public void processBroadcastElement(final String value, final Context<String> ctx, final Collector<String> out) {
            ctx.getBroadcastState(RATES).put(timestamp(value), value(value));
        }

        @Override
        public void onTimer(final long timestamp, final OnTimerContext<String> ctx, final Collector<String> out) {
            final ListState<String> pending = ctx.state(PENDING);
            final ReadOnlyBroadcastState<Long, Long> rates = ctx.getBroadcastState(RATES);
            final List<String> rest = new ArrayList<>();
            final Iterable<String> kept = pending.get();
            if (kept != null) {
                for (final String line : kept) {
                    if (timestamp(line) > timestamp) {
                        rest.add(line);
                        continue;
                    }
                    long rate = 0;
                    for (final Map.Entry<Long, Long> entry : rates.immutableEntries()) {
                        rate += entry.getKey() <= timestamp(line) ? entry.getValue() : 0;
                    }
                    out.collect(line + " rate=" + rate);
                }
            }
            pending.update(rest);
        }
    }

    /** Tags each record with its input, its timestamp and whether the watermark is still below it (always, for these inputs). */
    static final class StampSides implements CoProcessFunction<String, String, String>, Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public void processElement1(final String value, final Context ctx, final Collector<String> out) {
            out.collect("p1|" + value + "@" + ctx.timestamp() + " wm<ts:" + (ctx.timerService().currentWatermark() < ctx.timestamp()));
        }

        @Override
        public void processElement2(final String value, final Context ctx, final Collector<String> out) {
            out.collect("p2|" + value + "@" + ctx.timestamp());
        }
    }

    /** Passes the non-broadcast side's records on and keeps the broadcast side's in {@link #RATES}. */
    static final class PassAndKeepRates implements BroadcastProcessFunction<String, String, String>, Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public void processElement(final String value, final ReadOnlyContext ctx, final Collector<String> out) {
            out.collect("main|" + value + " wm<=ts:" + (ctx.currentWatermark() < ctx.timestamp()));
        }

        @Override
        public void processBroadcastElement(final String value, final Context ctx, final Collector<String> out) {
            ctx.getBroadcastState(RATES).put(timestamp(value), value(value));
        }
    }
}
