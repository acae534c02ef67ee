package dev.weir.window;

import dev.weir.operator.CheckpointedOperator;
import dev.weir.operator.KeySelector;
import dev.weir.operator.OperatorFactory;
import dev.weir.operator.OutputTag;
import dev.weir.state.AggregateFunction;
import dev.weir.state.AggregatingStateDescriptor;
import dev.weir.state.AppendingState;
import dev.weir.state.ListStateDescriptor;
import dev.weir.state.ReduceFunction;
import dev.weir.state.ReducingStateDescriptor;
import dev.weir.state.StateDescriptor;
import java.util.Collections;
import java.util.Objects;

/**
 * Configures a keyed window operator the way Flink's {@code WindowedStream} does: assigner,
 * then optional trigger, evictor, allowed lateness and late side output, then the window
 * function that makes it an {@link OperatorFactory}.
 *
 * @param <IN> the record type
 * @param <K> the key type
 * @param <W> the window type
 */
public final class WindowOperatorBuilder<IN, K, W extends Window> {
    private final KeySelector<? super IN, K> keySelector;
    private final WindowAssigner<? super IN, W> assigner;
    private String name = WindowOperator.DEFAULT_NAME;
    private Trigger<? super IN, ? super W> trigger;
    private Evictor<? super IN, ? super W> evictor;
    private long allowedLatenessMillis;
    private OutputTag<IN> lateDataTag;

    private WindowOperatorBuilder(final KeySelector<? super IN, K> keySelector, final WindowAssigner<? super IN, W> assigner) {
        this.keySelector = Objects.requireNonNull(keySelector, "keySelector");
        this.assigner = Objects.requireNonNull(assigner, "assigner");
    }

    /**
     * @param keySelector the key of each record
     * @param assigner the windows of each record
     * @param <IN> the record type
     * @param <K> the key type
     * @param <W> the window type
     * @return a builder with the assigner's default trigger, no lateness and no side output
     */
    @SuppressWarnings("unchecked")
    public static <IN, K, W extends Window> WindowOperatorBuilder<IN, K, W> of(
            final KeySelector<? super IN, K> keySelector, final WindowAssigner<? super IN, W> assigner) {
        final WindowOperatorBuilder<IN, K, W> builder = new WindowOperatorBuilder<>(keySelector, assigner);
        builder.trigger = (Trigger<? super IN, ? super W>) assigner.defaultTrigger();
        return builder;
    }

    /**
     * @param operatorName names the operator in errors and metrics
     * @return this builder
     */
    public WindowOperatorBuilder<IN, K, W> name(final String operatorName) {
        this.name = Objects.requireNonNull(operatorName, "operatorName");
        return this;
    }

    /**
     * @param windowTrigger replaces the assigner's default trigger
     * @return this builder
     */
    public WindowOperatorBuilder<IN, K, W> trigger(final Trigger<? super IN, ? super W> windowTrigger) {
        this.trigger = Objects.requireNonNull(windowTrigger, "trigger");
        return this;
    }

    /**
     * @param windowEvictor removes elements before/after the window function; the window then keeps all elements
     * @return this builder
     */
    public WindowOperatorBuilder<IN, K, W> evictor(final Evictor<? super IN, ? super W> windowEvictor) {
        this.evictor = Objects.requireNonNull(windowEvictor, "evictor");
        return this;
    }

    /**
     * @param millis how long after a window's end late records are still added (event time only)
     * @return this builder
     */
    public WindowOperatorBuilder<IN, K, W> allowedLateness(final long millis) {
        if (millis < 0) {
            throw new IllegalArgumentException("allowedLateness must not be negative: " + millis);
        }
        this.allowedLatenessMillis = millis;
        return this;
    }

    /**
     * @param tag where records too late for every window go, instead of being dropped
     * @return this builder
     */
    public WindowOperatorBuilder<IN, K, W> sideOutputLateData(final OutputTag<IN> tag) {
        this.lateDataTag = Objects.requireNonNull(tag, "tag");
        return this;
    }

    /**
     * @param function sees all elements of a window when it fires
     * @param <OUT> the result type
     * @return the operator factory
     */
    public <OUT> OperatorFactory<IN, OUT> process(final ProcessWindowFunction<IN, OUT, K, W> function) {
        final WindowFunction<Iterable<IN>, OUT, K, W> apply = iterable(function);
        return build(evictor != null ? evictingState() : new ListStateDescriptor<IN>("window-contents"), apply);
    }

    /**
     * @param reduce folds the window's elements incrementally
     * @return the operator factory; each result is the reduced value
     */
    public OperatorFactory<IN, IN> reduce(final ReduceFunction<IN> reduce) {
        return reduce(reduce, (key, context, elements, out) -> out.collect(elements.iterator().next()));
    }

