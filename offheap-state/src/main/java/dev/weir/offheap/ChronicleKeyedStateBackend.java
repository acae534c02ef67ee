package dev.weir.offheap;

import dev.weir.state.AbstractKeyedStateBackend;
import dev.weir.state.AggregateFunction;
import dev.weir.state.AggregatingState;
import dev.weir.state.KeyGroupRange;
import dev.weir.state.KeyedState;
import dev.weir.state.KeyedStateVisitor;
import dev.weir.state.ListState;
import dev.weir.state.LongMapState;
import dev.weir.state.MapState;
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
 * Keyed state in Chronicle Maps, one per state (a chain of them when an uncapped state grows),
 * each state behind an on-heap write-back cache (docs/state.md). Same semantics as the heap
 * backend. With a state directory the maps live in {@code DIR/<operator>/<instance>/<state>.cm}
 * (the maps that join a growing state in {@code <state>.<n>.cm}), made anew at start (recovery
 * comes from checkpoints, not from these files). Owned by one operator instance; not thread-safe.
 *
 * @param <K> the key type
 */
public final class ChronicleKeyedStateBackend<K> extends AbstractKeyedStateBackend<K> {
    private final String operatorName;
    private final int instance;
    private final ChronicleStateConfig config;
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
        super(keyGroupRange, maxParallelism);
        this.operatorName = operatorName;
        this.instance = instance;
        this.config = config;
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
    public <UK, UV> MapState<UK, UV> createMapState(final String name) {
        return new ChronicleMapState<>(this, tables.declare(name));
    }

    @Override
    public <UV> LongMapState<UV> createLongMapState(final String name) {
        return new ChronicleLongMapState<>(this, tables.declare(name));
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

    /**
     * @param stateName a declared state
     * @return the number of maps its entries are spread over
     */
    int mapCount(final String stateName) {
        return tables.table(stateName).mapCount();
    }

    @Override
    public long offHeapBytes() {
        if (closed) {
            return 0;
        }
        return tables.sum(ChronicleStateTable::offHeapBytes);
    }

    /**
     * {@inheritDoc} The entries stream out of the maps as they are iterated, under each
     * segment's lock, so the visitor must not call this backend.
     */
    @Override
    public void snapshot(final KeyedStateVisitor visitor) {
        for (int i = 0; i < tables.size(); i++) {
            tables.table(i).forEach(visitor);
        }
    }

    @Override
    public void restoreEntry(final String stateName, final int keyGroup, final Object key, final Object namespace,
            final Object value) {
        checkRestored(keyGroup);
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
        final MapChain maps = new MapChain((index, entries) -> createMap(name, index, entries), config.firstMapEntries(),
                !config.capped());
        return new ChronicleStateTable(this, name, maps, config);
    }

    private ChronicleMap<EntryBytes, EntryBytes> createMap(final String stateName, final int index, final long entries) {
        final ChronicleMapBuilder<EntryBytes, EntryBytes> builder = ChronicleMapBuilder.of(EntryBytes.class, EntryBytes.class)
                .name(operatorName + "/" + instance + "/" + stateName + (index == 0 ? "" : "/" + index))
                .keyMarshallers(EntryBytesMarshaller.INSTANCE, EntryBytesMarshaller.INSTANCE)
                .valueMarshallers(EntryBytesMarshaller.INSTANCE, EntryBytesMarshaller.INSTANCE)
                .averageKeySize(config.averageKeyBytes())
                .averageValueSize(config.averageValueBytes())
                // A cap is enforced before the map (StateCapacityException), and a growing state
                // adds a map when this one holds what it was made for; the slack absorbs entries
                // larger than the configured averages.
                .entries(entries)
                .maxBloatFactor(4.0);
        final Path directory = config.stateDirectory();
        if (directory == null) {
            return builder.create();
        }
        final Path file = mapFile(directory, stateName, index);
        try {
            Files.createDirectories(file.getParent());
            Files.deleteIfExists(file);
            if (index == 0) {
                // the maps a state grew by in an earlier run
                int stale = 1;
                while (Files.deleteIfExists(mapFile(directory, stateName, stale))) {
                    stale++;
                }
            }
            return builder.createPersistedTo(file.toFile());
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot create the state file " + file + " of state '" + stateName
                    + "' of operator '" + operatorName + "'", e);
        }
    }

    /**
     * @param directory the configured state directory
     * @param stateName a state's name
     * @param index the map's place in the state's chain
     * @return {@code directory/<operator>/<instance>/<state>.cm} for the first map, {@code <state>.<index>.cm}
     *     for the others, names made safe for file systems
     */
    Path mapFile(final Path directory, final String stateName, final int index) {
        return directory.resolve(fileName(operatorName)).resolve(Integer.toString(instance))
                .resolve(fileName(stateName) + (index == 0 ? "" : "." + index) + ".cm");
    }

    private static String fileName(final String name) {
        return name.replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
