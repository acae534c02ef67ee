package dev.weir.window;

import java.util.Collection;

/**
 * An assigner whose windows merge, such as sessions.
 *
 * @param <T> the record type
 * @param <W> the window type
 */
public abstract class MergingWindowAssigner<T, W extends Window> extends WindowAssigner<T, W> {
    /**
     * Finds the windows that merge.
     *
     * @param windows the windows in flight plus the new one
     * @param callback told of every group of more than one window and the window it merges into
     */
    public abstract void mergeWindows(Collection<W> windows, MergeCallback<W> callback);

    /**
     * Told of one merge.
     *
     * @param <W> the window type
     */
    @FunctionalInterface
    public interface MergeCallback<W> {
        /**
         * @param toBeMerged the windows merged, in start order; valid during the call only (copy it to keep it)
         * @param mergeResult the window they become
         */
        void merge(Collection<W> toBeMerged, W mergeResult);
    }
}
