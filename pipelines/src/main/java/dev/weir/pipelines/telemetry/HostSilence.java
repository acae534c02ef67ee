package dev.weir.pipelines.telemetry;

import dev.weir.operator.Collector;
import dev.weir.operator.KeyedProcessFunction;
import dev.weir.operator.OutputTag;
import dev.weir.state.ValueState;
import dev.weir.state.ValueStateDescriptor;
import java.io.Serializable;

/**
 * Finds the gaps of at least {@link #GAP_MILLIS} between consecutive packets of a host, keyed by {@link Host}, fed
 * one packet sample per datagram.
 *
 * <p><b>Order.</b> Packets are taken in event-time order, not arrival order: a packet ahead of the watermark waits
 * in the host's state ({@link HostActivity}) until the watermark passes it, so a packet that arrives out of order
 * within the bounded out-of-orderness still falls between its neighbours. A packet at or behind the watermark when
 * it arrives is late: it goes to the side output {@link #LATE} (the job counts it) and is otherwise ignored,
 * since the rows before it are out.
 *
 * <p><b>Rows.</b> When the watermark reaches {@code LAST_SEEN + 30000} with no packet of the host in between, the
 * host is silent: {@code silent,HOST,LAST_SEEN,LAST_SEEN+30000}. When its next packet is taken, {@code
 * resumed,HOST,LAST_SEEN,NEXT_SEEN} follows. A packet exactly 30,000 ms after the last one is a gap (both rows);
 * a deadline and a packet at the same millisecond give the silent row first. A next packet that arrived before
 * the watermark reached the deadline gives both rows all the same, silent first, once the watermark passes it.
 *
 * <p><b>End of input</b> is not silence: the MAX watermark that ends the input takes the waiting packets (their
 * gaps are real) but reports no silence after a host's last packet. Event-time timers wake the host at its next
 * deadline and at its earliest waiting packet; the watermark a timer fires under is read from the context. A
 * timer emits only the rows due at its own time and leaves later ones to their timers, which fire in time order
 * under the same watermark: so rows of all hosts come out ordered by their {@code at} time (packets that end no
 * silence are taken in one go). Holds nothing but constants, so that it can be shipped to Flink's tasks. Not
 * thread-safe: one per keyed task.
 */
final class HostSilence implements KeyedProcessFunction<Host, MetricSample, SilenceRow>, Serializable {
    /** The side output of the packets that came at or behind the watermark. */
    static final OutputTag<MetricSample> LATE = new OutputTag<>("late-packets");
    /** The shortest gap between two packets of a host that is a silence, in milliseconds. */
    static final long GAP_MILLIS = 30_000;

    private static final long serialVersionUID = 1L;
    private static final ValueStateDescriptor<HostActivity> ACTIVITY = new ValueStateDescriptor<>("host-activity");

    @Override
    public void processElement(final MetricSample packet, final Context<Host> ctx, final Collector<SilenceRow> out) {
        final long time = ctx.timestamp();
        if (time <= ctx.currentWatermark()) {
            ctx.output(LATE, packet);
            return;
        }
        final ValueState<HostActivity> state = ctx.state(ACTIVITY);
        HostActivity activity = state.value();
        if (activity == null) {
            activity = new HostActivity();
        }
        if (!activity.hasPending() || time < activity.firstPending()) {
            ctx.registerEventTimeTimer(time);
        }
        activity.addPending(time);
        state.update(activity);
    }

    @Override
    public void onTimer(final long timestamp, final Context<Host> ctx, final Collector<SilenceRow> out) {
        final long watermark = ctx.currentWatermark();
        final boolean endOfInput = watermark == Long.MAX_VALUE;
        final ValueState<HostActivity> state = ctx.state(ACTIVITY);
        final HostActivity activity = state.value();
        final Host host = ctx.currentKey();
        if (activity.deadlineTimer() == timestamp) {
            activity.deadlineTimer(HostActivity.NONE);
        }
        while (true) {
            final boolean packetDue = activity.hasPending() && activity.firstPending() <= watermark;
            final long lastSeen = activity.lastSeen();
            final boolean deadlineOpen = lastSeen != HostActivity.NONE && !activity.silenceReported();
            final long deadline = lastSeen + GAP_MILLIS;
            // at the end of input a deadline is a silence only if a packet after it proves the gap
            if (deadlineOpen && deadline <= watermark
                    && (packetDue ? deadline <= activity.firstPending() : !endOfInput || activity.hasPending())) {
                if (deadline > timestamp) {
                    break; // a row waits for its own timer, so that rows of all hosts come out in time order
                }
                out.collect(SilenceRow.silent(host, lastSeen));
                activity.silenceReported(true);
            } else if (packetDue) {
                final boolean silent = activity.silenceReported();
                if (silent && activity.firstPending() > timestamp) {
                    break;
                }
                final long next = activity.takePending();
                if (silent) {
                    out.collect(SilenceRow.resumed(host, lastSeen, next));
                }
            } else {
                break;
            }
        }
        schedule(activity, ctx, endOfInput);
        state.update(activity);
    }

    /** Registers the timers the host needs next: its deadline (moved if it changed) and its earliest waiting packet. */
    private static void schedule(final HostActivity activity, final Context<Host> ctx, final boolean endOfInput) {
        final boolean deadlineOpen = activity.lastSeen() != HostActivity.NONE && !activity.silenceReported()
                && (!endOfInput || activity.hasPending());
        final long deadline = deadlineOpen ? activity.lastSeen() + GAP_MILLIS : HostActivity.NONE;
        if (activity.deadlineTimer() != deadline) {
            if (activity.deadlineTimer() != HostActivity.NONE) {
                ctx.deleteEventTimeTimer(activity.deadlineTimer());
            }
            if (deadlineOpen) {
                ctx.registerEventTimeTimer(deadline);
            }
            activity.deadlineTimer(deadline);
        }
        if (activity.hasPending()) {
            ctx.registerEventTimeTimer(activity.firstPending());
        }
    }
}