    /**
     * @param reduce folds the window's elements incrementally
     * @param function sees the reduced value with the window's context
     * @param <OUT> the result type
     * @return the operator factory
     */
    public <OUT> OperatorFactory<IN, OUT> reduce(final ReduceFunction<IN> reduce, final ProcessWindowFunction<IN, OUT, K, W> function) {
        if (evictor != null) {
            return build(evictingState(), (WindowFunction<Iterable<IN>, OUT, K, W>) (key, context, contents, out) -> {
                IN reduced = null;
                for (final IN value : contents) {
                    reduced = reduced == null ? value : reduce.reduce(reduced, value);
                }
                function.process(key, context, Collections.singletonList(reduced), out);
            });
        }
        return build(new ReducingStateDescriptor<>("window-contents", reduce), single(function));
    }

    /**
     * @param aggregate aggregates the window's elements incrementally
     * @param <ACC> the accumulator type
     * @param <R> the result type
     * @return the operator factory; each result is the aggregate's result
     */
    public <ACC, R> OperatorFactory<IN, R> aggregate(final AggregateFunction<IN, ACC, R> aggregate) {
        return aggregate(aggregate, (key, context, elements, out) -> out.collect(elements.iterator().next()));
    }

    /**
     * @param aggregate aggregates the window's elements incrementally
     * @param function sees the aggregate's result with the window's context
     * @param <ACC> the accumulator type
     * @param <V> the aggregate's result type
     * @param <OUT> the result type
     * @return the operator factory
     */
    public <ACC, V, OUT> OperatorFactory<IN, OUT> aggregate(
            final AggregateFunction<IN, ACC, V> aggregate, final ProcessWindowFunction<V, OUT, K, W> function) {
        if (evictor != null) {
            return build(evictingState(), (WindowFunction<Iterable<IN>, OUT, K, W>) (key, context, contents, out) -> {
                ACC accumulator = aggregate.createAccumulator();
                for (final IN value : contents) {
                    accumulator = aggregate.add(value, accumulator);
                }
                function.process(key, context, Collections.singletonList(aggregate.getResult(accumulator)), out);
            });
        }
        return build(new AggregatingStateDescriptor<>("window-contents", aggregate), single(function));
    }

    private static <V, OUT, K, W extends Window> WindowFunction<V, OUT, K, W> single(final ProcessWindowFunction<V, OUT, K, W> function) {
        return new WindowFunction<>() {
            @Override
            public void apply(final K key, final ProcessWindowFunction.Context<W> context, final V contents, final dev.weir.operator.Collector<OUT> out) {
                function.process(key, context, Collections.singletonList(contents), out);
            }

            @Override
            public void clear(final ProcessWindowFunction.Context<W> context) {
                function.clear(context);
            }

            @Override
            public String toString() {
                // a checkpoint's fingerprint names the user's function, not this adapter
                return CheckpointedOperator.describe(function);
            }
        };
    }

    private static <IN, OUT, K, W extends Window> WindowFunction<Iterable<IN>, OUT, K, W> iterable(final ProcessWindowFunction<IN, OUT, K, W> function) {
        return new WindowFunction<>() {
            @Override
            public void apply(final K key, final ProcessWindowFunction.Context<W> context, final Iterable<IN> contents, final dev.weir.operator.Collector<OUT> out) {
                function.process(key, context, contents, out);
            }

            @Override
            public void clear(final ProcessWindowFunction.Context<W> context) {
                function.clear(context);
            }

            @Override
            public String toString() {
                // a checkpoint's fingerprint names the user's function, not this adapter
                return CheckpointedOperator.describe(function);
            }
        };
    }

    private static <IN> ListStateDescriptor<TimestampedValue<IN>> evictingState() {
        return new ListStateDescriptor<>("window-contents");
    }

    private <S, OUT> OperatorFactory<IN, OUT> build(
            final StateDescriptor<? extends AppendingState<?, ?>> stateDescriptor, final WindowFunction<S, OUT, K, W> function) {
        final String operatorName = name;
        final Trigger<? super IN, ? super W> windowTrigger = trigger;
        final Evictor<? super IN, ? super W> windowEvictor = evictor;
        final long lateness = allowedLatenessMillis;
        final OutputTag<IN> tag = lateDataTag;
        // Fail on configuration errors now, not when the first instance starts.
        new WindowOperator<>(operatorName, keySelector, assigner, windowTrigger, stateDescriptor, function, windowEvictor, lateness, tag);
        return () -> new WindowOperator<>(operatorName, keySelector, assigner, windowTrigger, stateDescriptor, function, windowEvictor, lateness, tag);
    }
}
