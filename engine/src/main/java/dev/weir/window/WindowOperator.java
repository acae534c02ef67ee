package dev.weir.window;

import dev.weir.event.WatermarkStatus;
import dev.weir.operator.CheckpointedOperator;
import dev.weir.operator.Collector;
import dev.weir.operator.KeySelector;
import dev.weir.operator.KeyedTimerService;
import dev.weir.operator.OneInputOperator;
import dev.weir.operator.OperatorContext;
import dev.weir.operator.OperatorStatistics;
import dev.weir.operator.Output;
import dev.weir.operator.OutputTag;
import dev.weir.operator.TimerForwardingContext;
import dev.weir.state.AppendingState;
import dev.weir.state.KeyedState;
import dev.weir.state.KeyedStateBackend;
import dev.weir.state.ListState;
import dev.weir.state.ListStateDescriptor;
import dev.weir.state.MergingState;
import dev.weir.state.StateDescriptor;
import dev.weir.state.VoidNamespace;
import dev.weir.time.Timestamps;
import dev.weir.timer.TimerService;
import dev.weir.timer.Triggerable;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Flink's window operator (docs/semantics.md §3-4): assigns each record to windows, keeps window
 * state per (key, window), asks the trigger when to fire, and cleans each window up at
 * {@code maxTimestamp + allowedLateness}. Late records are added and re-fire the window
 * while it is within the allowed lateness; after cleanup they go to the late side output or
 * are dropped and counted. Merging assigners go through a {@link MergingWindowSet}. With an
 * evictor the window keeps every element with its timestamp.
 *
 * <p>Build one with {@link WindowOperatorBuilder}. Not thread-safe: one instance per task.
 *
 * @param <K> the key type
 * @param <IN> the record type
 * @param <OUT> the result type
 * @param <W> the window type
 */
