package dev.weir.state;

import java.util.HashMap;
import java.util.Map;

/**
 * The values of one named state on the heap: per key group, key -> namespace -> value.
 * Reads address the backend's current key; nothing is allocated to read or to overwrite.
 */
final class HeapStateTable {
    private final HeapKeyedStateBackend<?> backend;
    private final Map<Object, Map<Object, Object>>[] keyGroups;
    /** (key, namespace) entries held, kept as they change so that metrics read it in O(1). */
    private long entries;

    @SuppressWarnings("unchecked")
    HeapStateTable(final HeapKeyedStateBackend<?> backend) {
        this.backend = backend;
        this.keyGroups = new Map[backend.keyGroupRange().size()];
    }

    private Map<Object, Map<Object, Object>> keyGroupMap(final boolean create) {
        final int index = backend.currentKeyGroup() - backend.keyGroupRange().startKeyGroup();
        Map<Object, Map<Object, Object>> map = keyGroups[index];
        if (map == null && create) {
            map = new HashMap<>();
            keyGroups[index] = map;
        }
        return map;
    }

    private Map<Object, Object> namespaces(final boolean create) {
        final Map<Object, Map<Object, Object>> byKey = keyGroupMap(create);
        if (byKey == null) {
            return null;
        }
        final Object key = backend.currentKey();
        Map<Object, Object> byNamespace = byKey.get(key);
        if (byNamespace == null && create) {
            byNamespace = new HashMap<>(4);
            byKey.put(key, byNamespace);
        }
        return byNamespace;
    }

    Object get(final Object namespace) {
        final Map<Object, Object> byNamespace = namespaces(false);
        return byNamespace == null ? null : byNamespace.get(namespace);
    }

    void put(final Object namespace, final Object value) {
        if (value == null) {
            remove(namespace);
        } else {
            if (namespaces(true).put(namespace, value) == null) {
                entries++;
            }
        }
    }

    Object remove(final Object namespace) {
        final Map<Object, Object> byNamespace = namespaces(false);
        if (byNamespace == null) {
            return null;
        }
        final Object removed = byNamespace.remove(namespace);
        if (removed != null) {
            entries--;
        }
        if (byNamespace.isEmpty()) {
            keyGroupMap(false).remove(backend.currentKey());
        }
        return removed;
    }

    long size() {
        return entries;
    }

    void forEach(final String stateName, final KeyedStateVisitor visitor) {
        final int firstKeyGroup = backend.keyGroupRange().startKeyGroup();
        for (int index = 0; index < keyGroups.length; index++) {
            if (keyGroups[index] == null) {
                continue;
            }
            for (final Map.Entry<Object, Map<Object, Object>> byKey : keyGroups[index].entrySet()) {
                for (final Map.Entry<Object, Object> byNamespace : byKey.getValue().entrySet()) {
                    visitor.entry(stateName, firstKeyGroup + index, byKey.getKey(), byNamespace.getKey(),
                            byNamespace.getValue());
                }
            }
        }
    }

    void restore(final int keyGroup, final Object key, final Object namespace, final Object value) {
        final int index = keyGroup - backend.keyGroupRange().startKeyGroup();
        if (keyGroups[index] == null) {
            keyGroups[index] = new HashMap<>();
        }
        if (keyGroups[index].computeIfAbsent(key, k -> new HashMap<>(4)).put(namespace, value) == null) {
            entries++;
        }
    }
}
