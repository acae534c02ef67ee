package dev.weir.state;

import java.util.Collection;

/** {@link ReducingState} on the heap. */
final class HeapReducingState<T> implements ReducingState<T> {
    private final HeapStateTable table;
    private final ReduceFunction<T> reduceFunction;
    private Object namespace;

    HeapReducingState(final HeapStateTable table, final ReduceFunction<T> reduceFunction) {
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
        return (T) table.get(namespace);
    }

    @Override
    public void add(final T value) {
        final T current = get();
        table.put(namespace, current == null ? value : reduceFunction.reduce(current, value));
    }

    @Override
    @SuppressWarnings("unchecked")
    public void mergeNamespaces(final Object target, final Collection<?> sources) {
        T merged = null;
        for (final Object source : sources) {
            final T value = (T) table.remove(source);
            if (value != null) {
                merged = merged == null ? value : reduceFunction.reduce(merged, value);
            }
        }
        if (merged != null) {
            final T existing = (T) table.get(target);
            table.put(target, existing == null ? merged : reduceFunction.reduce(existing, merged));
        }
    }

    @Override
    public void clear() {
        table.remove(namespace);
    }
}
