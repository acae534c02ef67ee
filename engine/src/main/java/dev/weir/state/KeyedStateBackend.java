package dev.weir.state;

/**
 * The keyed-state SPI operators use: state addressed by (current key, namespace), split by
 * key group. Implementations: {@link HeapKeyedStateBackend} on the heap; an off-heap one
 * behind the same interface. Owned by one operator instance; not thread-safe.
 *
 * @param <K> the key type
 */
public interface KeyedStateBackend<K> extends KeyContext<K> {
    /** @return the key group of the current key */
    int currentKeyGroup();

    /** @return the key groups this backend holds */
    KeyGroupRange keyGroupRange();

    /** @return the number of key groups of the job */
    int maxParallelism();

    /**
     * @param descriptor names the state and its kind
     * @param <S> the state type
     * @return the state, created on first use and the same object afterwards
     */
    <S extends KeyedState> S state(StateDescriptor<S> descriptor);

    /**
     * @param name the state's name
     * @param <T> the value type
     * @return a new value state
     */
    <T> ValueState<T> createValueState(String name);

    /**
     * @param name the state's name
     * @param <T> the element type
     * @return a new list state
     */
    <T> ListState<T> createListState(String name);

    /**
     * @param name the state's name
     * @param <UK> the user key type
     * @param <UV> the value type
     * @return a new map state whose user keys keep the order they were first put in
     */
    <UK, UV> MapState<UK, UV> createMapState(String name);

    /**
     * @param name the state's name
     * @param <UV> the value type
     * @return a new map state with {@code long} user keys in ascending order
     */
    <UV> LongMapState<UV> createLongMapState(String name);

    /**
     * @param name the state's name
     * @param reduceFunction folds added values
     * @param <T> the value type
     * @return a new reducing state
     */
    <T> ReducingState<T> createReducingState(String name, ReduceFunction<T> reduceFunction);

    /**
     * @param name the state's name
     * @param aggregateFunction the aggregation
     * @param <IN> what is added
     * @param <ACC> the accumulator
     * @param <OUT> the result
     * @return a new aggregating state
     */
    <IN, ACC, OUT> AggregatingState<IN, OUT> createAggregatingState(String name, AggregateFunction<IN, ACC, OUT> aggregateFunction);

    /** @return the number of (key, namespace) entries over all states, for metrics */
    long entryCount();

    /** @return bytes of memory outside the Java heap this backend holds (0 on the heap), for metrics */
    default long offHeapBytes() {
        return 0;
    }

    /**
     * Hands every entry of every state to {@code visitor}, each with its key group, in no
     * particular order; entries of states not yet declared but restored count.
     *
     * @param visitor receives the entries
     */
    void snapshot(KeyedStateVisitor visitor);

    /**
     * Puts one restored entry back, before the operator processes anything. The state need not
     * be declared yet; declaring it later finds the entry.
     *
     * @param stateName the state the entry belongs to
     * @param keyGroup the key group of {@code key}, inside {@link #keyGroupRange()}
     * @param key the key
     * @param namespace the namespace
     * @param value the value
     */
    void restoreEntry(String stateName, int keyGroup, Object key, Object namespace, Object value);

    /** Writes anything held in caches through to the backing store (before a snapshot). */
    default void flush() {
    }

    /** Releases the backend's resources; the backend is not used afterwards. Idempotent. */
    default void close() {
    }
}
