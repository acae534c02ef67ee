package dev.weir.flink.translation;

import static dev.weir.flink.PipelineFunctions.field;
import static dev.weir.flink.PipelineFunctions.value;

import dev.weir.flink.PipelineFunctions;
import dev.weir.operator.Collector;
import dev.weir.operator.OutputTag;
import dev.weir.state.ReduceFunction;
import dev.weir.state.ReducingState;
import dev.weir.state.ReducingStateDescriptor;
import dev.weir.state.ValueState;
import dev.weir.state.ValueStateDescriptor;
import dev.weir.window.Evictor;
import dev.weir.window.OnMergeContext;
import dev.weir.window.ProcessWindowFunction;
import dev.weir.window.SessionGapExtractor;
import dev.weir.window.TimestampedValue;
import dev.weir.window.Trigger;
import dev.weir.window.TriggerContext;
import dev.weir.window.TriggerResult;
import dev.weir.window.Window;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;

/**
 * The serializable user triggers, evictors, gaps and window functions of the window tests; records
 * are lines {@code key,timestamp,value} as in {@link PipelineFunctions}.
 */
final class WindowFunctions {
    /** Where {@link Describe} sends the values of 5 and more. */
    static final OutputTag<String> BIG = new OutputTag<>("big");
    /** A session's gap: 100 ms per unit of the record's value. */
    static final SessionGapExtractor<String> GAP_BY_VALUE = (SessionGapExtractor<String> & Serializable) line -> 100 * value(line);

    private WindowFunctions() {
    }

    /**
     * Fires and purges the window at once on a value of 5 or more, else fires when the watermark
     * passes the window's end, as the event-time trigger does; merges.
     */
    static final class FireOnBigValue implements Trigger<String, Window>, Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public TriggerResult onElement(final String element, final long timestamp, final Window window, final TriggerContext ctx) {
            if (value(element) >= 5) {
                return TriggerResult.FIRE_AND_PURGE;
            }
            if (window.maxTimestamp() <= ctx.currentWatermark()) {
                return TriggerResult.FIRE;
            }
            ctx.registerEventTimeTimer(window.maxTimestamp());
            return TriggerResult.CONTINUE;
        }

        @Override
        public TriggerResult onEventTime(final long time, final Window window, final TriggerContext ctx) {
            return time == window.maxTimestamp() ? TriggerResult.FIRE : TriggerResult.CONTINUE;
        }

        @Override
        public TriggerResult onProcessingTime(final long time, final Window window, final TriggerContext ctx) {
            return TriggerResult.CONTINUE;
        }

        @Override
        public void clear(final Window window, final TriggerContext ctx) {
            ctx.deleteEventTimeTimer(window.maxTimestamp());
        }

        @Override
        public boolean canMerge() {
            return true;
        }

        @Override
        public void onMerge(final Window window, final OnMergeContext ctx) {
            if (window.maxTimestamp() > ctx.currentWatermark()) {
                ctx.registerEventTimeTimer(window.maxTimestamp());
            }
        }

