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
    }
}
