package dev.weir.flink.translation;

import java.util.function.Consumer;
import org.apache.flink.api.common.state.StateDescriptor;

/**
 * Flink's context of one call, of type {@code C}, on a side that has no {@code applyToKeyedState}:
 * every side of a two-input function but the broadcast side of a keyed broadcast one. A side's one
 * instance is bound to Flink's context anew for each call ({@link #of}); the subclass reads the
 * key, timers, side outputs and broadcast state from {@link #flink()}. Not thread-safe.
 *
 * @param <C> the type of Flink's context of the side's calls
 */
abstract class RecordSideCall<C> implements KeyedTwoInputContext.Call {
    private C flink;

    /**
     * Binds this call to Flink's context of the current call.
     *
     * @param context Flink's context
     * @return this call
     */
    final KeyedTwoInputContext.Call of(final C context) {
        this.flink = context;
        return this;
    }

    /** @return Flink's context of the current call */
    final C flink() {
        return flink;
    }

    @Override
    public final void applyToKeyedState(final StateDescriptor<?, ?> descriptor, final Consumer<Object> perKey) {
        throw new UnsupportedOperationException("applyToKeyedState is the broadcast side's");
    }
}
