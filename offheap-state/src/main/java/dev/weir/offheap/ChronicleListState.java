package dev.weir.offheap;

import dev.weir.state.ListState;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * {@link ListState} on a {@link ChronicleStateTable}: elements in arrival order; merging
 * appends the sources' lists to the target's in merge order, as the heap backend does.
 */
final class ChronicleListState<T> implements ListState<T> {
    private final ChronicleStateTable table;
    private Object namespace;

    ChronicleListState(final ChronicleStateTable table) {
        this.table = table;
    }

    @Override
    public void setNamespace(final Object namespace) {
        this.namespace = namespace;
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<T> get() {
        final int slot = table.slot(namespace);
        return slot < 0 ? null : (List<T>) table.handOut(slot);
    }

    @Override
    @SuppressWarnings("unchecked")
    public void add(final T value) {
        final int slot = table.slot(namespace);
        if (slot >= 0) {
            ((List<T>) table.valueForUpdate(slot)).add(value);
        } else {
            final List<T> list = new ArrayList<>();
            list.add(value);
            table.insert(namespace, list, true);
        }
    }

    @Override
    public void update(final List<T> values) {
        table.put(namespace, values == null || values.isEmpty() ? null : new ArrayList<>(values));
    }

    @Override
    @SuppressWarnings("unchecked")
    public void mergeNamespaces(final Object target, final Collection<?> sources) {
        List<T> merged = null;
        for (final Object source : sources) {
            final List<T> list = (List<T>) table.remove(source, true);
            if (list != null) {
                if (merged == null) {
                    merged = list;
                } else {
                    merged.addAll(list);
                }
            }
        }
        if (merged != null) {
            final int slot = table.slot(target);
            if (slot >= 0) {
                ((List<T>) table.valueForUpdate(slot)).addAll(merged);
            } else {
                table.insert(target, merged, false);
            }
        }
    }

    @Override
    public void clear() {
        table.remove(namespace, false);
    }
}
