package dev.weir.jobs.scenario;

import dev.weir.operator.KeySelector;
import dev.weir.operator.OperatorFactory;
import dev.weir.operator.OutputTag;
import dev.weir.jobs.file.JobSpec;
import dev.weir.jobs.file.TriggerSpec;
import dev.weir.jobs.file.WatermarkSpec;
import dev.weir.jobs.file.WindowSpec;
import dev.weir.pipelines.record.ScenarioRecord;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.ContinuousEventTimeTrigger;
import dev.weir.window.CountTrigger;
import dev.weir.window.EventTimeSessionWindows;
import dev.weir.window.EventTimeTrigger;
import dev.weir.window.GlobalWindow;
import dev.weir.window.GlobalWindows;
import dev.weir.window.ProcessingTimeTrigger;
import dev.weir.window.ProcessWindowFunction;
import dev.weir.window.PurgingTrigger;
import dev.weir.window.SlidingEventTimeWindows;
import dev.weir.window.TimeWindow;
import dev.weir.window.Trigger;
import dev.weir.window.TumblingEventTimeWindows;
import dev.weir.window.Window;
import dev.weir.window.WindowAssigner;
import dev.weir.window.WindowOperatorBuilder;

/** What a job file's sections make, the same for every runtime: the watermark strategy and the window operator. */
public final class ScenarioOperators {
    /** The late side output of the window operator, printed as {@code LATE} lines. */
    public static final OutputTag<ScenarioRecord> LATE = new OutputTag<>("late");

    private ScenarioOperators() {
    }

    /**
     * @param spec the job's watermarks section
     * @return every channel's timestamps and watermarks (interval 0 means no periodic emission
     *     here: the runtimes emit after every record themselves)
     */
    public static WatermarkStrategy<ScenarioRecord> watermarkStrategy(final WatermarkSpec spec) {
        WatermarkStrategy<ScenarioRecord> strategy;
        switch (spec.kind()) {
            case BOUNDED_OUT_OF_ORDERNESS:
                strategy = WatermarkStrategy.forBoundedOutOfOrderness(spec.maxOutOfOrdernessMillis());
                break;
            case MONOTONOUS:
                strategy = WatermarkStrategy.forMonotonousTimestamps();
                break;
            case EXPLICIT:
                strategy = WatermarkStrategy.explicit();
                break;
            case NONE:
            default:
                strategy = WatermarkStrategy.noWatermarks();
                break;
        }
        strategy = strategy.withPeriodicInterval(spec.intervalMillis());
        if (spec.idlenessMillis() > 0) {
            strategy = strategy.withIdleness(spec.idlenessMillis());
        }
        return strategy;
    }

    /**
     * @param job a job
     * @return true if its window (or its window join's window) fires on processing time (its results then depend on when processing time moves)
     */
    public static boolean usesProcessingTime(final JobSpec job) {
        final WindowSpec window = job.effectiveWindow();
        return window != null && window.trigger() != null && window.trigger().kind() == TriggerSpec.Kind.PROCESSING_TIME;
    }

    /**
     * @param spec the job's window section
     * @return the keyed window operator, printing {@code FIRE} lines and sending late records to {@link #LATE} if asked
     */
    public static OperatorFactory<ScenarioRecord, String> windowOperator(final WindowSpec spec) {
        return windowOperator(spec, WindowResults.FIRE_LINES);
    }

    /**
     * @param spec the job's window section
     * @param results makes the window function: what each firing emits
     * @param <OUT> what each firing emits
     * @return the keyed window operator, sending late records to {@link #LATE} if asked
     */
    public static <OUT> OperatorFactory<ScenarioRecord, OUT> windowOperator(final WindowSpec spec, final WindowResults<OUT> results) {
        return windowOperator(spec, ScenarioRecord::key, results, LATE);
    }

