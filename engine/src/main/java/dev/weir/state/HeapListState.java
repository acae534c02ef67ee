package dev.weir.state;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** {@link ListState} on the heap; merging appends the sources' lists to the target's in order. */
final class HeapListState<T> implements ListState<T> {
    private final HeapStateTable table;
    private Object namespace;

    HeapListState(final HeapStateTable table) {
        this.table = table;
    }

    @Override
    public void setNamespace(final Object namespace) {
        this.namespace = namespace;
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<T> get() {
        return (List<T>) table.get(namespace);
    }

    @Override
    public void add(final T value) {
        List<T> list = get();
        if (list == null) {
            list = new ArrayList<>();
            table.put(namespace, list);
        }
        list.add(value);
    }

    @Override
    public void update(final List<T> values) {
        if (values != null && values == table.get(namespace)) {
            // the caller edited the stored list in place: nothing to copy (an empty one clears)
            if (values.isEmpty()) {
                table.remove(namespace);
            }
            return;
        }
        table.put(namespace, values == null || values.isEmpty() ? null : new ArrayList<>(values));
    }

    @Override
    @SuppressWarnings("unchecked")
    public void mergeNamespaces(final Object target, final Collection<?> sources) {
        List<T> merged = null;
        for (final Object source : sources) {
            final List<T> list = (List<T>) table.remove(source);
            if (list != null) {
                if (merged == null) {
                    merged = list;
                } else {
                    merged.addAll(list);
                }
            }
        }
        if (merged != null) {
            final List<T> existing = (List<T>) table.get(target);
            if (existing != null) {
                existing.addAll(merged);
            } else {
                table.put(target, merged);
            }
        }
    }

    @Override
    public void clear() {
        table.remove(namespace);
    }
}
