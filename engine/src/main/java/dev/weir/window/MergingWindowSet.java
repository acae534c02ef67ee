package dev.weir.window;

import dev.weir.state.ListState;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The in-flight windows of one key of a merging assigner, each mapped to its state window:
 * the namespace its state is kept under (docs/semantics.md §4). A merged window keeps the state
 * window of one of the existing windows it absorbs, never the new window's, so state need
 * not move. The mapping is keyed state, read on creation and written by {@link #persist()}
 * only when it changed.
 *
 * @param <W> the window type
 */
public final class MergingWindowSet<W extends Window> {
    private final MergingWindowAssigner<?, W> assigner;
    private final ListState<Object[]> state;
    private final Map<W, W> mapping = new LinkedHashMap<>();
    private final Map<W, W> initialMapping;

    /**
     * @param assigner merges windows
     * @param state the key's persisted mapping, as {window, stateWindow} pairs
     */
    @SuppressWarnings("unchecked")
    public MergingWindowSet(final MergingWindowAssigner<?, W> assigner, final ListState<Object[]> state) {
        this.assigner = assigner;
        this.state = state;
        final List<Object[]> pairs = state.get();
        if (pairs != null) {
            for (final Object[] pair : pairs) {
                mapping.put((W) pair[0], (W) pair[1]);
            }
        }
        this.initialMapping = new LinkedHashMap<>(mapping);
    }

    /** Writes the mapping back to keyed state if it changed. */
    public void persist() {
        if (!mapping.equals(initialMapping)) {
            final List<Object[]> pairs = new ArrayList<>(mapping.size());
            for (final Map.Entry<W, W> entry : mapping.entrySet()) {
                pairs.add(new Object[] {entry.getKey(), entry.getValue()});
            }
            state.update(pairs);
            initialMapping.clear();
            initialMapping.putAll(mapping);
        }
    }

    /**
     * @param window an in-flight window
     * @return its state window, or null if it is not in flight
     */
    public W stateWindow(final W window) {
        return mapping.get(window);
    }

    /** @param window a window that is done; it leaves the set */
    public void retireWindow(final W window) {
        if (mapping.remove(window) == null) {
            throw new IllegalStateException("window " + window + " is not in the in-flight window set");
        }
    }

    /** @return the in-flight windows, for diagnostics */
    public Collection<W> windows() {
        return mapping.keySet();
    }

    /**
     * Adds a record's window and merges what overlaps it.
     *
     * @param newWindow the record's window
     * @param mergeFunction told of each merge, to move state and timers
     * @return the in-flight window the record now belongs to
     */
    public W addWindow(final W newWindow, final MergeFunction<W> mergeFunction) {
        final List<W> windows = new ArrayList<>(mapping.keySet());
        windows.add(newWindow);
        final Map<W, Collection<W>> mergeResults = new LinkedHashMap<>();
        assigner.mergeWindows(windows, (toBeMerged, mergeResult) -> mergeResults.put(mergeResult, new ArrayList<>(toBeMerged)));

        W resultWindow = newWindow;
        boolean mergedNewWindow = false;
        for (final Map.Entry<W, Collection<W>> merge : mergeResults.entrySet()) {
            final W mergeResult = merge.getKey();
            final Collection<W> mergedWindows = merge.getValue();
            if (mergedWindows.remove(newWindow)) {
                mergedNewWindow = true;
                resultWindow = mergeResult;
            }
            // The state window of an existing window becomes the merge result's: the new
            // window never had state of its own.
            final W mergedStateWindow = mapping.get(mergedWindows.iterator().next());
            final List<W> mergedStateWindows = new ArrayList<>();
            for (final W mergedWindow : mergedWindows) {
                final W stateWindow = mapping.remove(mergedWindow);
                if (stateWindow != null) {
                    mergedStateWindows.add(stateWindow);
                }
            }
            mapping.put(mergeResult, mergedStateWindow);
            mergedStateWindows.remove(mergedStateWindow);
            // A new window inside one existing window changes nothing.
            if (!(mergedWindows.contains(mergeResult) && mergedWindows.size() == 1)) {
                mergeFunction.merge(mergeResult, mergedWindows, mapping.get(mergeResult), mergedStateWindows);
            }
        }
        if (mergeResults.isEmpty() || (resultWindow.equals(newWindow) && !mergedNewWindow)) {
            mapping.put(resultWindow, resultWindow);
        }
        return resultWindow;
    }

    /**
     * Told of one merge.
     *
     * @param <W> the window type
     */
    @FunctionalInterface
    public interface MergeFunction<W> {
        /**
         * @param mergeResult the window the merged windows become
         * @param mergedWindows the in-flight windows merged away
         * @param stateWindowResult the state window the result keeps
         * @param mergedStateWindows the other state windows, whose state moves into it
         */
        void merge(W mergeResult, Collection<W> mergedWindows, W stateWindowResult, Collection<W> mergedStateWindows);
    }
}
