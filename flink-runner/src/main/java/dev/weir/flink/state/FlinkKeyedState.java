package dev.weir.flink.state;

import dev.weir.state.KeyedState;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.flink.api.common.state.State;
import org.apache.flink.runtime.state.VoidNamespace;
import org.apache.flink.runtime.state.internal.InternalKvState;
import org.apache.flink.runtime.state.internal.InternalMergingState;

/**
 * What the Weir state adapters over Flink state share: the Flink state they stand for (re-bound
 * by {@link FlinkStateBinding} each time the state is asked for, since Flink sets a window's
 * namespace when its state is fetched), clearing, namespaces and merging. Weir's
 * {@code VoidNamespace} is Flink's; any other namespace is handed to Flink as it is (a Flink
 * window, say). Not thread-safe, as Flink's state.
 *
 * @param <F> the Flink state type
 */
abstract class FlinkKeyedState<F extends State> implements KeyedState {
    private F state;

    /** @return the Flink state currently bound */
    final F flink() {
        return state;
    }

    /** @param flinkState the Flink state the next accesses go to */
    @SuppressWarnings("unchecked")
    final void bind(final State flinkState) {
        this.state = (F) flinkState;
    }

    @Override
    @SuppressWarnings("unchecked")
    public final void setNamespace(final Object namespace) {
        if (!(state instanceof InternalKvState)) {
            throw new UnsupportedOperationException("this Flink state (" + state.getClass().getSimpleName()
                    + ") takes its namespace from Flink's operator; it cannot be set");
        }
        ((InternalKvState<?, Object, ?>) state).setCurrentNamespace(flinkNamespace(namespace));
    }

    @Override
    public final void clear() {
        state.clear();
    }

    /**
     * Merges through Flink's {@code InternalMergingState}, which keyed state backends hand out.
     *
     * @param target the namespace that keeps the merged value
     * @param sources the namespaces merged into it
     */
    @SuppressWarnings("unchecked")
    final void merge(final Object target, final Collection<?> sources) {
        if (!(state instanceof InternalMergingState)) {
            throw new UnsupportedOperationException("this Flink state (" + state.getClass().getSimpleName() + ") cannot merge namespaces");
        }
        final List<Object> flinkSources = new ArrayList<>(sources.size());
        for (final Object source : sources) {
            flinkSources.add(flinkNamespace(source));
        }
        try {
            ((InternalMergingState<?, Object, ?, ?, ?>) state).mergeNamespaces(flinkNamespace(target), flinkSources);
        } catch (final Exception e) {
            throw failed("merging namespaces", e);
        }
    }

    /**
     * @param what the access that failed
     * @param cause what Flink's state backend threw
     * @return the exception to throw: runtime exceptions as they are, checked ones wrapped
     */
    static RuntimeException failed(final String what, final Exception cause) {
        if (cause instanceof RuntimeException) {
            return (RuntimeException) cause;
        }
        return new IllegalStateException("Flink's state backend failed " + what + ": " + cause.getMessage(), cause);
    }

    private static Object flinkNamespace(final Object namespace) {
        return namespace == dev.weir.state.VoidNamespace.INSTANCE ? VoidNamespace.INSTANCE : namespace;
    }
}