    /**
     * A window join's window operator (docs/semantics.md §7): both inputs' tagged records of one key and window
     * in one window state, paired by {@link WindowJoinFunction} at each firing; late records are dropped and
     * counted (a window join has no late side output).
     *
     * @param spec the join's window section
     * @return the keyed window operator printing {@code JOIN} lines
     */
    public static OperatorFactory<TaggedScenarioRecord, String> windowJoinOperator(final WindowSpec spec) {
        final WindowFunctions<TaggedScenarioRecord, String> joins = new WindowFunctions<>() {
            @Override
            public <W extends Window> ProcessWindowFunction<TaggedScenarioRecord, String, String, W> function() {
                return new WindowJoinFunction<>();
            }
        };
        return windowOperator(spec, TaggedScenarioRecord::key, joins, null);
    }

    private static <IN, OUT> OperatorFactory<IN, OUT> windowOperator(final WindowSpec spec, final KeySelector<IN, String> key,
            final WindowFunctions<IN, OUT> results, final OutputTag<IN> late) {
        switch (spec.kind()) {
            case TUMBLING:
                return timeWindows(spec, key, TumblingEventTimeWindows.<IN>of(spec.sizeMillis(), spec.offsetMillis()), results, late);
            case SLIDING:
                return timeWindows(spec, key, SlidingEventTimeWindows.<IN>of(spec.sizeMillis(), spec.slideMillis(), spec.offsetMillis()),
                        results, late);
            case SESSION:
                return timeWindows(spec, key, EventTimeSessionWindows.<IN>withGap(spec.gapMillis()), results, late);
            case GLOBAL:
            default:
                final WindowOperatorBuilder<IN, String, GlobalWindow> global = WindowOperatorBuilder.of(key, GlobalWindows.<IN>create());
                if (spec.trigger() != null && spec.trigger().kind() == TriggerSpec.Kind.CONTINUOUS_EVENT_TIME) {
                    global.trigger(ContinuousEventTimeTrigger.of(spec.trigger().parameter()));
                } else if (spec.trigger() != null) {
                    global.trigger(countTrigger(spec.trigger()));
                }
                return lateness(global, spec, late).process(results.<GlobalWindow>function());
        }
    }

    private static <IN, OUT> OperatorFactory<IN, OUT> timeWindows(final WindowSpec spec, final KeySelector<IN, String> key,
            final WindowAssigner<IN, TimeWindow> assigner, final WindowFunctions<IN, OUT> results, final OutputTag<IN> late) {
        final WindowOperatorBuilder<IN, String, TimeWindow> builder = WindowOperatorBuilder.of(key, assigner);
        final TriggerSpec trigger = spec.trigger();
        if (trigger != null) {
            switch (trigger.kind()) {
                case EVENT_TIME:
                    builder.trigger(EventTimeTrigger.create());
                    break;
                case PROCESSING_TIME:
                    builder.trigger(ProcessingTimeTrigger.create());
                    break;
                case CONTINUOUS_EVENT_TIME:
                    builder.trigger(ContinuousEventTimeTrigger.of(trigger.parameter()));
                    break;
                default:
                    builder.trigger(countTrigger(trigger));
                    break;
            }
        }
        return lateness(builder, spec, late).process(results.<TimeWindow>function());
    }

    private static <W extends Window> Trigger<Object, W> countTrigger(final TriggerSpec trigger) {
        final CountTrigger<W> count = CountTrigger.of(trigger.parameter());
        if (trigger.kind() == TriggerSpec.Kind.PURGING_COUNT) {
            return PurgingTrigger.of(count);
        }
        if (trigger.kind() == TriggerSpec.Kind.COUNT) {
            return count;
        }
        throw new IllegalArgumentException("trigger " + trigger.kind() + " needs time windows");
    }

    private static <IN, W extends Window> WindowOperatorBuilder<IN, String, W> lateness(
            final WindowOperatorBuilder<IN, String, W> builder, final WindowSpec spec, final OutputTag<IN> late) {
        builder.allowedLateness(spec.allowedLatenessMillis());
        if (spec.sideOutputLateData()) {
            if (late == null) {
                throw new IllegalArgumentException("a window join has no late side output: late records are dropped and counted");
            }
            builder.sideOutputLateData(late);
        }
        return builder;
    }
}
