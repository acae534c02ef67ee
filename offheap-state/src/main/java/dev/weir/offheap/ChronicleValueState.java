package dev.weir.offheap;

import dev.weir.state.ValueState;

/** {@link ValueState} on a {@link ChronicleStateTable}. */
final class ChronicleValueState<T> implements ValueState<T> {
    private final ChronicleStateTable table;
    private Object namespace;

    ChronicleValueState(final ChronicleStateTable table) {
        this.table = table;
    }

    @Override
    public void setNamespace(final Object namespace) {
        this.namespace = namespace;
    }

    @Override
    @SuppressWarnings("unchecked")
    public T value() {
        final int slot = table.slot(namespace);
        return slot < 0 ? null : (T) table.handOut(slot);
    }

    @Override
    public void update(final T value) {
        table.put(namespace, value);
    }

    @Override
    public void clear() {
        table.remove(namespace, false);
    }
}
