package dev.weir.state;

import java.util.List;

/**
 * A list per key and namespace, in arrival order.
 *
 * @param <T> the element type
 */
public interface ListState<T> extends MergingState<T, List<T>> {
    /** @param values replaces the list; an empty list clears */
    void update(List<T> values);
}
