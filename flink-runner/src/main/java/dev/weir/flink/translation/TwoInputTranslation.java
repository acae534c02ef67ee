package dev.weir.flink.translation;

import dev.weir.flink.state.FlinkBroadcastState;
import dev.weir.operator.KeySelector;
import dev.weir.plan.TwoInputFunction;
import dev.weir.plan.TwoInputStep;
import dev.weir.state.MapStateDescriptor;
import java.time.Duration;
import java.util.List;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.datastream.BroadcastStream;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;

/**
 * A two-input step of the logical plan as Flink's two-input operator of the same kind (docs/flink.md,
 * "Two inputs"): co-map, co-flatMap and co-process over {@code connect}, the keyed co-process and a
 * co-process whose function carries key selectors (keyed state and timers, as Flink runs a
 * co-process over keyed connected streams) over keyed connected streams, the broadcast functions
 * over Flink's {@code broadcast(MapStateDescriptor...)},
 * the interval join as Flink's {@code intervalJoin(...).between(...)}, and the as-of join as a
 * keyed co-process function of Weir's rules ({@link FlinkAsOfJoin}). A step known only by its
 * operator factory is refused. Keyed operators run at the job's parallelism, non-keyed ones at
 * their input 1's, as on Weir.
 */
final class TwoInputTranslation {
    private static final TypeInformation<Object> ANY = TypeInformation.of(Object.class);

    private TwoInputTranslation() {
    }

    /**
     * Refuses, before anything is built, a two-input step Flink cannot run from its description.
     *
     * @param index the step's index
     * @param step the step
     * @throws FlinkTranslationException naming the step
     */
    static void check(final int index, final TwoInputStep step) {
        final String kind = PipelineTranslation.kindOf(step);
        final TwoInputFunction function = step.function();
        if (function == null) {
            throw new FlinkTranslationException(index, kind, "'" + step.name()
                    + "' is an operator known only by its factory; Flink cannot run it from a description");
        }
        ShippedFunction.require(function.function(), index, kind, "the function");
        if (step.key1() != null) {
            ShippedFunction.require(step.key1(), index, kind, "the key selector of input 1");
        }
        if (step.key2() != null) {
            ShippedFunction.require(step.key2(), index, kind, "the key selector of input 2");
        }
        if (function.key1() != null && function.key1() != step.key1()) {
            ShippedFunction.require(function.key1(), index, kind, "the function's key selector of input 1");
        }
        if (function.key2() != null && function.key2() != step.key2()) {
            ShippedFunction.require(function.key2(), index, kind, "the function's key selector of input 2");
        }
    }

    /**
     * @param step a step {@link #check} let through
     * @param input1 input 1's records (before any keyBy: the step's own key selectors partition them)
     * @param input2 input 2's records
     * @return the operator's results
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static SingleOutputStreamOperator<Object> build(final TwoInputStep step, final DataStream<Object> input1, final DataStream<Object> input2) {
        final TwoInputFunction function = step.function();
        final Object user = function.function();
        return switch (function.kind()) {
            case CO_MAP -> input1.connect(input2).map(new FlinkCoMap((dev.weir.operator.CoMapFunction) user), ANY)
                    .setParallelism(input1.getParallelism()).name(step.name());
            case CO_FLAT_MAP -> input1.connect(input2).flatMap(new FlinkCoFlatMap((dev.weir.operator.CoFlatMapFunction) user), ANY)
                    .setParallelism(input1.getParallelism()).name(step.name());
            case CO_PROCESS -> function.key1() == null
                    ? input1.connect(input2).process(new FlinkCoProcess((dev.weir.operator.CoProcessFunction) user, false), ANY)
                            .setParallelism(input1.getParallelism()).name(step.name())
                    : keyed(input1, function.key1()).connect(keyed(input2, function.key2()))
                            .process(new FlinkCoProcess((dev.weir.operator.CoProcessFunction) user, true), ANY).name(step.name());
            case KEYED_CO_PROCESS -> keyed(input1, step.key1()).connect(keyed(input2, step.key2()))
                    .process(new FlinkKeyedCoProcess((dev.weir.operator.KeyedCoProcessFunction) user), ANY).name(step.name());
            case BROADCAST_PROCESS -> input1.connect(broadcast(input2, function.broadcastStates()))
                    .process(new FlinkBroadcastProcess((dev.weir.operator.BroadcastProcessFunction) user), ANY)
                    .setParallelism(input1.getParallelism()).name(step.name());
            case KEYED_BROADCAST_PROCESS -> keyed(input1, step.key1()).connect(broadcast(input2, function.broadcastStates()))
                    .process(new FlinkKeyedBroadcastProcess((dev.weir.operator.KeyedBroadcastProcessFunction) user), ANY).name(step.name());
            case INTERVAL_JOIN -> intervalJoin(step, function, input1, input2);
            case AS_OF_JOIN -> keyed(input1, step.key1()).connect(keyed(input2, step.key2()))
                    .process(new FlinkAsOfJoin((dev.weir.operator.AsOfJoinFunction) user), ANY).name(step.name());
        };
    }

    private static KeyedStream<Object, Object> keyed(final DataStream<Object> records, final KeySelector<?, ?> key) {
        return records.keyBy(new FlinkKeySelector(key), ANY);
    }

    private static BroadcastStream<Object> broadcast(final DataStream<Object> records, final List<MapStateDescriptor<?, ?>> states) {
        final org.apache.flink.api.common.state.MapStateDescriptor<?, ?>[] flink =
                new org.apache.flink.api.common.state.MapStateDescriptor<?, ?>[states.size()];
        for (int i = 0; i < flink.length; i++) {
            flink[i] = FlinkBroadcastState.flinkDescriptorOf(states.get(i));
        }
        return records.broadcast(flink);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static SingleOutputStreamOperator<Object> intervalJoin(final TwoInputStep step, final TwoInputFunction function,
            final DataStream<Object> input1, final DataStream<Object> input2) {
        KeyedStream.IntervalJoined<Object, Object, Object> joined = keyed(input1, step.key1()).intervalJoin(keyed(input2, step.key2()))
                .between(Duration.ofMillis(function.lowerBound()), Duration.ofMillis(function.upperBound()));
        if (!function.lowerInclusive()) {
            joined = joined.lowerBoundExclusive();
        }
        if (!function.upperInclusive()) {
            joined = joined.upperBoundExclusive();
        }
        if (function.leftLateTag() != null) {
            joined = joined.sideOutputLeftLateData(FlinkTags.of(function.leftLateTag()));
        }
        if (function.rightLateTag() != null) {
            joined = joined.sideOutputRightLateData(FlinkTags.of(function.rightLateTag()));
        }
        return joined.process(new FlinkProcessJoin((dev.weir.operator.ProcessJoinFunction) user(function)), ANY).name(step.name());
    }

    private static Object user(final TwoInputFunction function) {
        return function.function();
    }
}
