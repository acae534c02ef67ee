package dev.weir.state;

/**
 * Keyed state on the heap, split by key group; for tests, small jobs and as the reference
 * the off-heap backend is compared with. Not thread-safe.
 *
 * @param <K> the key type
 */
public final class HeapKeyedStateBackend<K> extends AbstractKeyedStateBackend<K> {
    private final StateTables<HeapStateTable> tables = new StateTables<>(name -> new HeapStateTable(this));

    /**
     * @param keyGroupRange the key groups this instance owns
     * @param maxParallelism the number of key groups of the job
     */
    public HeapKeyedStateBackend(final KeyGroupRange keyGroupRange, final int maxParallelism) {
        super(keyGroupRange, maxParallelism);
    }

    @Override
    public <S extends KeyedState> S state(final StateDescriptor<S> descriptor) {
        return tables.state(descriptor, this);
    }

    @Override
    public <T> ValueState<T> createValueState(final String name) {
        return new HeapValueState<>(tables.declare(name));
    }

    @Override
    public <T> ListState<T> createListState(final String name) {
        return new HeapListState<>(tables.declare(name));
    }

    @Override
    public <UK, UV> MapState<UK, UV> createMapState(final String name) {
        return new HeapMapState<>(this, tables.declare(name));
    }

    @Override
    public <UV> LongMapState<UV> createLongMapState(final String name) {
        return new HeapLongMapState<>(this, tables.declare(name));
    }

    @Override
    public <T> ReducingState<T> createReducingState(final String name, final ReduceFunction<T> reduceFunction) {
        return new HeapReducingState<>(tables.declare(name), reduceFunction);
    }

    @Override
    public <IN, ACC, OUT> AggregatingState<IN, OUT> createAggregatingState(
            final String name, final AggregateFunction<IN, ACC, OUT> aggregateFunction) {
        return new HeapAggregatingState<>(tables.declare(name), aggregateFunction);
    }

    @Override
    public long entryCount() {
        return tables.sum(HeapStateTable::size);
    }

    @Override
    public void snapshot(final KeyedStateVisitor visitor) {
        for (int i = 0; i < tables.size(); i++) {
            tables.table(i).forEach(tables.name(i), visitor);
        }
    }

    @Override
    public void restoreEntry(final String stateName, final int keyGroup, final Object key, final Object namespace,
            final Object value) {
        checkRestored(keyGroup);
        tables.table(stateName).restore(key, namespace, value);
    }
}
