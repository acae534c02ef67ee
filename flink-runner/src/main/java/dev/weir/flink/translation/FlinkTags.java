package dev.weir.flink.translation;

import dev.weir.operator.OutputTag;
import java.util.HashMap;
import java.util.Map;
import org.apache.flink.api.common.typeinfo.TypeInformation;

/**
 * Flink's output tags by Weir tag: a Weir side output goes to Flink's side output of the tag's id
 * (Flink's tags are equal by id), one Flink tag per Weir tag for every call. Not thread-safe.
 */
final class FlinkTags {
    private static final TypeInformation<Object> ANY = TypeInformation.of(Object.class);

    private final Map<OutputTag<?>, org.apache.flink.util.OutputTag<Object>> tags = new HashMap<>();

    /**
     * @param tag a Weir tag, or null
     * @return Flink's tag of its id, or null for null
     */
    static org.apache.flink.util.OutputTag<Object> of(final OutputTag<?> tag) {
        return tag == null ? null : new org.apache.flink.util.OutputTag<>(tag.id(), ANY);
    }

    /**
     * @param tag a Weir tag
     * @return Flink's tag of its id, the same object for every call
     */
    org.apache.flink.util.OutputTag<Object> flink(final OutputTag<?> tag) {
        return tags.computeIfAbsent(tag, FlinkTags::of);
    }
}
