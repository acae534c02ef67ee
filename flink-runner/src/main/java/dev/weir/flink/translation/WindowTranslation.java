package dev.weir.flink.translation;

import dev.weir.flink.state.FlinkAggregate;
import dev.weir.flink.state.FlinkReduce;
import dev.weir.flink.window.FlinkEvictors;
import dev.weir.flink.window.FlinkProcessWindow;
import dev.weir.flink.window.FlinkTriggers;
import dev.weir.flink.window.FlinkWindowRange;
import dev.weir.flink.window.WindowArithmetic;
import dev.weir.flink.window.WindowRangeGuard;
import dev.weir.plan.WindowStep;
import dev.weir.window.EventTimeSessionWindows;
import dev.weir.window.Trigger;
import java.time.Duration;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.datastream.WindowedStream;
import org.apache.flink.streaming.api.windowing.windows.Window;
import org.apache.flink.util.OutputTag;

/**
 * One {@code KeyedStream.window(...)} step as Flink's windowed stream (docs/flink.md): the
 * assigner ({@link FlinkWindows}), the trigger ({@link FlinkTriggers}), the evictor
 * ({@link FlinkEvictors}), allowed lateness, the side output of late data under the tag's id, and
 * the window function: reduce, aggregate, process ({@link FlinkProcessWindow}) or aggregate with
 * process. Stateless.
 */
final class WindowTranslation {
    private static final TypeInformation<Object> ANY = TypeInformation.of(Object.class);

    private WindowTranslation() {
    }

    /**
     * Refuses, before anything is built, a window Flink would run differently from Weir.
     *
     * @param index the step's index
     * @param step the window step
     * @param timestamps every event time that can reach the window, or null when they are not known before the job runs
     * @throws FlinkTranslationException naming the step and the reason
     */
    static void check(final int index, final WindowStep step, final long[] timestamps) {
        final String kind = PipelineTranslation.kindOf(step);
        FlinkWindows.assignerOf(step, index);
        final WindowArithmetic arithmetic = FlinkWindows.arithmeticOf(step);
        if (timestamps != null && !guarded(step, timestamps)) {
            for (final long timestamp : timestamps) {
                final String wrapped = FlinkWindowRange.wrapped(arithmetic, arithmetic.gapMillis(), timestamp);
                if (wrapped != null) {
                    throw new FlinkTranslationException(index, kind, "a record at event time " + wrapped);
                }
            }
        }
        final Trigger<?, ?> trigger = step.trigger();
        if (trigger != null) {
            final String refused = FlinkTriggers.refusal(trigger, arithmetic.kind(), arithmetic.sizeMillis());
            if (refused != null) {
                throw new FlinkTranslationException(index, kind, "the trigger " + trigger + ": " + refused);
            }
            final Trigger<?, ?> shipped = FlinkTriggers.shipped(trigger);
            if (shipped != null) {
                ShippedFunction.require(shipped, index, kind, "the trigger");
            }
        }
        if (step.evictor() != null && FlinkEvictors.wraps(step.evictor())) {
            ShippedFunction.require(step.evictor(), index, kind, "the evictor");
        }
        if (step.reduce() != null) {
            ShippedFunction.require(step.reduce(), index, kind, "the reduce function");
        }
        if (step.aggregate() != null) {
            ShippedFunction.require(step.aggregate(), index, kind, "the aggregate function");
        }
        if (step.process() != null) {
            ShippedFunction.require(step.process(), index, kind, "the process window function");
        }
    }

    /**
     * @param step a window step
     * @param timestamps every event time that can reach the window, or null when they are not known before the job runs
     * @return true if the window's records need the run-time range check ({@link WindowRangeGuard}): their event times
     *     are not known beforehand, or each record chooses its session gap
     */
    static boolean guarded(final WindowStep step, final long[] timestamps) {
        return timestamps == null
                || step.assigner() instanceof EventTimeSessionWindows && ((EventTimeSessionWindows<?>) step.assigner()).hasDynamicGap();
    }

    /**
     * @param index the step's index
     * @param step a window step that {@link #guarded} the run-time check
     * @return the check, to run on the window's records before {@code keyBy}
     */
    static WindowRangeGuard guard(final int index, final WindowStep step) {
        final boolean dynamic = step.assigner() instanceof EventTimeSessionWindows
                && ((EventTimeSessionWindows<?>) step.assigner()).hasDynamicGap();
        return new WindowRangeGuard(index, FlinkWindows.arithmeticOf(step),
                dynamic ? ((EventTimeSessionWindows<?>) step.assigner()).gapExtractor() : null);
    }

    /**
     * @param keyed the keyed stream the step windows
     * @param index the step's index
     * @param step a window step that passed {@link #check}
     * @param <W> Flink's window type
     * @return the window's results; its side outputs hold the late data and what the process function outputs
     */
    static <W extends Window> SingleOutputStreamOperator<Object> build(final KeyedStream<Object, Object> keyed, final int index,
            final WindowStep step) {
        WindowedStream<Object, Object, W> windowed = keyed.window(FlinkWindows.<W>assignerOf(step, index));
        if (step.trigger() != null) {
            windowed = windowed.trigger(FlinkTriggers.<W>of(step.trigger()));
        }
        if (step.evictor() != null) {
            windowed = windowed.evictor(FlinkEvictors.<W>of(step.evictor()));
        }
        windowed = windowed.allowedLateness(Duration.ofMillis(step.allowedLatenessMillis()));
        if (step.lateDataTag() != null) {
            windowed = windowed.sideOutputLateData(new OutputTag<>(step.lateDataTag().id(), ANY));
        }
        switch (step.function()) {
            case REDUCE:
                return windowed.reduce(new FlinkReduce(step.reduce()));
            case AGGREGATE:
                return windowed.aggregate(new FlinkAggregate(step.aggregate()), ANY, ANY);
            case PROCESS:
                return windowed.process(new FlinkProcessWindow<W>(step.process()), ANY);
            case AGGREGATE_PROCESS:
            default:
                return windowed.aggregate(new FlinkAggregate(step.aggregate()), new FlinkProcessWindow<W>(step.process()), ANY, ANY, ANY);
        }
    }
}
