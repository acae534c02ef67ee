package dev.weir.flink.translation;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.flink.runtime.state.VoidNamespace;
import org.apache.flink.runtime.state.VoidNamespaceSerializer;
import org.apache.flink.streaming.api.operators.BoundedOneInput;
import org.apache.flink.streaming.api.operators.InternalTimerService;
import org.apache.flink.streaming.api.operators.InternalTimerServiceImpl;
import org.apache.flink.streaming.api.operators.KeyedProcessOperator;
import org.apache.flink.streaming.api.operators.TimerHeapInternalTimer;

/**
 * Flink's {@code KeyedProcessOperator} running a {@link FlinkKeyedProcess}, with Weir's end of
 * input (docs/semantics.md §2): when the input ends (after the MAX watermark), processing time
 * jumps to the end of time, so every pending processing-time timer fires, earliest first, a timer
 * registered by a firing one included and one deleted by it left out. Flink itself would quiesce
 * its timer service and fire none of them. Runs in its task's thread.
 */
final class FlinkKeyedProcessOperator extends KeyedProcessOperator<Object, Object, Object> implements BoundedOneInput {
    private static final long serialVersionUID = 1L;
    /** The name under which Flink's operator keeps the function's timers. */
    private static final String TIMERS = "user-timers";

    /** @param process the Weir function wrapped */
    FlinkKeyedProcessOperator(final FlinkKeyedProcess process) {
        super(process);
    }

    @Override
    public void endInput() throws Exception {
        final InternalTimerService<VoidNamespace> service = getInternalTimerService(TIMERS, VoidNamespaceSerializer.INSTANCE, this);
        if (!(service instanceof InternalTimerServiceImpl)) {
            throw new IllegalStateException("Flink's timer service is a " + service.getClass().getName()
                    + "; pending processing-time timers cannot be fired at end of input");
        }
        final InternalTimerServiceImpl<?, VoidNamespace> timers = (InternalTimerServiceImpl<?, VoidNamespace>) service;
        final FlinkKeyedProcess process = (FlinkKeyedProcess) getUserFunction();
        List<TimerHeapInternalTimer<Object, VoidNamespace>> pending = pending(timers);
        int next = 0;
        while (next < pending.size()) {
            final TimerHeapInternalTimer<Object, VoidNamespace> timer = pending.get(next++);
            final int before = timers.numProcessingTimeTimers();
            setCurrentKey(timer.getKey());
            timers.deleteProcessingTimeTimer(VoidNamespace.INSTANCE, timer.getTimestamp());
            if (timers.numProcessingTimeTimers() == before) {
                continue; // an earlier firing deleted it
            }
            final long registered = process.processingTimersRegistered();
            onProcessingTime(timer);
            if (process.processingTimersRegistered() != registered) {
                // the firing registered timers: they take their place in time order among the rest
                pending = pending(timers);
                next = 0;
            }
        }
    }

    /** @return the pending processing-time timers, earliest first */
    private List<TimerHeapInternalTimer<Object, VoidNamespace>> pending(final InternalTimerServiceImpl<?, VoidNamespace> timers)
            throws Exception {
        final List<TimerHeapInternalTimer<Object, VoidNamespace>> pending = new ArrayList<>();
        // Flink sets each timer's key as the current key while it hands the timer over
        timers.forEachProcessingTimeTimer((namespace, time) -> pending.add(new TimerHeapInternalTimer<>(time, getCurrentKey(), namespace)));
        pending.sort(Comparator.comparingLong(TimerHeapInternalTimer::getTimestamp));
        return pending;
    }
}
