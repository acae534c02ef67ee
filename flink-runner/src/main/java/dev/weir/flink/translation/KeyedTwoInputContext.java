package dev.weir.flink.translation;

import dev.weir.flink.state.FlinkBroadcastState;
import dev.weir.flink.state.FlinkStateBinding;
import dev.weir.operator.BroadcastProcessFunction;
import dev.weir.operator.CoProcessFunction;
import dev.weir.operator.KeyedBroadcastProcessFunction;
import dev.weir.operator.KeyedCoProcessFunction;
import dev.weir.operator.OutputTag;
import dev.weir.operator.TimerForwardingContext;
import dev.weir.operator.TimerService;
import dev.weir.state.BroadcastState;
import dev.weir.state.KeyedState;
import dev.weir.state.KeyedStateFunction;
import dev.weir.state.MapStateDescriptor;
import dev.weir.state.ReadOnlyBroadcastState;
import dev.weir.state.StateDescriptor;
import dev.weir.time.TimestampAssigner;
import dev.weir.timer.TimeDomain;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The Weir context of one call of a two-input function on Flink (a keyed co-process or a keyed
 * broadcast process function, a co-process function, keyed or not, and the non-keyed broadcast
 * one; without a keyed state binding there is no keyed state and no timers):
 * what Flink's context of the call gives, bound by {@link #enterRecord} or {@link #enterTimer} as plain values and callbacks,
 * so one class serves Flink's several context types. The key comes from Flink's context; timers,
 * watermark and processing time from Flink's timer service of the call, through the forwarding
 * {@link FlinkProcessContext} shares ({@link TimerForwardingContext} over a {@link FlinkTimerService},
 * no timers without keyed state); state from {@link FlinkStateBinding}, broadcast state from Flink's
 * ({@link FlinkBroadcastState}), side outputs to Flink's tag of the same id. Reused for every
 * call; not thread-safe.
 */
