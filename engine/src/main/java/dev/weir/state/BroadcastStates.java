package dev.weir.state;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The broadcast states of one operator instance, one per {@link MapStateDescriptor} the
 * operator was given (Flink's {@code broadcast(MapStateDescriptor...)}), by name. Broadcast
 * state is operator state, not keyed: every instance holds the whole of it. Not thread-safe.
 */
public final class BroadcastStates {
    private final Map<String, HeapBroadcastState<?, ?>> states = new LinkedHashMap<>();
    private final String operatorName;

    /**
     * @param operatorName the operator, for messages
     * @param descriptors the states, each name once
     * @throws IllegalArgumentException if two descriptors have the same name
     */
    public BroadcastStates(final String operatorName, final List<MapStateDescriptor<?, ?>> descriptors) {
        this.operatorName = operatorName;
        for (final MapStateDescriptor<?, ?> descriptor : descriptors) {
            if (states.put(descriptor.name(), new HeapBroadcastState<>(descriptor.name())) != null) {
                throw new IllegalArgumentException(operatorName + ": two broadcast state descriptors are named '" + descriptor.name() + "'");
            }
        }
    }

    /**
     * @param descriptor one of the operator's broadcast states
     * @param <K> the map's key type
     * @param <V> the map's value type
     * @return the writable state
     * @throws IllegalArgumentException if the operator was not given this descriptor
     */
    @SuppressWarnings("unchecked")
    public <K, V> BroadcastState<K, V> state(final MapStateDescriptor<K, V> descriptor) {
        return (BroadcastState<K, V>) find(descriptor);
    }

    /**
     * @param descriptor one of the operator's broadcast states
     * @param <K> the map's key type
     * @param <V> the map's value type
     * @return its read-only view
     * @throws IllegalArgumentException if the operator was not given this descriptor
     */
    @SuppressWarnings("unchecked")
    public <K, V> ReadOnlyBroadcastState<K, V> readOnly(final MapStateDescriptor<K, V> descriptor) {
        return (ReadOnlyBroadcastState<K, V>) find(descriptor).readOnlyView();
    }

    private HeapBroadcastState<?, ?> find(final MapStateDescriptor<?, ?> descriptor) {
        final HeapBroadcastState<?, ?> state = states.get(descriptor.name());
        if (state == null) {
            throw new IllegalArgumentException(operatorName + ": no broadcast state '" + descriptor.name()
                    + "'; its MapStateDescriptor must be one of those the broadcast stream was made with " + states.keySet());
        }
        return state;
    }

    /** @return the states' names, in the descriptors' order */
    public List<String> names() {
        return Collections.unmodifiableList(new ArrayList<>(states.keySet()));
    }

    /** @return the number of entries over all states */
    public long entryCount() {
        long entries = 0;
        for (final HeapBroadcastState<?, ?> state : states.values()) {
            entries += state.size();
        }
        return entries;
    }

    /** @param visitor receives every entry of every state, state by state in the descriptors' order */
    public void snapshot(final BroadcastStateVisitor visitor) {
        for (final HeapBroadcastState<?, ?> state : states.values()) {
            state.snapshot(visitor);
        }
    }

    /**
     * Puts a restored entry back, before the operator processes anything.
     *
     * @param stateName the broadcast state
     * @param key the entry's key
     * @param value its value
     * @throws IllegalStateException if the operator has no broadcast state of that name
     */
    public void restoreEntry(final String stateName, final Object key, final Object value) {
        final HeapBroadcastState<?, ?> state = states.get(stateName);
        if (state == null) {
            throw new IllegalStateException(operatorName + ": the checkpoint has broadcast state '" + stateName
                    + "', which this operator does not declare (it has " + states.keySet() + ")");
        }
        state.restoreEntry(key, value);
    }
}
