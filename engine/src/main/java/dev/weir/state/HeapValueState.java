package dev.weir.state;

/** {@link ValueState} on the heap. */
final class HeapValueState<T> implements ValueState<T> {
    private final HeapStateTable table;
    private Object namespace;

    HeapValueState(final HeapStateTable table) {
        this.table = table;
    }

    @Override
    public void setNamespace(final Object namespace) {
        this.namespace = namespace;
    }

    @Override
    @SuppressWarnings("unchecked")
    public T value() {
        return (T) table.get(namespace);
    }

    @Override
    public void update(final T value) {
        table.put(namespace, value);
    }

    @Override
    public void clear() {
        table.remove(namespace);
    }
}
