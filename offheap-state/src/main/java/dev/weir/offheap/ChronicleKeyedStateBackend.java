package dev.weir.offheap;

import dev.weir.state.AggregateFunction;
import dev.weir.state.AggregatingState;
import dev.weir.state.CurrentKey;
import dev.weir.state.KeyGroupRange;
import dev.weir.state.KeyedState;
import dev.weir.state.KeyedStateBackend;
import dev.weir.state.KeyedStateVisitor;
import dev.weir.state.ListState;
import dev.weir.state.ReduceFunction;
import dev.weir.state.ReducingState;
import dev.weir.state.StateDescriptor;
import dev.weir.state.StateTables;
import dev.weir.state.ValueState;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import net.openhft.chronicle.map.ChronicleMap;
import net.openhft.chronicle.map.ChronicleMapBuilder;

/**
 * Keyed state in Chronicle Maps, one per state, each behind an on-heap write-back cache
 * (docs/state.md). Same semantics as the heap backend. With a state directory the maps live
 * in {@code DIR/<operator>/<instance>/<state>.cm}, made anew at start (recovery comes from
 * checkpoints, not from these files). Owned by one operator instance; not thread-safe.
 *
 * @param <K> the key type
 */
public final class ChronicleKeyedStateBackend<K> implements KeyedStateBackend<K> {
    private final String operatorName;
    private final int instance;
    private final ChronicleStateConfig config;
    private final CurrentKey<K> current;
    private final StateTables<ChronicleStateTable> tables = new StateTables<>(this::newTable);
    private boolean closed;

    /**
     * @param operatorName the operator the state belongs to
     * @param instance the operator instance's index
     * @param keyGroupRange the key groups this instance owns
     * @param maxParallelism the number of key groups of the job
     * @param config sizes, cache and directory
     */
    public ChronicleKeyedStateBackend(final String operatorName, final int instance, final KeyGroupRange keyGroupRange,
            final int maxParallelism, final ChronicleStateConfig config) {
        this.operatorName = operatorName;
        this.instance = instance;
        this.config = config;
        this.current = new CurrentKey<>(keyGroupRange, maxParallelism);
    }

    @Override
    public void setCurrentKey(final K key) {
        current.set(key);
    }

    @Override
    public void setCurrentKey(final K key, final int keyGroup) {
        current.set(key, keyGroup);
    }

    @Override
    public K currentKey() {
        return current.key();
    }

    @Override
    public int currentKeyGroup() {
        return current.keyGroup();
    }

    @Override
    public KeyGroupRange keyGroupRange() {
        return current.keyGroupRange();
    }

    @Override
    public int maxParallelism() {
        return current.maxParallelism();
    }

    /** @return the operator the state belongs to */
    public String operatorName() {
        return operatorName;
    }

    /** @return the operator instance's index */
    public int instance() {
        return instance;
    }

    @Override
    public <S extends KeyedState> S state(final StateDescriptor<S> descriptor) {
        return tables.state(descriptor, this);
    }

    @Override
    public <T> ValueState<T> createValueState(final String name) {
        return new ChronicleValueState<>(tables.declare(name));
    }

    @Override
    public <T> ListState<T> createListState(final String name) {
        return new ChronicleListState<>(tables.declare(name));
    }

    @Override
    public <T> ReducingState<T> createReducingState(final String name, final ReduceFunction<T> reduceFunction) {
        return new ChronicleReducingState<>(tables.declare(name), reduceFunction);
    }

    @Override
    public <IN, ACC, OUT> AggregatingState<IN, OUT> createAggregatingState(
            final String name, final AggregateFunction<IN, ACC, OUT> aggregateFunction) {
        return new ChronicleAggregatingState<>(tables.declare(name), aggregateFunction);
    }

    @Override
    public long entryCount() {
        return tables.sum(ChronicleStateTable::size);
    }

    @Override
    public long offHeapBytes() {
        if (closed) {
            return 0;
        }
        return tables.sum(ChronicleStateTable::offHeapBytes);
    }

    @Override
    public void snapshot(final KeyedStateVisitor visitor) {
        for (int i = 0; i < tables.size(); i++) {
            tables.table(i).forEach(visitor);
        }
    }

    @Override
    public void restoreEntry(final String stateName, final int keyGroup, final Object key, final Object namespace,
            final Object value) {
        current.checkRestored(keyGroup);
        tables.table(stateName).restore(keyGroup, key, namespace, value);
    }

    @Override
    public void flush() {
        for (int i = 0; i < tables.size(); i++) {
            tables.table(i).flush();
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (int i = 0; i < tables.size(); i++) {
            tables.table(i).close();
        }
    }

    private ChronicleStateTable newTable(final String name) {
        if (closed) {
            throw new IllegalStateException("the state backend of operator '" + operatorName + "' is closed");
        }
        return new ChronicleStateTable(this, name, createMap(name), config);
    }

    private ChronicleMap<EntryBytes, EntryBytes> createMap(final String stateName) {
        final ChronicleMapBuilder<EntryBytes, EntryBytes> builder = ChronicleMapBuilder.of(EntryBytes.class, EntryBytes.class)
                .name(operatorName + "/" + instance + "/" + stateName)
                .keyMarshallers(EntryBytesMarshaller.INSTANCE, EntryBytesMarshaller.INSTANCE)
                .valueMarshallers(EntryBytesMarshaller.INSTANCE, EntryBytesMarshaller.INSTANCE)
                .averageKeySize(config.averageKeyBytes())
                .averageValueSize(config.averageValueBytes())
                // The entry limit is enforced before the map (StateCapacityException); the slack
                // absorbs entries larger than the configured averages.
                .entries(config.maxEntries())
                .maxBloatFactor(4.0);
        final Path directory = config.stateDirectory();
        if (directory == null) {
            return builder.create();
        }
        final Path file = mapFile(directory, stateName);
        try {
            Files.createDirectories(file.getParent());
            Files.deleteIfExists(file);
            return builder.createPersistedTo(file.toFile());
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot create the state file " + file + " of state '" + stateName
                    + "' of operator '" + operatorName + "'", e);
        }
    }

    /**
     * @param directory the configured state directory
     * @param stateName a state's name
     * @return {@code directory/<operator>/<instance>/<state>.cm}, names made safe for file systems
     */
    Path mapFile(final Path directory, final String stateName) {
        return directory.resolve(fileName(operatorName)).resolve(Integer.toString(instance))
                .resolve(fileName(stateName) + ".cm");
    }

    private static String fileName(final String name) {
        return name.replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