public final class WindowOperator<K, IN, OUT, W extends Window> implements OneInputOperator<IN, OUT>, Triggerable<K, W>, OperatorStatistics,
        CheckpointedOperator {
    /**
     * The name of a window operator unless it is given another: a keyed stream's {@code window(...)} stage
     * and {@link WindowOperatorBuilder} use it, and metrics and runners find the operator by it.
     */
    public static final String DEFAULT_NAME = "window";

    private static final Object GLOBAL_NAMESPACE = VoidNamespace.INSTANCE;

    private final String name;
    private final KeySelector<? super IN, K> keySelector;
    private final WindowAssigner<? super IN, W> assigner;
    private final Trigger<? super IN, ? super W> trigger;
    private final StateDescriptor<? extends AppendingState<?, ?>> windowStateDescriptor;
    private final WindowFunction<Object, OUT, K, W> function;
    private final Evictor<? super IN, ? super W> evictor;
    private final long allowedLateness;
    private final OutputTag<IN> lateDataTag;
    private final MergingWindowAssigner<? super IN, W> mergingAssigner;
    /** Event-time sessions, whose records mostly land in an open session: see {@link #addToSession}. */
    private final EventTimeSessionWindows<? super IN> sessions;
    /** The assigner gives every record exactly one window ({@link WindowAssigner#assignWindow}). */
    private final boolean oneWindow;
    private final List<W> assigned = new ArrayList<>(4);
    private final Context context = new Context();
    private final WindowCollector collector = new WindowCollector();
    private final WindowAssignerContext assignerContext = WindowAssignerContext.cached(() -> this.timers.currentProcessingTime());

    private KeyedStateBackend<K> backend;
    private TimerService<K, W> timers;
    /** The trigger's and window function's timers: the current key's in the context's window. */
    private KeyedTimerService<K, W> windowTimers;
    private Output<OUT> output;
    private AppendingState<Object, Object> windowState;
    /**
     * True while every window-state entry of this operator is known to have its timer at
     * {@code maxTimestamp} queued, so that a record added to an entry that was present may skip
     * the trigger and the cleanup registration. See {@link #timersFollowState}.
     */
    private boolean knownTimers;
    private ListState<Object[]> mergingWindowsState;
    /** The current key's in-flight windows of a merging assigner, made on first use and reloaded for each record and timer. */
    private MergingWindowSet<W> mergingWindowSet;
    /** Bound once: a method reference made per record would allocate. */
    private final MergingWindowSet.MergeFunction<W> mergeFunction = this::merge;
    private long recordsIn;
    private long recordsOut;
    private long lateRecordsDropped;
    private long lateRecordsSideOutput;

    @SuppressWarnings("unchecked")
    WindowOperator(
            final String name,
            final KeySelector<? super IN, K> keySelector,
            final WindowAssigner<? super IN, W> assigner,
            final Trigger<? super IN, ? super W> trigger,
            final StateDescriptor<? extends AppendingState<?, ?>> windowStateDescriptor,
            final WindowFunction<?, OUT, K, W> function,
            final Evictor<? super IN, ? super W> evictor,
            final long allowedLateness,
            final OutputTag<IN> lateDataTag) {
        if (allowedLateness < 0) {
            throw new IllegalArgumentException("allowedLateness must not be negative: " + allowedLateness);
        }
        requireCompatible(assigner, trigger);
        this.mergingAssigner = assigner instanceof MergingWindowAssigner ? (MergingWindowAssigner<? super IN, W>) assigner : null;
        this.sessions = assigner instanceof EventTimeSessionWindows ? (EventTimeSessionWindows<? super IN>) assigner : null;
        this.name = name;
        this.keySelector = keySelector;
        this.assigner = assigner;
        this.oneWindow = mergingAssigner == null && assigner.assignsOneWindow();
        this.trigger = trigger;
        this.windowStateDescriptor = windowStateDescriptor;
        this.function = (WindowFunction<Object, OUT, K, W>) function;
        this.evictor = evictor;
        this.allowedLateness = assigner.isEventTime() ? allowedLateness : 0;
        this.lateDataTag = lateDataTag;
    }

    @Override
    public Map<String, String> fingerprint() {
        final Map<String, String> aspects = new LinkedHashMap<>();
        aspects.put("operator", "window");
        aspects.put("window assigner", CheckpointedOperator.describe(assigner));
        aspects.put("trigger", CheckpointedOperator.describe(trigger));
        aspects.put("evictor", CheckpointedOperator.describe(evictor));
        aspects.put("allowed lateness", allowedLateness + " ms");
        aspects.put("late data", lateDataTag == null ? "dropped" : "side output " + lateDataTag.id());
        aspects.put("window state", windowStateDescriptor.name() + " " + windowStateDescriptor.getClass().getSimpleName());
        aspects.put("window function", CheckpointedOperator.describe(function));
        return aspects;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void open(final OperatorContext operatorContext, final Output<OUT> output) {
        this.output = output;
        this.backend = operatorContext.createKeyedStateBackend();
        this.timers = new TimerService<>(operatorContext.clock(), backend);
        this.timers.setTarget(this);
        this.windowTimers = new KeyedTimerService<>(timers, null);
        this.windowState = (AppendingState<Object, Object>) backend.state(windowStateDescriptor);
        if (mergingAssigner != null) {
            this.mergingWindowsState = backend.state(new ListStateDescriptor<Object[]>("merging-window-set"));
        }
        this.knownTimers = timersFollowState();
    }

    /**
     * Whether the shortcut in {@link #processRecord} is exact: a record whose (key, window)
     * entry was present skips {@link #onElement}. It holds for the built-in
     * {@link EventTimeTrigger} on a non-merging event-time assigner with no evictor and no
     * allowed lateness, by this invariant: every window-state entry (k, w) has the event-time
     * timer (w.maxTimestamp, k, w) queued.
     * <ul>
     * <li>An entry is created only by a record added to a window that is not late, so
     *     {@code maxTimestamp = cleanupTime > watermark}: the trigger registers that timer
     *     (and the cleanup timer is the same one).</li>
     * <li>That timer leaves the queue by firing, which cleans the window up (its time is the
     *     cleanup time) and removes the entry; or by {@link EventTimeTrigger#clear}, called only
     *     by that cleanup. A watermark moving back cannot revive an entry without its timer.</li>
     * <li>No one else writes the entry: window and global state handed to user functions under
     *     the window contents' name, and restored window-state entries, switch the shortcut
     *     off for good (a snapshot of another job or lateness may break the invariant).</li>
     * </ul>
     * Given the invariant, onElement on a present entry of a window that is not late would do
     * nothing observable: the trigger's {@code maxTimestamp <= watermark} test is false, it
     * registers a queued timer (a duplicate, dropped), returns CONTINUE (no fire, no purge),
     * and the cleanup timer is the same queued timer.
     */
    private boolean timersFollowState() {
        return trigger instanceof EventTimeTrigger && mergingAssigner == null && assigner.isEventTime() && evictor == null
                && allowedLateness == 0;
    }

    @Override
    public void processRecord(final IN value, final long timestamp) {
        final K key = keySelector.keyOf(value);
        backend.setCurrentKey(key);
        process(value, timestamp);
    }

    @Override
    @SuppressWarnings("unchecked")
    public void processKeyedRecord(final IN value, final long timestamp, final Object key, final int keyGroup) {
        backend.setCurrentKey((K) key, keyGroup);
        process(value, timestamp);
    }

    /** A record of the current key. */
    private void process(final IN value, final long timestamp) {
        recordsIn++;
        final Object stored = evictor == null ? value : new TimestampedValue<>(value, timestamp);
        boolean skipped = true;
        if (oneWindow) {
            skipped = !addToWindow(assigner.assignWindow(value, timestamp, assignerContext), value, timestamp, stored);
        } else if (sessions != null) {
            skipped = !addToSession(value, timestamp, stored);
        } else {
            skipped = !addToAssignedWindows(value, timestamp, stored);
        }
        if (skipped && isElementLate(timestamp)) {
            if (lateDataTag != null) {
                lateRecordsSideOutput++;
                output.sideOutput(lateDataTag, value, timestamp);
            } else {
                lateRecordsDropped++;
            }
        }
    }

    /** @return false if every window the record went to was late */
    private boolean addToAssignedWindows(final IN value, final long timestamp, final Object stored) {
        assigned.clear();
        assigner.assignWindows(value, timestamp, assignerContext, assigned);
        if (mergingAssigner != null) {
            return addToMergingWindows(value, timestamp, stored);
        }
        boolean added = false;
        for (int i = 0; i < assigned.size(); i++) {
            if (addToWindow(assigned.get(i), value, timestamp, stored)) {
                added = true;
            }
        }
        return added;
    }

    /** @return false if the window is late, so the record was not added */
    private boolean addToWindow(final W window, final IN value, final long timestamp, final Object stored) {
        if (isWindowLate(window)) {
            return false;
        }
        windowState.setNamespace(window);
        if (!windowState.addToPresent(stored) || !knownTimers) {
            onElement(value, timestamp, window);
        }
        return true;
    }

    /** @return false if every window the record went to was late */
    private boolean addToMergingWindows(final IN value, final long timestamp, final Object stored) {
        boolean added = false;
        final MergingWindowSet<W> mergingWindows = mergingWindows();
        for (int i = 0; i < assigned.size(); i++) {
            if (addToMergedWindow(mergingWindows, mergingWindows.addWindow(assigned.get(i), mergeFunction), value, timestamp, stored)) {
                added = true;
            }
        }
        mergingWindows.persist();
        return added;
    }

    /**
     * A session record whose window meets exactly one in-flight session joins it without its own window being made
     * ({@link MergingWindowSet#addTimeWindow}): the session stays, or grows into the one new window. Any other
     * record takes the general path with its window.
     *
     * @return false if the window the record went to was late
     */
    @SuppressWarnings("unchecked")
    private boolean addToSession(final IN value, final long timestamp, final Object stored) {
        final long end = sessions.windowEnd(value, timestamp);
        final MergingWindowSet<W> mergingWindows = mergingWindows();
        final W session = mergingWindows.addTimeWindow(timestamp, end, mergeFunction);
        if (session == null) {
            assigned.clear();
            assigned.add((W) assignerContext.timeWindow(timestamp, end));
            return addToMergingWindows(value, timestamp, stored);
        }
        final boolean added = addToMergedWindow(mergingWindows, session, value, timestamp, stored);
        mergingWindows.persist();
        return added;
    }

    /** @return false if the window is late: it leaves the set, and the record is not added */
    private boolean addToMergedWindow(final MergingWindowSet<W> mergingWindows, final W actualWindow, final IN value, final long timestamp,
            final Object stored) {
        if (isWindowLate(actualWindow)) {
            mergingWindows.retireWindow(actualWindow);
            return false;
        }
        final W stateWindow = mergingWindows.stateWindow(actualWindow);
        if (stateWindow == null) {
            throw new IllegalStateException("window " + actualWindow + " is not in the in-flight window set");
        }
        windowState.setNamespace(stateWindow);
        windowState.add(stored);
        onElement(value, timestamp, actualWindow);
        return true;
    }

    @SuppressWarnings("unchecked")
    private void onElement(final IN value, final long timestamp, final W window) {
        context.window = window;
        final TriggerResult result = ((Trigger<IN, W>) trigger).onElement(value, timestamp, window, context);
        if (result.isFire()) {
            final Object contents = windowState.get();
            if (contents == null) {
                return;
            }
            emitWindowContents(window, contents);
        }
        if (result.isPurge()) {
            windowState.clear();
        }
        registerCleanupTimer(window);
    }

    private void merge(final W mergeResult, final List<W> mergedWindows, final W stateWindowResult, final List<W> mergedStateWindows) {
        // The saturated cleanup time, not maxTimestamp + allowedLateness: that sum wraps for a
        // large lateness and would refuse a merge whose window is far from late.
        if (assigner.isEventTime() && cleanupTime(mergeResult) <= timers.currentWatermark()) {
            throw new UnsupportedOperationException("the end of an event-time window cannot become earlier than the current watermark"
                    + " by merging: watermark " + timers.currentWatermark() + ", merged window " + mergeResult
                    + " (operator " + name + ", key " + backend.currentKey() + ")");
        } else if (!assigner.isEventTime() && mergeResult.maxTimestamp() <= timers.currentProcessingTime()) {
            throw new UnsupportedOperationException("the end of a processing-time window cannot become earlier than the current"
                    + " processing time by merging: processing time " + timers.currentProcessingTime() + ", merged window "
                    + mergeResult + " (operator " + name + ", key " + backend.currentKey() + ")");
        }
        context.window = mergeResult;
        context.mergedWindows = mergedWindows;
        callOnMerge(mergeResult);
        context.mergedWindows = null;
        for (int i = 0; i < mergedWindows.size(); i++) {
            final W merged = mergedWindows.get(i);
            context.window = merged;
            clearTrigger(merged);
            deleteCleanupTimer(merged);
        }
        // a session extended by a record merges no other state window: nothing to move
        if (!mergedStateWindows.isEmpty()) {
            ((MergingState<?, ?>) windowState).mergeNamespaces(stateWindowResult, mergedStateWindows);
        }
    }

    @SuppressWarnings("unchecked")
    private void callOnMerge(final W window) {
        ((Trigger<IN, W>) trigger).onMerge(window, context);
    }

    @SuppressWarnings("unchecked")
    private void clearTrigger(final W window) {
        ((Trigger<IN, W>) trigger).clear(window, context);
    }

    @Override
    public void processWatermark(final long watermark) {
        timers.advanceWatermark(watermark);
        output.watermark(watermark);
    }

    @Override
    public void processStatus(final WatermarkStatus status) {
        output.status(status);
    }

    @Override
    public void advanceProcessingTime(final long nowMillis) {
        timers.advanceProcessingTime(nowMillis);
    }

    @Override
    public long nextProcessingTime() {
        return timers.nextProcessingTime();
    }

    @Override
    public void onEventTime(final long time, final K key, final W window) {
        onTimer(time, window, true);
    }

    @Override
    public void onProcessingTime(final long time, final K key, final W window) {
        onTimer(time, window, false);
    }

    @SuppressWarnings("unchecked")
    private void onTimer(final long time, final W window, final boolean eventTime) {
        context.window = window;
        MergingWindowSet<W> mergingWindows = null;
        if (mergingAssigner != null) {
            mergingWindows = mergingWindows();
            final W stateWindow = mergingWindows.stateWindow(window);
            if (stateWindow == null) {
                // A timer of a window that was merged away or cleaned up; nothing to do.
                return;
            }
            windowState.setNamespace(stateWindow);
        } else {
            windowState.setNamespace(window);
        }
        final Trigger<IN, W> windowTrigger = (Trigger<IN, W>) trigger;
        final TriggerResult result = eventTime
                ? windowTrigger.onEventTime(time, window, context)
                : windowTrigger.onProcessingTime(time, window, context);
        if (result.isFire()) {
            final Object contents = windowState.get();
            if (contents != null) {
                emitWindowContents(window, contents);
            }
        }
        if (result.isPurge()) {
            windowState.clear();
        }
        if (eventTime == assigner.isEventTime() && time == cleanupTime(window)) {
            clearAllState(window, mergingWindows);
        }
        if (mergingWindows != null) {
            mergingWindows.persist();
        }
    }

    private void clearAllState(final W window, final MergingWindowSet<W> mergingWindows) {
        windowState.clear();
        context.window = window;
        clearTrigger(window);
        function.clear(context);
        if (mergingWindows != null) {
            mergingWindows.retireWindow(window);
            mergingWindows.persist();
        }
    }

    @SuppressWarnings("unchecked")
    private void emitWindowContents(final W window, final Object contents) {
        collector.timestamp = window.maxTimestamp();
        context.window = window;
        if (evictor == null) {
            function.apply(backend.currentKey(), context, contents, collector);
            return;
        }
        final List<TimestampedValue<Object>> elements = new ArrayList<>((List<TimestampedValue<Object>>) contents);
        final Evictor<Object, W> windowEvictor = (Evictor<Object, W>) evictor;
        windowEvictor.evictBefore(elements, window, timers.currentWatermark());
        final List<Object> values = new ArrayList<>(elements.size());
        for (final TimestampedValue<Object> element : elements) {
            values.add(element.value());
        }
        function.apply(backend.currentKey(), context, values, collector);
        windowEvictor.evictAfter(elements, window, timers.currentWatermark());
        ((ListState<Object>) (Object) windowState).update((List<Object>) (List<?>) elements);
    }

    private boolean isWindowLate(final W window) {
        return assigner.isEventTime() && cleanupTime(window) <= timers.currentWatermark();
    }

    private boolean isElementLate(final long timestamp) {
        return assigner.isEventTime() && Timestamps.plus(timestamp, allowedLateness) <= timers.currentWatermark();
    }

    private long cleanupTime(final W window) {
        if (assigner.isEventTime()) {
            return Timestamps.plus(window.maxTimestamp(), allowedLateness);
        }
        return window.maxTimestamp();
    }

    private void registerCleanupTimer(final W window) {
        final long cleanupTime = cleanupTime(window);
        if (cleanupTime == Long.MAX_VALUE) {
            return;
        }
        if (assigner.isEventTime()) {
            timers.registerEventTimeTimer(window, cleanupTime);
        } else {
            timers.registerProcessingTimeTimer(window, cleanupTime);
        }
    }

    private void deleteCleanupTimer(final W window) {
        final long cleanupTime = cleanupTime(window);
        if (cleanupTime == Long.MAX_VALUE) {
            return;
        }
        if (assigner.isEventTime()) {
            timers.deleteEventTimeTimer(window, cleanupTime);
        } else {
            timers.deleteProcessingTimeTimer(window, cleanupTime);
        }
    }

    private MergingWindowSet<W> mergingWindows() {
        mergingWindowsState.setNamespace(GLOBAL_NAMESPACE);
        if (mergingWindowSet == null) {
            // made with the first key, which it loads: a backend may need a current key to read
            mergingWindowSet = new MergingWindowSet<>(mergingAssigner, mergingWindowsState);
        } else {
            mergingWindowSet.load();
        }
        return mergingWindowSet;
    }

    /** @return the operator's name */
    public String name() {
        return name;
    }

    /** @return records received */
    public long recordsIn() {
        return recordsIn;
    }

    /** @return results emitted */
    public long recordsOut() {
        return recordsOut;
    }

    /** @return late records dropped because no side output was configured ({@code numLateRecordsDropped}) */
    @Override
    public long lateRecordsDropped() {
        return lateRecordsDropped;
    }

    /** @return late records sent to the late side output */
    @Override
    public long lateRecordsSideOutput() {
        return lateRecordsSideOutput;
    }

    /** @return the operator's current watermark */
    public long currentWatermark() {
        return timers.currentWatermark();
    }

    @Override
    public TimerService<?, ?> timerService() {
        return timers;
    }

    /** @return pending event-time plus processing-time timers */
    @Override
    public int pendingTimers() {
        return timers.eventTimeTimerCount() + timers.processingTimeTimerCount();
    }

    /** Releases the keyed state (off-heap memory, files); idempotent. */
    @Override
    public void close() {
        if (backend != null) {
            backend.close();
        }
    }

    @Override
    public KeyedStateBackend<?> keyedStateBackend() {
        return backend;
    }

    @Override
    public void restoreStateEntry(final String stateName, final int keyGroup, final Object key, final Object namespace, final Object value) {
        if (stateName.equals(windowStateDescriptor.name())) {
            knownTimers = false;
        }
        CheckpointedOperator.super.restoreStateEntry(stateName, keyGroup, key, namespace, value);
    }

    /** @return the number of window state entries held */
    @Override
    public long stateEntries() {
        return backend.entryCount();
    }

    @Override
    public long stateOffHeapBytes() {
        return backend.offHeapBytes();
    }

    /** The trigger, merge and window-function context of the current key and window. */
    private final class Context extends TimerForwardingContext implements OnMergeContext, ProcessWindowFunction.Context<W> {
        private W window;
        private Collection<W> mergedWindows;

        @Override
        protected dev.weir.operator.TimerService timerService() {
            return windowTimers.in(window);
        }

        @Override
        public <S extends KeyedState> S partitionedState(final StateDescriptor<S> descriptor) {
            userStateAccess(descriptor);
            final S state = backend.state(descriptor);
            state.setNamespace(window);
            return state;
        }

        @Override
        public <S extends MergingState<?, ?>> void mergePartitionedState(final StateDescriptor<S> descriptor) {
            if (mergedWindows != null && !mergedWindows.isEmpty()) {
                backend.state(descriptor).mergeNamespaces(window, mergedWindows);
            }
        }

        @Override
        public W window() {
            return window;
        }

        /** User code reaching the window contents' state could write entries without timers. */
        private void userStateAccess(final StateDescriptor<?> descriptor) {
            if (descriptor.name().equals(windowStateDescriptor.name())) {
                knownTimers = false;
            }
        }

        @Override
        public <S extends KeyedState> S windowState(final StateDescriptor<S> descriptor) {
            // As Flink's MergingWindowStateStore: a merge would orphan the absorbed windows' state.
            if (mergingAssigner != null) {
                throw new UnsupportedOperationException("per-window state is not allowed when using merging windows: "
                        + assigner + " (operator " + name + "); use globalState or the trigger's merging state");
            }
            return partitionedState(descriptor);
        }

        @Override
        public <S extends KeyedState> S globalState(final StateDescriptor<S> descriptor) {
            userStateAccess(descriptor);
            final S state = backend.state(descriptor);
            state.setNamespace(GLOBAL_NAMESPACE);
            return state;
        }

        @Override
        public <X> void output(final OutputTag<X> tag, final X value) {
            output.sideOutput(tag, value, window.maxTimestamp());
        }
    }

    /** Emits window results with the window's maxTimestamp as their timestamp. */
    private final class WindowCollector implements Collector<OUT> {
        private long timestamp;

        @Override
        public void collect(final OUT value) {
            recordsOut++;
            output.record(value, timestamp);
        }
    }

    /**
     * Refuses a trigger that cannot work with the assigner's windows, as the API does when the window function is given.
     *
     * @param assigner the window assigner
     * @param trigger the trigger
     * @throws IllegalArgumentException if the trigger needs another window type, or cannot merge the assigner's windows
     */
    public static void requireCompatible(final WindowAssigner<?, ?> assigner, final Trigger<?, ?> trigger) {
        if (!trigger.windowType().isAssignableFrom(assigner.windowType())) {
            throw new IllegalArgumentException(trigger + " needs windows of type " + trigger.windowType().getSimpleName()
                    + ", but " + assigner + " makes " + assigner.windowType().getSimpleName()
                    + " windows: use a count, continuous event-time or custom trigger with the global window");
        }
        if (assigner instanceof MergingWindowAssigner && !trigger.canMerge()) {
            throw new IllegalArgumentException(assigner + " merges windows, but " + trigger + " does not support merging");
        }
    }
}
