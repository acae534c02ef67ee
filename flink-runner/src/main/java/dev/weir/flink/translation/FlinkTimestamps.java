package dev.weir.flink.translation;

import dev.weir.time.TimestampAssigner;
import org.apache.flink.api.common.eventtime.SerializableTimestampAssigner;

/**
 * A Weir strategy's timestamp assigner as Flink's. Both call a record without a timestamp's
 * carried timestamp {@code Long.MIN_VALUE}. As thread-safe as the user's assigner.
 */
final class FlinkTimestamps implements SerializableTimestampAssigner<Object> {
    private static final long serialVersionUID = 1L;

    private final TimestampAssigner<Object> assigner;

    @SuppressWarnings("unchecked")
    FlinkTimestamps(final TimestampAssigner<?> assigner) {
        this.assigner = (TimestampAssigner<Object>) assigner;
    }

    @Override
    public long extractTimestamp(final Object element, final long recordTimestamp) {
        return assigner.extractTimestamp(element, recordTimestamp);
    }
}
