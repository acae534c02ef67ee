package dev.weir.operator;

import dev.weir.state.KeyedState;
import dev.weir.state.StateDescriptor;
import dev.weir.timer.TimeDomain;
import java.util.Objects;

/**
 * A {@link CoProcessFunction} run as a {@link KeyedCoProcessFunction}, so that the
 * {@link KeyedCoProcessOperator} runs it over keyed connected streams: each call hands the
 * function a view of the keyed context (timestamp, timers, side outputs, keyed state, the
 * timer's domain) without the key. The view is one object, pointed at the operator's context of
 * each call: nothing is allocated per record. Not thread-safe: one instance per operator.
 *
 * @param <K> the key type
 * @param <IN1> the first input's record type
 * @param <IN2> the second input's record type
 * @param <OUT> the output type
 */
final class CoProcessAsKeyed<K, IN1, IN2, OUT> implements KeyedCoProcessFunction<K, IN1, IN2, OUT> {
    private final CoProcessFunction<IN1, IN2, OUT> function;
    private final View view = new View();

    /** @param function the user's function */
    CoProcessAsKeyed(final CoProcessFunction<IN1, IN2, OUT> function) {
        this.function = Objects.requireNonNull(function, "function");
    }

    @Override
    public void processElement1(final IN1 value, final Context<K> ctx, final Collector<OUT> out) {
        function.processElement1(value, view.over(ctx, null), out);
    }

    @Override
    public void processElement2(final IN2 value, final Context<K> ctx, final Collector<OUT> out) {
        function.processElement2(value, view.over(ctx, null), out);
    }

    @Override
    public void onTimer(final long timestamp, final OnTimerContext<K> ctx, final Collector<OUT> out) {
        function.onTimer(timestamp, view.over(ctx, ctx.timeDomain()), out);
    }

    /** @return the user's function as a fingerprint names it */
    @Override
    public String toString() {
        return CheckpointedOperator.describe(function);
    }

    /** The keyed context of the current call, as the co-process function sees it. */
    private final class View implements CoProcessFunction.OnTimerContext {
        private Context<K> keyed;
        private TimeDomain timeDomain;

        View over(final Context<K> context, final TimeDomain domain) {
            this.keyed = context;
            this.timeDomain = domain;
            return this;
        }

        @Override
        public long timestamp() {
            return keyed.timestamp();
        }

        @Override
        public TimerService timerService() {
            return keyed.timerService();
        }

        @Override
        public <X> void output(final OutputTag<X> tag, final X value) {
            keyed.output(tag, value);
        }

        @Override
        public <S extends KeyedState> S state(final StateDescriptor<S> descriptor) {
            return keyed.state(descriptor);
        }

        @Override
        public TimeDomain timeDomain() {
            return timeDomain;
        }
    }
}
