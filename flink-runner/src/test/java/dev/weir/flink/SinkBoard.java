package dev.weir.flink;

import dev.weir.runtime.sink.Sink;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The pipeline sinks of the runs in this JVM, found by id: a Weir {@code Sink} need not be
 * serializable and its results belong to the caller, so the sink object stays here and the Flink
 * sink ({@link PipelineSink}) carries only its id. That works because a {@link FlinkTarget#local}
 * job runs in this JVM. Thread-safe.
 */
public final class SinkBoard {
    private static final Map<String, Sink<Object>> SINKS = new ConcurrentHashMap<>();

    private SinkBoard() {
    }

    /**
     * @param sink the pipeline's sink
     * @return its id; {@link #remove} it when the run is over
     */
    @SuppressWarnings("unchecked")
    public static String register(final Sink<?> sink) {
        final String id = UUID.randomUUID().toString();
        SINKS.put(id, (Sink<Object>) sink);
        return id;
    }

    /**
     * @param id a registered sink's id
     * @return the sink
     * @throws IllegalStateException if no sink has this id here (the job runs in another JVM)
     */
    public static Sink<Object> of(final String id) {
        final Sink<Object> sink = SINKS.get(id);
        if (sink == null) {
            throw new IllegalStateException("no pipeline sink " + id + " in this JVM: a translated pipeline runs on a local MiniCluster");
        }
        return sink;
    }

    /** @param id a registered sink's id */
    public static void remove(final String id) {
        SINKS.remove(id);
    }
}
