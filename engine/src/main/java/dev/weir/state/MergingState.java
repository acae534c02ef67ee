package dev.weir.state;

import java.util.Collection;

/**
 * Appending state whose namespaces can be merged, as merging windows need (docs/semantics.md §4).
 *
 * @param <IN> what is added
 * @param <OUT> what is read
 */
public interface MergingState<IN, OUT> extends AppendingState<IN, OUT> {
    /**
     * Merges the sources' values into the target's, for the current key, and removes the sources.
     *
     * @param target the namespace that keeps the merged value
     * @param sources the namespaces merged into it, in merge order
     */
    void mergeNamespaces(Object target, Collection<?> sources);
}
