package dev.weir.flink;

import dev.weir.time.TimestampAssigner;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;

/**
 * A test's Weir sink on a hand-built Flink job (pipelines reach their sinks through Flink's collect
 * mechanism instead), at parallelism 1: each result goes to
 * {@code accept(value, timestamp)} of the sink's instance 0 of 1, with Flink's record timestamp
 * ({@code Long.MIN_VALUE} when the record has none); end of input calls its {@code finish()},
 * the writer's close its {@code close()}. The sink itself stays in the caller's JVM
 * ({@link SinkBoard}).
 */
public final class PipelineSink implements Sink<Object> {
    private static final long serialVersionUID = 1L;

    private final String sinkId;

    public PipelineSink(final String sinkId) {
        this.sinkId = sinkId;
    }

    @Override
    public SinkWriter<Object> createWriter(final WriterInitContext context) {
        final dev.weir.runtime.sink.Sink<Object> sink = SinkBoard.of(sinkId).instance(0, 1);
        return new SinkWriter<>() {
            @Override
            public void write(final Object element, final Context context) {
                final Long timestamp = context.timestamp();
                sink.accept(element, timestamp == null ? TimestampAssigner.NO_TIMESTAMP : timestamp);
            }

            @Override
            public void flush(final boolean endOfInput) {
                if (endOfInput) {
                    sink.finish();
                }
            }

            @Override
            public void close() {
                sink.close();
            }
        };
    }
}
