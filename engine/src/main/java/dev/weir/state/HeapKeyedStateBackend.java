package dev.weir.state;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Keyed state on the heap, split by key group; for tests, small jobs and as the reference
 * the off-heap backend is compared with. Not thread-safe.
 *
 * @param <K> the key type
 */
public final class HeapKeyedStateBackend<K> implements KeyedStateBackend<K> {
    private final KeyGroupRange keyGroupRange;
    private final int maxParallelism;
    private final Map<String, KeyedState> states = new HashMap<>();
    private final Map<String, HeapStateTable> tables = new HashMap<>();
    /** The same tables, indexed, so that counting entries allocates no iterator (metrics read it per batch). */
    private final List<HeapStateTable> tableList = new ArrayList<>();
    /** States created by their operator, as opposed to tables that only hold restored entries so far. */
    private final Set<String> declared = new HashSet<>();
    private K currentKey;
    private int currentKeyGroup;

    /**
     * @param keyGroupRange the key groups this instance owns
     * @param maxParallelism the number of key groups of the job
     */
    public HeapKeyedStateBackend(final KeyGroupRange keyGroupRange, final int maxParallelism) {
        this.keyGroupRange = keyGroupRange;
        this.maxParallelism = maxParallelism;
    }

    @Override
    public void setCurrentKey(final K key) {
        final int keyGroup = KeyGroups.keyGroupOf(key, maxParallelism);
        if (!keyGroupRange.contains(keyGroup)) {
            throw new IllegalArgumentException("key " + key + " is in key group " + keyGroup
                    + ", outside this instance's range " + keyGroupRange);
        }
        currentKey = key;
        currentKeyGroup = keyGroup;
    }

    @Override
    public K currentKey() {
        return currentKey;
    }

    @Override
    public int currentKeyGroup() {
        return currentKeyGroup;
    }

    @Override
    public KeyGroupRange keyGroupRange() {
        return keyGroupRange;
    }

    @Override
    public int maxParallelism() {
        return maxParallelism;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <S extends KeyedState> S state(final StateDescriptor<S> descriptor) {
        KeyedState state = states.get(descriptor.name());
        if (state == null) {
            state = descriptor.createIn(this);
            states.put(descriptor.name(), state);
        }
        return (S) state;
    }

    private HeapStateTable table(final String name) {
        if (!declared.add(name)) {
            throw new IllegalStateException("state '" + name + "' is declared twice");
        }
        return tableFor(name);
    }

    private HeapStateTable tableFor(final String name) {
        HeapStateTable table = tables.get(name);
        if (table == null) {
            table = new HeapStateTable(this);
            tables.put(name, table);
            tableList.add(table);
        }
        return table;
    }

    @Override
    public <T> ValueState<T> createValueState(final String name) {
        return new HeapValueState<>(table(name));
    }

    @Override
    public <T> ListState<T> createListState(final String name) {
        return new HeapListState<>(table(name));
    }

    @Override
    public <T> ReducingState<T> createReducingState(final String name, final ReduceFunction<T> reduceFunction) {
        return new HeapReducingState<>(table(name), reduceFunction);
    }

    @Override
    public <IN, ACC, OUT> AggregatingState<IN, OUT> createAggregatingState(
            final String name, final AggregateFunction<IN, ACC, OUT> aggregateFunction) {
        return new HeapAggregatingState<>(table(name), aggregateFunction);
    }

    @Override
    public long entryCount() {
        long entries = 0;
        for (int i = 0; i < tableList.size(); i++) {
            entries += tableList.get(i).size();
        }
        return entries;
    }

    @Override
    public void snapshot(final KeyedStateVisitor visitor) {
        for (final Map.Entry<String, HeapStateTable> table : tables.entrySet()) {
            table.getValue().forEach(table.getKey(), visitor);
        }
    }

    @Override
    public void restoreEntry(final String stateName, final int keyGroup, final Object key, final Object namespace,
            final Object value) {
        if (!keyGroupRange.contains(keyGroup)) {
            throw new IllegalArgumentException("restored key group " + keyGroup + " is outside this instance's range "
                    + keyGroupRange);
        }
        tableFor(stateName).restore(keyGroup, key, namespace, value);
    }
}
