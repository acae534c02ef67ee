package dev.weir.timer;

import dev.weir.clock.Clock;
import dev.weir.state.KeyContext;

/**
 * Event- and processing-time timers of one keyed operator instance (docs/semantics.md §3).
 * Timers are registered for the current key; an event-time timer fires only when a
 * watermark at or above it arrives (one registered at or below the current watermark fires
 * on the next watermark); firing sets the current key first. Not thread-safe.
 *
 * @param <K> the key type
 * @param <N> the namespace type
 */
public final class TimerService<K, N> {
    private final Clock clock;
    private final KeyContext<K> keyContext;
    private final TimerQueue<K, N> eventTimeTimers = new TimerQueue<>();
    private final TimerQueue<K, N> processingTimeTimers = new TimerQueue<>();
    private Triggerable<K, N> target;
    private long currentWatermark = Long.MIN_VALUE;

    /**
     * @param clock processing time
     * @param keyContext the keyed state whose current key timers belong to
     */
    public TimerService(final Clock clock, final KeyContext<K> keyContext) {
        this.clock = clock;
        this.keyContext = keyContext;
    }

    /** @param target receives fired timers */
    public void setTarget(final Triggerable<K, N> target) {
        this.target = target;
    }

    /** @return the watermark the timers have seen last (MIN before the first) */
    public long currentWatermark() {
        return currentWatermark;
    }

    /** @return the current processing time from the clock */
    public long currentProcessingTime() {
        return clock.millis();
    }

    /**
     * @param namespace the namespace
     * @param timestamp event time to fire at
     */
    public void registerEventTimeTimer(final N namespace, final long timestamp) {
        eventTimeTimers.add(timestamp, keyContext.currentKey(), namespace);
    }

    /**
     * @param namespace the namespace
     * @param timestamp the timer's event time
     */
    public void deleteEventTimeTimer(final N namespace, final long timestamp) {
        eventTimeTimers.remove(timestamp, keyContext.currentKey(), namespace);
    }

    /**
     * @param namespace the namespace
     * @param timestamp processing time to fire at
     */
    public void registerProcessingTimeTimer(final N namespace, final long timestamp) {
        processingTimeTimers.add(timestamp, keyContext.currentKey(), namespace);
    }

    /**
     * @param namespace the namespace
     * @param timestamp the timer's processing time
     */
    public void deleteProcessingTimeTimer(final N namespace, final long timestamp) {
        processingTimeTimers.remove(timestamp, keyContext.currentKey(), namespace);
    }

    /**
     * Puts a timer of a snapshot back, for any key (not only the current one); before the
     * operator processes anything.
     *
     * @param domain event or processing time
     * @param key the timer's key
     * @param namespace its namespace
     * @param timestamp when it fires
     */
    public void restoreTimer(final TimeDomain domain, final K key, final N namespace, final long timestamp) {
        (domain == TimeDomain.EVENT_TIME ? eventTimeTimers : processingTimeTimers).add(timestamp, key, namespace);
    }

    /**
     * Sets the watermark and fires every event-time timer at or below it, earliest first,
     * including timers that firing registers at or below it.
     *
     * @param watermark the new watermark
     */
    public void advanceWatermark(final long watermark) {
        currentWatermark = watermark;
        while (eventTimeTimers.peekTimestamp() <= watermark && !eventTimeTimers.isEmpty()) {
            final long timestamp = eventTimeTimers.peekTimestamp();
            final K key = eventTimeTimers.peekKey();
            final N namespace = eventTimeTimers.peekNamespace();
            eventTimeTimers.poll();
            keyContext.setCurrentKey(key);
            target.onEventTime(timestamp, key, namespace);
        }
    }

    /**
     * Fires every processing-time timer at or below {@code nowMillis}, earliest first.
     *
     * @param nowMillis the processing time reached
     */
    public void advanceProcessingTime(final long nowMillis) {
        while (processingTimeTimers.peekTimestamp() <= nowMillis && !processingTimeTimers.isEmpty()) {
            final long timestamp = processingTimeTimers.peekTimestamp();
            final K key = processingTimeTimers.peekKey();
            final N namespace = processingTimeTimers.peekNamespace();
            processingTimeTimers.poll();
            keyContext.setCurrentKey(key);
            target.onProcessingTime(timestamp, key, namespace);
        }
    }

    /** @return when the earliest processing-time timer is due, or {@link Long#MAX_VALUE} */
    public long nextProcessingTime() {
        return processingTimeTimers.peekTimestamp();
    }

    /** @return the number of pending event-time timers */
    public int eventTimeTimerCount() {
        return eventTimeTimers.size();
    }

    /** @return the number of pending processing-time timers */
    public int processingTimeTimerCount() {
        return processingTimeTimers.size();
    }

    /** @return the event-time timers, for snapshots and diagnostics */
    public TimerQueue<K, N> eventTimeTimers() {
        return eventTimeTimers;
    }

    /** @return the processing-time timers, for snapshots and diagnostics */
    public TimerQueue<K, N> processingTimeTimers() {
        return processingTimeTimers;
    }
}
