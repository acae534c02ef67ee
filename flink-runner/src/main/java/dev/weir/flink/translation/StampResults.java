package dev.weir.flink.translation;

import dev.weir.time.TimestampAssigner;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.util.Collector;

/**
 * Wraps each record bound for a pipeline sink with its Flink timestamp ({@link TimestampedResult}):
 * Flink's collect mechanism carries values only, and a Weir sink receives the timestamp too.
 * Stateless.
 */
final class StampResults extends ProcessFunction<Object, Object> {
    private static final long serialVersionUID = 1L;

    @Override
    public void processElement(final Object value, final Context context, final Collector<Object> out) {
        final Long timestamp = context.timestamp();
        out.collect(new TimestampedResult(value, timestamp == null ? TimestampAssigner.NO_TIMESTAMP : timestamp));
    }
}
