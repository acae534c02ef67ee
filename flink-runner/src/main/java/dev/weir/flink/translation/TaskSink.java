package dev.weir.flink.translation;

import dev.weir.runtime.sink.Sink;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;

/**
 * A pipeline's Weir sink called on the Flink task that produces its results, in this JVM (a local target with
 * {@link dev.weir.flink.FlinkTarget#withTaskSinks()}): no collect buffer and no client thread between the operator and the sink, so
 * a result reaches it as soon as the operator emits it. The Weir sink stays in this JVM, registered under an id that
 * this Flink sink carries; each parallel instance writes to {@code instance(i, p)} of it ({@link TaskSinkWriter}).
 * Immutable; {@link #release} it when the run is over.
 */
public final class TaskSink implements org.apache.flink.api.connector.sink2.Sink<Object> {
    private static final long serialVersionUID = 1L;
    private static final Map<String, Sink<Object>> REGISTERED = new ConcurrentHashMap<>();

    private final String sinkId;

    private TaskSink(final String sinkId) {
        this.sinkId = sinkId;
    }

    /**
     * @param sink the pipeline's sink, registered until {@link #release}
     * @return the Flink sink that calls it
     */
    @SuppressWarnings("unchecked")
    static TaskSink of(final Sink<?> sink) {
        final String id = UUID.randomUUID().toString();
        REGISTERED.put(id, (Sink<Object>) sink);
        return new TaskSink(id);
    }

    /** @return the pipeline's sink */
    public Sink<Object> sink() {
        final Sink<Object> sink = REGISTERED.get(sinkId);
        if (sink == null) {
            throw new IllegalStateException("no sink " + sinkId + " in this JVM: sinks on Flink's tasks need a local target");
        }
        return sink;
    }

    /** Unregisters the pipeline's sink. */
    public void release() {
        REGISTERED.remove(sinkId);
    }

    @Override
    public SinkWriter<Object> createWriter(final WriterInitContext context) {
        return new TaskSinkWriter(sink().instance(context.getTaskInfo().getIndexOfThisSubtask(),
                context.getTaskInfo().getNumberOfParallelSubtasks()));
    }
}
