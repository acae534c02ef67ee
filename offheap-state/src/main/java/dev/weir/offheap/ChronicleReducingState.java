package dev.weir.offheap;

import dev.weir.state.ReduceFunction;
import dev.weir.state.ReducingState;
import java.util.Collection;

/** {@link ReducingState} on a {@link ChronicleStateTable}, folding as the heap backend does. */
final class ChronicleReducingState<T> implements ReducingState<T> {
    private final ChronicleStateTable table;
    private final ReduceFunction<T> reduceFunction;
    private Object namespace;

    ChronicleReducingState(final ChronicleStateTable table, final ReduceFunction<T> reduceFunction) {
        this.table = table;
        this.reduceFunction = reduceFunction;
    }

    @Override
    public void setNamespace(final Object namespace) {
        this.namespace = namespace;
    }

    @Override
    @SuppressWarnings("unchecked")
    public T get() {
        final int slot = table.slot(namespace);
        return slot < 0 ? null : (T) table.handOut(slot);
    }

    @Override
    public void add(final T value) {
        fold(namespace, value);
    }

    @Override
    @SuppressWarnings("unchecked")
    public void mergeNamespaces(final Object target, final Collection<?> sources) {
        T merged = null;
        for (final Object source : sources) {
            final T value = (T) table.remove(source, true);
            if (value != null) {
                merged = merged == null ? value : reduceFunction.reduce(merged, value);
            }
        }
        if (merged != null) {
            fold(target, merged);
        }
    }

    @SuppressWarnings("unchecked")
    private void fold(final Object into, final T value) {
        final int slot = table.slot(into);
        if (slot >= 0) {
            table.replace(slot, reduceFunction.reduce((T) table.valueForUpdate(slot), value), false);
        } else {
            table.insert(into, value, false);
        }
    }

    @Override
    public void clear() {
        table.remove(namespace, false);
    }
}
