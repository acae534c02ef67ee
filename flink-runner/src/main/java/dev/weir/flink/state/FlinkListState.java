package dev.weir.flink.state;

import dev.weir.state.ListState;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Weir's {@link ListState} on Flink's. Flink answers an empty or absent list with an empty
 * iterable or null depending on its backend; Weir's contract is null when nothing was added, so
 * both become null, and a list read is a copy in arrival order. Not thread-safe.
 *
 * @param <T> the element type
 */
final class FlinkListState<T> extends FlinkKeyedState<org.apache.flink.api.common.state.ListState<T>> implements ListState<T> {
    @Override
    public List<T> get() {
        final Iterable<T> values;
        try {
            values = flink().get();
        } catch (final Exception e) {
            throw failed("reading a list", e);
        }
        if (values == null) {
            return null;
        }
        final List<T> list = new ArrayList<>();
        values.forEach(list::add);
        return list.isEmpty() ? null : list;
    }

    @Override
    public void add(final T value) {
        try {
            flink().add(value);
        } catch (final Exception e) {
            throw failed("adding to a list", e);
        }
    }

    @Override
    public void update(final List<T> values) {
        try {
            flink().update(values);
        } catch (final Exception e) {
            throw failed("replacing a list", e);
        }
    }

    @Override
    public void mergeNamespaces(final Object target, final Collection<?> sources) {
        merge(target, sources);
    }
}