        @Override
        public String toString() {
            return "FireOnBigValue";
        }
    }

    /** Removes the records with an odd value before the window function. */
    static final class DropOddValues implements Evictor<String, Window>, Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public void evictBefore(final List<TimestampedValue<String>> elements, final Window window, final long currentWatermark) {
            for (final Iterator<TimestampedValue<String>> it = elements.iterator(); it.hasNext();) {
                if (value(it.next().value()) % 2 == 1) {
                    it.remove();
                }
            }
        }

        @Override
        public void evictAfter(final List<TimestampedValue<String>> elements, final Window window, final long currentWatermark) {
            // evicts before the function only
        }

        @Override
        public String toString() {
            return "DropOddValues";
        }
    }

    /**
     * {@code key window [v1 v2 ...] wm=W} for each firing, the values in the window's order or sorted, and each
     * value of 5 or more to {@link #BIG} as {@code key:value}.
     */
    static final class Describe<W extends Window> implements ProcessWindowFunction<String, String, String, W>, Serializable {
        private static final long serialVersionUID = 1L;

        private final boolean sorted;

        /** @param sorted whether the values are listed in ascending order instead of the window's */
        Describe(final boolean sorted) {
            this.sorted = sorted;
        }

        @Override
        public void process(final String key, final Context<W> context, final Iterable<String> elements, final Collector<String> out) {
            final List<String> values = new ArrayList<>();
            for (final String element : elements) {
                values.add(field(element, 2));
                if (value(element) >= 5) {
                    context.output(BIG, key + ":" + field(element, 2));
                }
            }
            if (sorted) {
                Collections.sort(values);
            }
            out.collect(key + " " + context.window() + " [" + String.join(" ", values) + "] wm=" + context.currentWatermark());
        }
    }

    /** {@code key window result wm=W} for an aggregate's result. */
    static final class DescribeResult<W extends Window> implements ProcessWindowFunction<String, String, String, W>, Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public void process(final String key, final Context<W> context, final Iterable<String> results, final Collector<String> out) {
            for (final String result : results) {
                out.collect(key + " " + context.window() + " " + result + " wm=" + context.currentWatermark());
            }
        }
    }

    /**
     * Fires every second record of a window, counted in partitioned reducing state, and when the
     * watermark passes the window's end; merges the counts of merged windows.
     */
    static final class EverySecondRecord implements Trigger<String, Window>, Serializable {
        private static final long serialVersionUID = 1L;

        // shipped with the trigger: its reduce function must be serializable too
        private final ReducingStateDescriptor<Long> count = new ReducingStateDescriptor<>("count",
                (ReduceFunction<Long> & Serializable) Long::sum);

        @Override
        public TriggerResult onElement(final String element, final long timestamp, final Window window, final TriggerContext ctx) {
            final ReducingState<Long> records = ctx.partitionedState(count);
            records.add(1L);
            ctx.registerEventTimeTimer(window.maxTimestamp());
            if (records.get() >= 2) {
                records.clear();
                return TriggerResult.FIRE;
            }
            return TriggerResult.CONTINUE;
        }

        @Override
        public TriggerResult onEventTime(final long time, final Window window, final TriggerContext ctx) {
            return time == window.maxTimestamp() ? TriggerResult.FIRE : TriggerResult.CONTINUE;
        }

        @Override
        public TriggerResult onProcessingTime(final long time, final Window window, final TriggerContext ctx) {
            return TriggerResult.CONTINUE;
        }

        @Override
        public void clear(final Window window, final TriggerContext ctx) {
            ctx.partitionedState(count).clear();
            ctx.deleteEventTimeTimer(window.maxTimestamp());
        }

        @Override
        public boolean canMerge() {
            return true;
        }

        @Override
        public void onMerge(final Window window, final OnMergeContext ctx) {
            ctx.mergePartitionedState(count);
            ctx.registerEventTimeTimer(window.maxTimestamp());
        }

        @Override
        public String toString() {
            return "EverySecondRecord";
        }
    }

    /**
     * {@code key window firing=N total=M wm=W}: N counts the firings of the window in window state,
     * M those of the key in global state; the window's count goes when the window is cleaned up.
     */
    static final class CountFirings<W extends Window> implements ProcessWindowFunction<String, String, String, W>, Serializable {
        private static final long serialVersionUID = 1L;

        private final ValueStateDescriptor<Long> firings = new ValueStateDescriptor<>("firings");
        private final ValueStateDescriptor<Long> total = new ValueStateDescriptor<>("total");

        @Override
        public void process(final String key, final Context<W> context, final Iterable<String> elements, final Collector<String> out) {
            final ValueState<Long> window = context.windowState(firings);
            final ValueState<Long> all = context.globalState(total);
            window.update(window.value() == null ? 1 : window.value() + 1);
            all.update(all.value() == null ? 1 : all.value() + 1);
            out.collect(key + " " + context.window() + " firing=" + window.value() + " total=" + all.value() + " wm=" + context.currentWatermark());
        }

        @Override
        public void clear(final Context<W> context) {
            context.windowState(firings).clear();
        }
    }
}
