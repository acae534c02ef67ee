package dev.weir.flink.translation;

import dev.weir.runtime.sink.Sink;
import dev.weir.time.TimestampAssigner;
import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.connector.sink2.SinkWriter;

/**
 * One parallel instance of a {@link TaskSink}: hands each result with its timestamp (or
 * {@link TimestampAssigner#NO_TIMESTAMP}) and each watermark to the Weir sink's instance, calls its {@code finish()}
 * at the end of input and its {@code close()} when the task closes. Runs on the task's thread.
 */
final class TaskSinkWriter implements SinkWriter<Object> {
    private final Sink<Object> instance;
    private boolean finished;

    /** @param instance the Weir sink's instance for this subtask */
    TaskSinkWriter(final Sink<Object> instance) {
        this.instance = instance;
    }

    @Override
    public void write(final Object element, final Context context) {
        final Long timestamp = context.timestamp();
        instance.accept(element, timestamp == null ? TimestampAssigner.NO_TIMESTAMP : timestamp);
    }

    @Override
    public void writeWatermark(final Watermark watermark) {
        instance.watermark(watermark.getTimestamp());
    }

    @Override
    public void flush(final boolean endOfInput) {
        if (endOfInput && !finished) {
            finished = true;
            instance.finish();
        }
    }

    @Override
    public void close() {
        instance.close();
    }
}
