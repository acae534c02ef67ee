package dev.weir.flink;

import static dev.weir.flink.PipelineFunctions.field;
import static dev.weir.flink.PipelineFunctions.value;

import dev.weir.operator.Collector;
import dev.weir.operator.OutputTag;
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
import java.util.Iterator;

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
        public void evictBefore(final java.util.List<TimestampedValue<String>> elements, final Window window, final long currentWatermark) {
            for (final Iterator<TimestampedValue<String>> it = elements.iterator(); it.hasNext();) {
                if (value(it.next().value()) % 2 == 1) {
                    it.remove();
                }
            }
        }

        @Override
        public void evictAfter(final java.util.List<TimestampedValue<String>> elements, final Window window, final long currentWatermark) {
            // evicts before the function only
        }
    }

    /**
     * {@code key window [v1 v2 ...] wm=W} for each firing, the values in the window's order, and each
     * value of 5 or more to {@link #BIG} as {@code key:value}.
     */
    static final class Describe<W extends Window> implements ProcessWindowFunction<String, String, String, W>, Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public void process(final String key, final Context<W> context, final Iterable<String> elements, final Collector<String> out) {
            final StringBuilder values = new StringBuilder();
            for (final String element : elements) {
                values.append(values.length() == 0 ? "" : " ").append(field(element, 2));
                if (value(element) >= 5) {
                    context.output(BIG, key + ":" + field(element, 2));
                }
            }
            out.collect(key + " " + context.window() + " [" + values + "] wm=" + context.currentWatermark());
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
}
