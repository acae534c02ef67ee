package dev.weir.api;

import dev.weir.operator.FlatMapOperator;
import dev.weir.operator.KeySelector;
import dev.weir.operator.KeyedProcessFunction;
import dev.weir.operator.KeyedProcessOperator;
import dev.weir.operator.MapOperator;
import dev.weir.operator.OperatorFactory;
import dev.weir.operator.OutputTag;
import dev.weir.operator.TimestampsAndWatermarksOperator;
import dev.weir.plan.FilterStep;
import dev.weir.plan.FlatMapStep;
import dev.weir.plan.KeyByStep;
import dev.weir.plan.KeyedProcessStep;
import dev.weir.plan.LogicalPlan;
import dev.weir.plan.MapStep;
import dev.weir.plan.PlanStep;
import dev.weir.plan.TimestampsStep;
import dev.weir.plan.TransformStep;
import dev.weir.plan.WindowStep;
import dev.weir.state.AggregateFunction;
import dev.weir.state.ReduceFunction;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.Evictor;
import dev.weir.window.ProcessWindowFunction;
import dev.weir.window.Trigger;
import dev.weir.window.WindowAssigner;
import dev.weir.window.WindowOperator;
import dev.weir.window.WindowOperatorBuilder;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The operator of each operator step of a logical plan, made from the step's own fields (and a
 * keyed step's {@link KeyByStep}), and its name in the stage: what a task runs for the step.
 */
final class StepOperators {
    private StepOperators() {
    }

    /**
     * @param step an operator step: neither a source, a keyBy, a sink nor a side output
     * @return the name of its operator in the stage's chain, as metrics and checkpoints know it
     */
    static String name(final PlanStep step) {
        if (step instanceof MapStep) {
            return "map";
        }
        if (step instanceof FilterStep) {
            return "filter";
        }
        if (step instanceof FlatMapStep) {
            return "flatMap";
        }
        if (step instanceof TimestampsStep) {
            return "timestamps";
        }
        if (step instanceof TransformStep transform) {
            return transform.name();
        }
        if (step instanceof KeyedProcessStep) {
            return "process";
        }
        if (step instanceof WindowStep) {
            return WindowOperator.DEFAULT_NAME;
        }
        throw new IllegalArgumentException(step.getClass().getSimpleName() + " runs no operator");
    }

    /**
     * @param plan the plan holding the step
     * @param index the step's index in the plan
     * @return the factory of its operator, one per task instance
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static OperatorFactory<?, ?> of(final LogicalPlan plan, final int index) {
        final PlanStep step = plan.steps().get(index);
        if (step instanceof MapStep map) {
            final Function mapper = map.mapper();
            return () -> new MapOperator<>(mapper);
        }
        if (step instanceof FilterStep filter) {
            final Predicate predicate = filter.predicate();
            return () -> new FlatMapOperator<Object, Object>((value, out) -> {
                if (predicate.test(value)) {
                    out.collect(value);
                }
            });
        }
        if (step instanceof FlatMapStep flatMap) {
            final BiConsumer function = flatMap.function();
            return () -> new FlatMapOperator<>(function);
        }
        if (step instanceof TimestampsStep timestamps) {
            final WatermarkStrategy strategy = timestamps.watermarks();
            return () -> new TimestampsAndWatermarksOperator<>(strategy);
        }
        if (step instanceof TransformStep transform) {
            return transform.operator();
        }
        if (step instanceof KeyedProcessStep process) {
            final KeySelector keys = keyOf(plan, index);
            final KeyedProcessFunction function = process.function();
            return () -> new KeyedProcessOperator<>(keys, function);
        }
        if (step instanceof WindowStep window) {
            return window(keyOf(plan, index), window);
        }
        throw new IllegalArgumentException(plan.describe(index) + " runs no operator");
    }

    /** @return the key of the records a keyed step reads: its {@link KeyByStep}'s */
    private static KeySelector<?, ?> keyOf(final LogicalPlan plan, final int index) {
        if (!(plan.inputOf(index) instanceof KeyByStep keyBy)) {
            throw new IllegalArgumentException(plan.describe(index) + " reads no keyed stream");
        }
        return keyBy.keySelector();
    }

    /** @return the window operator the step describes, as {@code WindowOperatorBuilder} builds it */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static OperatorFactory<?, ?> window(final KeySelector keys, final WindowStep step) {
        final WindowOperatorBuilder builder = WindowOperatorBuilder.of(keys, (WindowAssigner) step.assigner());
        if (step.trigger() != null) {
            builder.trigger((Trigger) step.trigger());
        }
        if (step.evictor() != null) {
            builder.evictor((Evictor) step.evictor());
        }
        builder.allowedLateness(step.allowedLatenessMillis());
        if (step.lateDataTag() != null) {
            builder.sideOutputLateData((OutputTag) step.lateDataTag());
        }
        return switch (step.function()) {
            case REDUCE -> builder.reduce((ReduceFunction) step.reduce());
            case AGGREGATE -> builder.aggregate((AggregateFunction) step.aggregate());
            case AGGREGATE_PROCESS -> builder.aggregate((AggregateFunction) step.aggregate(), (ProcessWindowFunction) step.process());
            case PROCESS -> builder.process((ProcessWindowFunction) step.process());
        };
    }
}
