package dev.weir.flink.state;

import dev.weir.state.AggregatingStateDescriptor;
import dev.weir.state.KeyedState;
import dev.weir.state.ListStateDescriptor;
import dev.weir.state.ReducingStateDescriptor;
import dev.weir.state.StateDescriptor;
import dev.weir.state.ValueStateDescriptor;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import org.apache.flink.api.common.functions.RuntimeContext;
import org.apache.flink.api.common.state.AggregatingState;
import org.apache.flink.api.common.state.KeyedStateStore;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ReducingState;
import org.apache.flink.api.common.state.State;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.streaming.api.windowing.triggers.Trigger;

/**
 * Weir keyed state on Flink keyed state (docs/flink.md, "Keyed state on Flink"): a Weir
 * {@link StateDescriptor} becomes the Flink descriptor of the same name and kind (value, list,
 * reducing with the Weir reduce function, aggregating with the Weir aggregate function), its
 * values written by Weir's own format ({@link WeirStateSerializer}), and the Flink state comes
 * back wrapped in the Weir interface. The state belongs to Flink's current key (and, from a
 * trigger context, the current window) at the time {@link #state} is called, as Flink's does;
 * call {@link #state} again for each record, timer or window, which costs a map look-up on both
 * sides and allocates nothing after a name's first use. One binding per Flink operator instance;
 * not thread-safe.
 */
public final class FlinkStateBinding {
    private final Function<org.apache.flink.api.common.state.ValueStateDescriptor<Object>, ValueState<Object>> values;
    private final Function<org.apache.flink.api.common.state.ListStateDescriptor<Object>, ListState<Object>> lists;
    private final Function<org.apache.flink.api.common.state.ReducingStateDescriptor<Object>, ReducingState<Object>> reducings;
    private final Function<org.apache.flink.api.common.state.AggregatingStateDescriptor<Object, Object, Object>,
            AggregatingState<Object, Object>> aggregatings;
    private final Map<String, Bound> bound = new HashMap<>();

    private FlinkStateBinding(final Function<org.apache.flink.api.common.state.ValueStateDescriptor<Object>, ValueState<Object>> values,
            final Function<org.apache.flink.api.common.state.ListStateDescriptor<Object>, ListState<Object>> lists,
            final Function<org.apache.flink.api.common.state.ReducingStateDescriptor<Object>, ReducingState<Object>> reducings,
            final Function<org.apache.flink.api.common.state.AggregatingStateDescriptor<Object, Object, Object>,
                    AggregatingState<Object, Object>> aggregatings) {
        this.values = values;
        this.lists = lists;
        this.reducings = reducings;
        this.aggregatings = aggregatings;
    }

    /**
     * @param store Flink's keyed state, e.g. a process window function's {@code windowState()}
     * @return a binding that takes its state from the store
     */
    public static FlinkStateBinding of(final KeyedStateStore store) {
        return new FlinkStateBinding(store::getState, store::getListState, store::getReducingState, store::getAggregatingState);
    }

    /**
     * @param context the runtime context of a function on a keyed stream, after {@code open}
     * @return a binding that takes its state from the context: the current key's, no namespace
     */
    public static FlinkStateBinding of(final RuntimeContext context) {
        return new FlinkStateBinding(context::getState, context::getListState, context::getReducingState, context::getAggregatingState);
    }

    /**
     * @param context a trigger's context; its partitioned state is the current key's and window's
     * @return a binding that takes its state from the context
     */
    public static FlinkStateBinding of(final Trigger.TriggerContext context) {
        return new FlinkStateBinding(context::getPartitionedState, context::getPartitionedState, context::getPartitionedState,
                context::getPartitionedState);
    }

