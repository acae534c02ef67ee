package dev.weir.timer;

/**
 * What a {@link TimerService} calls when a timer fires; the current key is already set.
 *
 * @param <K> the key type
 * @param <N> the namespace type
 */
public interface Triggerable<K, N> {
    /**
     * @param timestamp the event-time timer's timestamp
     * @param key its key
     * @param namespace its namespace
     */
    void onEventTime(long timestamp, K key, N namespace);

    /**
     * @param timestamp the processing-time timer's timestamp
     * @param key its key
     * @param namespace its namespace
     */
    void onProcessingTime(long timestamp, K key, N namespace);
}
