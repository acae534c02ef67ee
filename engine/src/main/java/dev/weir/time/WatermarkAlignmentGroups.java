package dev.weir.time;

import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The alignment groups of one or more pipelines, by name. Sources whose strategies name the
 * same group align with each other if their pipelines share this registry (by default each
 * pipeline has its own, so the instances of its source align among themselves). Thread-safe.
 */
public final class WatermarkAlignmentGroups {
    private final ConcurrentMap<String, WatermarkAlignmentGroup> groups = new ConcurrentHashMap<>();

    /**
     * @param name a group's name
     * @return the group, created on first use
     */
    public WatermarkAlignmentGroup group(final String name) {
        Objects.requireNonNull(name, "name");
        return groups.computeIfAbsent(name, WatermarkAlignmentGroup::new);
    }
}
