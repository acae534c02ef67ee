package dev.weir.state;

import java.util.Objects;

/**
 * A {@link MapState} with {@code Long} user keys (timestamps, sequence numbers), kept in
 * ascending order, with primitive access: {@link #get(long)}, {@link #putAt(long, Object)},
 * {@link #remove(long)} and {@link #contains(long)} box nothing and, for a map that exists,
 * allocate nothing (adding a key allocates only when the map's arrays double), and
 * {@link #forEach(long, long, LongEntryConsumer)} visits a range of keys in order, as an
 * interval join looks up the other side's buffer. Made by {@link LongMapStateDescriptor}, or by
 * a {@link MapStateDescriptor} with {@code Long.class} keys.
 *
 * @param <UV> the value type
 */
public interface LongMapState<UV> extends MapState<Long, UV> {
    /**
     * @param key a user key
     * @return its value, or null when absent
     */
    UV get(long key);

    /**
     * {@code put} with a primitive key. (Not an overload of {@code put}: with a boxed value
     * type, {@code put(long, Long)} and {@code put(Long, Long)} would both fit {@code put(t, 5L)}.)
     *
     * @param key a user key
     * @param value its new value
     */
    void putAt(long key, UV value);

    /** @param key a user key to remove; absent keys are ignored */
    void remove(long key);

    /**
     * @param key a user key
     * @return whether the current key and namespace map it
     */
    boolean contains(long key);

    /**
     * Hands the entries of the current key and namespace with {@code from <= key <= to} to
     * {@code consumer} in ascending key order; allocates nothing (keep the consumer in a field).
     *
     * @param from the lowest user key, inclusive
     * @param to the highest user key, inclusive
     * @param consumer receives the entries; it must not change this state
     * @throws java.util.ConcurrentModificationException if the consumer changed the state
     */
    void forEach(long from, long to, LongEntryConsumer<? super UV> consumer);

    @Override
    default UV get(final Long key) {
        return get(Objects.requireNonNull(key, "user key").longValue());
    }

    @Override
    default void put(final Long key, final UV value) {
        putAt(Objects.requireNonNull(key, "user key").longValue(), value);
    }

    @Override
    default void remove(final Long key) {
        remove(Objects.requireNonNull(key, "user key").longValue());
    }

    @Override
    default boolean contains(final Long key) {
        return contains(Objects.requireNonNull(key, "user key").longValue());
    }
}