final class KeyedTwoInputContext extends TimerForwardingContext implements KeyedCoProcessFunction.OnTimerContext<Object>,
        CoProcessFunction.OnTimerContext, KeyedBroadcastProcessFunction.OnTimerContext<Object>, KeyedBroadcastProcessFunction.Context<Object>,
        BroadcastProcessFunction.Context, BroadcastProcessFunction.ReadOnlyContext {
    /** Flink's context of one call, as what the Weir context reads from it. */
    interface Call {
        /** @return the current key, or null on a non-keyed side */
        Object key();

        /** @return Flink's timer service of the call */
        org.apache.flink.streaming.api.TimerService timers();

        /** Emits to Flink's side output. */
        void output(org.apache.flink.util.OutputTag<Object> tag, Object value);

        /** @return Flink's broadcast state of the descriptor (read-only on the non-broadcast side), or null where there is none */
        org.apache.flink.api.common.state.ReadOnlyBroadcastState<Object, Object> broadcastState(
                org.apache.flink.api.common.state.MapStateDescriptor<Object, Object> descriptor) throws Exception;

        /** Applies the function to every key's state of Flink's descriptor (the broadcast side of a keyed broadcast function). */
        void applyToKeyedState(org.apache.flink.api.common.state.StateDescriptor<?, ?> descriptor, Consumer<Object> perKey) throws Exception;
    }

    private final FlinkStateBinding states;
    private final FlinkTags tags = new FlinkTags();
    /** Flink's timer service of the call; without keyed state, its timers are refused. */
    private final FlinkTimerService timers;
    /**
     * One view per broadcast state name: a function may hold two at once, as in
     * {@code getBroadcastState(a).put(k, getBroadcastState(b).size())}, so one shared view would
     * write a's entry into b.
     */
    private final Map<String, FlinkBroadcastState> broadcast = new HashMap<>();
    private Call call;
    private long timestamp;
    private TimeDomain timeDomain;

    /** @param states the keyed state of the Flink function's runtime context, or null for a non-keyed function */
    KeyedTwoInputContext(final FlinkStateBinding states) {
        this.states = states;
        this.timers = new FlinkTimerService(states != null);
    }

    /**
     * Points this context at Flink's for one call.
     *
     * @param flink what Flink's context gives
     * @param time the record's timestamp ({@code Long.MIN_VALUE} without one) or the timer's time
     * @param domain the timer's domain, or null for a record
     * @return this context
     */
    private KeyedTwoInputContext enter(final Call flink, final long time, final TimeDomain domain) {
        this.call = flink;
        this.timestamp = time;
        this.timeDomain = domain;
        return this;
    }

    /**
     * Points this context at Flink's for a record's call.
     *
     * @param flink what Flink's context gives
     * @param timestamp the record's timestamp, or null without one ({@link TimestampAssigner#NO_TIMESTAMP} then)
     * @return this context
     */
    KeyedTwoInputContext enterRecord(final Call flink, final Long timestamp) {
        return enter(flink, timestamp == null ? TimestampAssigner.NO_TIMESTAMP : timestamp, null);
    }

    /**
     * Points this context at Flink's for a timer's call.
     *
     * @param flink what Flink's context gives
     * @param time the timer's time
     * @param domain Flink's domain of the timer, as Weir's
     * @return this context
     */
    KeyedTwoInputContext enterTimer(final Call flink, final long time, final org.apache.flink.streaming.api.TimeDomain domain) {
        return enter(flink, time, domain == org.apache.flink.streaming.api.TimeDomain.EVENT_TIME ? TimeDomain.EVENT_TIME : TimeDomain.PROCESSING_TIME);
    }

    @Override
    public long timestamp() {
        return timestamp;
    }

    /** @return Flink's timer service of the call, read when asked for (the broadcast side's time is that of the moment) */
    @Override
    public TimerService timerService() {
        return timers.over(call.timers());
    }

    @Override
    public <X> void output(final OutputTag<X> tag, final X value) {
        call.output(tags.flink(tag), value);
    }

    @Override
    public Object getCurrentKey() {
        return call.key();
    }

    @Override
    public <S extends KeyedState> S state(final StateDescriptor<S> descriptor) {
        if (states == null) {
            throw new UnsupportedOperationException(CoProcessFunction.UNSUPPORTED_KEYED_STATE_MSG + " (state '" + descriptor.name() + "')");
        }
        return states.state(descriptor);
    }

    @Override
    public TimeDomain timeDomain() {
        return timeDomain;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <K, V> BroadcastState<K, V> getBroadcastState(final MapStateDescriptor<K, V> descriptor) {
        FlinkBroadcastState view = broadcast.get(descriptor.name());
        if (view == null) {
            view = new FlinkBroadcastState(descriptor);
            broadcast.put(descriptor.name(), view);
        }
        try {
            final org.apache.flink.api.common.state.ReadOnlyBroadcastState<Object, Object> flink = call.broadcastState(view.descriptor());
            if (flink == null) {
                throw new IllegalArgumentException("the broadcast state '" + descriptor.name()
                        + "' is not one the broadcast stream was made with");
            }
            return (BroadcastState<K, V>) view.over(flink);
        } catch (final IllegalArgumentException wrong) {
            throw wrong;
        } catch (final Exception failed) {
            throw new IllegalStateException("the broadcast state '" + descriptor.name() + "' of Flink failed", failed);
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public <S extends KeyedState> void applyToKeyedState(final StateDescriptor<S> descriptor, final KeyedStateFunction<Object, S> function) {
        try {
            call.applyToKeyedState(FlinkStateBinding.flinkDescriptorOf(descriptor),
                    key -> function.process(key, states.state(descriptor)));
        } catch (final RuntimeException failed) {
            throw failed;
        } catch (final Exception failed) {
            throw new IllegalStateException("applyToKeyedState('" + descriptor.name() + "') on Flink failed", failed);
        }
    }
}
