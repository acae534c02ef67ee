package dev.weir.runtime;

import dev.weir.operator.OutputTag;
import java.util.HashMap;
import java.util.Map;

/**
 * Where side-output records go (e.g. late data): one sink per tag; records of a tag nobody
 * consumes are dropped, as in Flink. Read-only once the pipeline runs.
 */
public final class SideOutputs {
    private final Map<OutputTag<?>, SideOutputSink<?>> sinks = new HashMap<>();

    /**
     * @param tag the side output
     * @param sink receives its records (from the producing task's thread)
     * @param <X> the record type
     */
    public <X> void register(final OutputTag<X> tag, final SideOutputSink<X> sink) {
        sinks.put(tag, sink);
    }

    /**
     * @param instance the index of a task among its stage's instances
     * @param parallelism the stage's number of instances
     * @return the side outputs that task emits into: each tag's {@link SideOutputSink#instance}
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public SideOutputs instance(final int instance, final int parallelism) {
        final SideOutputs own = new SideOutputs();
        for (final Map.Entry<OutputTag<?>, SideOutputSink<?>> entry : sinks.entrySet()) {
            own.sinks.put(entry.getKey(), ((SideOutputSink) entry.getValue()).instance(instance, parallelism));
        }
        return own;
    }

    @SuppressWarnings("unchecked")
    <X> void emit(final OutputTag<X> tag, final X value, final long timestamp) {
        final SideOutputSink<X> sink = (SideOutputSink<X>) sinks.get(tag);
        if (sink != null) {
            sink.accept(value, timestamp);
        }
    }

    /**
     * Receives side-output records.
     *
     * @param <X> the record type
     */
    @FunctionalInterface
    public interface SideOutputSink<X> {
        /**
         * @param value the record
         * @param timestamp its event time
         */
        void accept(X value, long timestamp);

        /**
         * The sink one task instance emits into; called once per instance when the pipeline
         * starts. By default this sink, shared by every instance (so thread-safe).
         *
         * @param instance the index of the task among its stage's instances
         * @param parallelism the stage's number of instances
         * @return the sink of that instance
         */
        default SideOutputSink<X> instance(final int instance, final int parallelism) {
            return this;
        }
    }
}
