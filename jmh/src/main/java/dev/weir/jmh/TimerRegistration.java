package dev.weir.jmh;

import dev.weir.timer.TimerQueue;
import dev.weir.window.TimeWindow;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The event-time {@link TimerQueue} of a window operator holding {@code timers} timers, one per key, each
 * (end of the key's window - 1, key, window): registering a new timer while the earliest fires (the queue
 * stays at its size), registering a timer that is already there (the dedup every record of a window
 * pays), once as the timer registered last (the trigger's registration followed by the cleanup's) and
 * once as any other (the index probe). One thread; not final: JMH subclasses its benchmark classes.
 */
public class TimerRegistration extends Microbenchmark {
    /** Window size in milliseconds: each key's next timer is one window later. */
    static final long WINDOW = 1_000;

    /** Timers in the queue, one per key. */
    @Param({"1000", "100000"})
    public int timers;

    private TimerQueue<String, TimeWindow> queue;
    private String[] keys;
    private TimeWindow[] windows;
    private int next;

    /** A queue with one timer per key, key {@code k} in the window {@code [k, k + WINDOW)}. */
    @Setup(Level.Trial)
    public void createQueue() {
        queue = new TimerQueue<>();
        keys = new String[timers];
        windows = new TimeWindow[timers];
        for (int k = 0; k < timers; k++) {
            keys[k] = "SYM" + k;
            windows[k] = new TimeWindow(k, k + WINDOW);
            queue.add(windows[k].maxTimestamp(), keys[k], windows[k]);
        }
        next = 0;
    }

    /**
     * Fires the earliest timer and registers that key's timer for its next window (made here, as the
     * window operator's window cache would hand it out).
     *
     * @return the time of the timer that fired
     */
    @Benchmark
    public long registerAndFire() {
        final long fired = queue.peekTimestamp();
        final String key = queue.peekKey();
        final TimeWindow window = queue.peekNamespace();
        queue.poll();
        final TimeWindow later = new TimeWindow(window.start() + timers, window.end() + timers);
        queue.add(later.maxTimestamp(), key, later);
        return fired;
    }

    /** @return false: the next key's timer is already registered and looked up in the index */
    @Benchmark
    public boolean dedupProbe() {
        final int k = next;
        next = k + 1 == timers ? 0 : k + 1;
        return queue.add(windows[k].maxTimestamp(), keys[k], windows[k]);
    }

    /** @return false: the timer registered (or found) last, registered again */
    @Benchmark
    public boolean dedupLast() {
        return queue.add(windows[0].maxTimestamp(), keys[0], windows[0]);
    }

    /** @return timers in the queue */
    int size() {
        return queue.size();
    }
}