    /**
     * @param descriptor a Weir value, list, reducing or aggregating state
     * @param <S> its Weir type
     * @return the Weir state over the Flink state of the same name, for Flink's current key
     * @throws IllegalArgumentException for a descriptor of another kind, or a name used before with another kind
     */
    @SuppressWarnings("unchecked")
    public <S extends KeyedState> S state(final StateDescriptor<S> descriptor) {
        Bound state = bound.get(descriptor.name());
        if (state == null) {
            state = bind(descriptor);
            bound.put(descriptor.name(), state);
        } else if (state.weirKind != descriptor.getClass()) {
            throw new IllegalArgumentException("state '" + descriptor.name() + "' is a " + state.weirKind.getSimpleName()
                    + " already; it cannot also be a " + descriptor.getClass().getSimpleName());
        }
        state.adapter.bind(state.fetch.get());
        return (S) state.adapter;
    }

    /**
     * @param descriptor a Weir state descriptor
     * @return the Flink descriptor it becomes: same name and kind, Weir's functions and format
     * @throws IllegalArgumentException for a descriptor of another kind
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static org.apache.flink.api.common.state.StateDescriptor<?, ?> flinkDescriptorOf(final StateDescriptor<?> descriptor) {
        final String name = descriptor.name();
        if (descriptor instanceof ValueStateDescriptor) {
            return new org.apache.flink.api.common.state.ValueStateDescriptor<>(name, new WeirStateSerializer());
        }
        if (descriptor instanceof ListStateDescriptor) {
            return new org.apache.flink.api.common.state.ListStateDescriptor<>(name, new WeirStateSerializer());
        }
        if (descriptor instanceof ReducingStateDescriptor) {
            return new org.apache.flink.api.common.state.ReducingStateDescriptor<>(name,
                    new FlinkReduce(((ReducingStateDescriptor<?>) descriptor).reduceFunction()), new WeirStateSerializer());
        }
        if (descriptor instanceof AggregatingStateDescriptor) {
            return new org.apache.flink.api.common.state.AggregatingStateDescriptor(name,
                    new FlinkAggregate(((AggregatingStateDescriptor<?, ?, ?>) descriptor).aggregateFunction()), new WeirStateSerializer());
        }
        throw new IllegalArgumentException("state '" + name + "' has a descriptor of kind " + descriptor.getClass().getName()
                + "; value, list, reducing and aggregating state are bound to Flink's");
    }

    @SuppressWarnings("unchecked")
    private Bound bind(final StateDescriptor<?> descriptor) {
        final org.apache.flink.api.common.state.StateDescriptor<?, ?> flink = flinkDescriptorOf(descriptor);
        if (flink instanceof org.apache.flink.api.common.state.ValueStateDescriptor) {
            final var typed = (org.apache.flink.api.common.state.ValueStateDescriptor<Object>) flink;
            return new Bound(descriptor.getClass(), new FlinkValueState<>(), () -> values.apply(typed));
        }
        if (flink instanceof org.apache.flink.api.common.state.ListStateDescriptor) {
            final var typed = (org.apache.flink.api.common.state.ListStateDescriptor<Object>) flink;
            return new Bound(descriptor.getClass(), new FlinkListState<>(), () -> lists.apply(typed));
        }
        if (flink instanceof org.apache.flink.api.common.state.ReducingStateDescriptor) {
            final var typed = (org.apache.flink.api.common.state.ReducingStateDescriptor<Object>) flink;
            return new Bound(descriptor.getClass(), new FlinkFoldingState(), () -> reducings.apply(typed));
        }
        final var typed = (org.apache.flink.api.common.state.AggregatingStateDescriptor<Object, Object, Object>) flink;
        return new Bound(descriptor.getClass(), new FlinkFoldingState(), () -> aggregatings.apply(typed));
    }

    /** One name's adapter and how to fetch its Flink state again. */
    private static final class Bound {
        private final Class<?> weirKind;
        private final FlinkKeyedState<?> adapter;
        private final java.util.function.Supplier<State> fetch;

        Bound(final Class<?> weirKind, final FlinkKeyedState<?> adapter, final java.util.function.Supplier<State> fetch) {
            this.weirKind = weirKind;
            this.adapter = adapter;
            this.fetch = fetch;
        }
    }
}
