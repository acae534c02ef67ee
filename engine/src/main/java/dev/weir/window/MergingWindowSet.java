package dev.weir.window;

import dev.weir.state.ListState;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * The in-flight windows of one key of a merging assigner, each mapped to its state window:
 * the namespace its state is kept under (docs/semantics.md §4). A merged window keeps the state
 * window of one of the existing windows it absorbs, never the new window's, so state need
 * not move. The mapping is keyed state, a list of {window, stateWindow} pairs in insertion
 * order, read by {@link #load()} and written by {@link #persist()} only when it changed.
 *
 * <p>One set serves every key of an operator: {@link #load()} switches it to the current key.
 * It edits the loaded pairs in place and keeps the pairs it drops for the next windows, so
 * a record that extends or lands in an existing window allocates nothing here (the heap
 * backend hands out and keeps the list itself; other backends copy it on read and write).
 * Not thread-safe.
 *
 * @param <W> the window type
 */
public final class MergingWindowSet<W extends Window> {
    /** Dropped pairs kept for reuse at most; more come only from keys with many windows. */
    private static final int SPARE_PAIRS = 64;
    /** Where a stored pair holds the in-flight window. */
    private static final int WINDOW = 0;
    /** Where a stored pair holds the window's state window. */
    private static final int STATE_WINDOW = 1;

    private final MergingWindowAssigner<?, W> assigner;
    private final ListState<Object[]> state;
    private final GroupRecorder recorder = new GroupRecorder();
    /** The assigner's input: the in-flight windows, then the new one. */
    private final List<W> candidates = new ArrayList<>();
    /** The windows merged away in the group at hand, the new window left out. */
    private final List<W> mergedWindows = new ArrayList<>();
    /** The other state windows of the group at hand, whose state moves into the result's. */
    private final List<W> mergedStateWindows = new ArrayList<>();
    private final List<Object[]> sparePairs = new ArrayList<>();
    /**
     * The current key's {window, stateWindow} pairs; on the heap backend the stored list itself.
     * Read only through {@link #windowAt} and {@link #stateWindowAt}.
     */
    private List<Object[]> pairs;
    private boolean changed;

    /**
     * Creates the set and loads the current key's windows ({@link #load()}).
     *
     * @param assigner merges windows
     * @param state the key's persisted mapping, as {window, stateWindow} pairs, its namespace set
     */
    public MergingWindowSet(final MergingWindowAssigner<?, W> assigner, final ListState<Object[]> state) {
        this.assigner = assigner;
        this.state = state;
        load();
    }

    /** Reads the windows of the state's current key and namespace, dropping unpersisted changes of the key before. */
    public void load() {
        pairs = state.get();
        changed = false;
    }

    /** Writes the mapping back to keyed state if it changed. */
    public void persist() {
        if (changed) {
            state.update(pairs);
            changed = false;
        }
    }

    /**
     * @param window an in-flight window
     * @return its state window, or null if it is not in flight
     */
    public W stateWindow(final W window) {
        final int index = indexOf(window);
        return index < 0 ? null : stateWindowAt(index);
    }

    /**
     * Adds a time window {@code [start, end)} the way {@link #addWindow} would, without making it, when it intersects
     * exactly one in-flight window and does not equal it, the common case of a session record: the set's windows
     * never intersect one another, so that one window is all that merges. If it holds the new window, nothing
     * changes; otherwise it becomes its cover (the one window made), keeping its state window, and the merge
     * function is told. In any other case (none or several windows intersect, or an equal one is in flight, which
     * {@link #addWindow} maps to itself as Flink does) nothing changes and the caller adds the window.
     *
     * @param start the window's start, inclusive
     * @param end its end, exclusive
     * @param mergeFunction told of the merge, to move timers
     * @return the in-flight window the record now belongs to, or null if the caller must use {@link #addWindow}
     */
    @SuppressWarnings("unchecked")
    public W addTimeWindow(final long start, final long end, final MergeFunction<W> mergeFunction) {
        final int inFlight = size();
        TimeWindow single = null;
        for (int i = 0; i < inFlight; i++) {
            if (!(windowAt(i) instanceof TimeWindow window)) {
                return null;
            }
            // touching windows intersect, as in TimeWindow.intersects
            if (window.start() <= end && window.end() >= start) {
                if (single != null) {
                    return null;
                }
                single = window;
            }
        }
        if (single == null || (single.start() == start && single.end() == end)) {
            return null;
        }
        if (single.start() <= start && end <= single.end()) {
            return (W) single;
        }
        final W merged = (W) single;
        final W cover = (W) new TimeWindow(Math.min(single.start(), start), Math.max(single.end(), end));
        final W stateWindow = remove(merged);
        put(cover, stateWindow);
        mergedWindows.clear();
        mergedWindows.add(merged);
        mergedStateWindows.clear();
        mergeFunction.merge(cover, mergedWindows, stateWindow, mergedStateWindows);
        mergedWindows.clear();
        return cover;
    }

    /** @param window a window that is done; it leaves the set */
    public void retireWindow(final W window) {
        if (remove(window) == null) {
            throw new IllegalStateException("window " + window + " is not in the in-flight window set");
        }
    }

    /** @return a copy of the in-flight windows, for diagnostics */
    public Collection<W> windows() {
        final List<W> windows = new ArrayList<>();
        for (int i = 0; i < size(); i++) {
            windows.add(windowAt(i));
        }
        return windows;
    }

    /**
     * Adds a record's window and merges what overlaps it, as Flink's {@code MergingWindowSet}:
     * each group of windows that merge becomes its cover, which keeps the state window of the
     * group's first in-flight window (in start order).
     *
     * @param newWindow the record's window
     * @param mergeFunction told of each merge, to move state and timers
     * @return the in-flight window the record now belongs to
     */
    public W addWindow(final W newWindow, final MergeFunction<W> mergeFunction) {
        candidates.clear();
        final int inFlight = size();
        for (int i = 0; i < inFlight; i++) {
            candidates.add(windowAt(i));
        }
        candidates.add(newWindow);
        recorder.clear();
        assigner.mergeWindows(candidates, recorder);
        candidates.clear();

        W resultWindow = newWindow;
        boolean mergedNewWindow = false;
        for (int group = 0; group < recorder.groups(); group++) {
            final W mergeResult = recorder.result(group);
            recorder.members(group, mergedWindows);
            // only the first window equal to the new one leaves the group, as Collection.remove
            if (mergedWindows.remove(newWindow)) {
                mergedNewWindow = true;
                resultWindow = mergeResult;
            }
            // The state window of an existing window becomes the merge result's: the new
            // window never had state of its own.
            final W mergedStateWindow = stateWindow(mergedWindows.get(0));
            mergedStateWindows.clear();
            for (int i = 0; i < mergedWindows.size(); i++) {
                final W stateWindow = remove(mergedWindows.get(i));
                if (stateWindow != null) {
                    mergedStateWindows.add(stateWindow);
                }
            }
            put(mergeResult, mergedStateWindow);
            mergedStateWindows.remove(mergedStateWindow);
            // A new window inside one existing window changes nothing.
            if (!(mergedWindows.size() == 1 && mergedWindows.get(0).equals(mergeResult))) {
                mergeFunction.merge(mergeResult, mergedWindows, mergedStateWindow, mergedStateWindows);
            }
        }
        if (recorder.groups() == 0 || (resultWindow.equals(newWindow) && !mergedNewWindow)) {
            put(resultWindow, resultWindow);
        }
        // hold no windows between records: they may be long gone from the operator
        recorder.clear();
        mergedWindows.clear();
        mergedStateWindows.clear();
        return resultWindow;
    }

    /** @return the number of in-flight windows of the current key */
    private int size() {
        return pairs == null ? 0 : pairs.size();
    }

    /** @return the in-flight window of pair {@code index} */
    @SuppressWarnings("unchecked")
    private W windowAt(final int index) {
        return (W) pairs.get(index)[WINDOW];
    }

    /** @return the state window of pair {@code index} */
    @SuppressWarnings("unchecked")
    private W stateWindowAt(final int index) {
        return (W) pairs.get(index)[STATE_WINDOW];
    }

    private int indexOf(final W window) {
        for (int i = 0; i < size(); i++) {
            if (windowAt(i).equals(window)) {
                return i;
            }
        }
        return -1;
    }

    /** As {@code LinkedHashMap.remove}: the pair leaves, the others keep their order. */
    private W remove(final W window) {
        final int index = indexOf(window);
        if (index < 0) {
            return null;
        }
        final W stateWindow = stateWindowAt(index);
        final Object[] pair = pairs.remove(index);
        changed = true;
        if (sparePairs.size() < SPARE_PAIRS) {
            pair[WINDOW] = null;
            pair[STATE_WINDOW] = null;
            sparePairs.add(pair);
        }
        return stateWindow;
    }

    /** As {@code LinkedHashMap.put}: a present window keeps its place, a new one goes last. */
    private void put(final W window, final W stateWindow) {
        final int index = indexOf(window);
        if (index >= 0) {
            if (!Objects.equals(stateWindow, stateWindowAt(index))) {
                pairs.get(index)[STATE_WINDOW] = stateWindow;
                changed = true;
            }
            return;
        }
        if (pairs == null) {
            pairs = new ArrayList<>(2);
        }
        final Object[] pair = sparePairs.isEmpty() ? new Object[2] : sparePairs.remove(sparePairs.size() - 1);
        pair[WINDOW] = window;
        pair[STATE_WINDOW] = stateWindow;
        pairs.add(pair);
        changed = true;
    }

    /**
     * Keeps the groups the assigner reports, whose members are valid during its call only, in
     * buffers reused from one record to the next.
     */
    private final class GroupRecorder implements MergingWindowAssigner.MergeCallback<W> {
        private final List<W> results = new ArrayList<>();
        private final List<W> members = new ArrayList<>();
        /** Group g's members are {@code members[ends[g - 1], ends[g])}. */
        private int[] ends = new int[4];

        @Override
        public void merge(final Collection<W> toBeMerged, final W mergeResult) {
            final int group = results.size();
            if (group == ends.length) {
                ends = Arrays.copyOf(ends, 2 * group);
            }
            results.add(mergeResult);
            if (toBeMerged instanceof List) {
                final List<W> list = (List<W>) toBeMerged;
                for (int i = 0; i < list.size(); i++) {
                    members.add(list.get(i));
                }
            } else {
                members.addAll(toBeMerged);
            }
            ends[group] = members.size();
        }

        int groups() {
            return results.size();
        }

        W result(final int group) {
            return results.get(group);
        }

        /** Replaces {@code into} with the group's members, in the order reported. */
        void members(final int group, final List<W> into) {
            into.clear();
            for (int i = group == 0 ? 0 : ends[group - 1]; i < ends[group]; i++) {
                into.add(members.get(i));
            }
        }

        void clear() {
            results.clear();
            members.clear();
        }
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
         * @param mergedWindows the in-flight windows merged away; valid during the call only
         * @param stateWindowResult the state window the result keeps
         * @param mergedStateWindows the other state windows, whose state moves into it; valid during the call only
         */
        void merge(W mergeResult, List<W> mergedWindows, W stateWindowResult, List<W> mergedStateWindows);
    }
}
