package dev.weir.testing;

import dev.weir.api.DataStream;
import dev.weir.api.StreamPipeline;
import dev.weir.event.Watermarks;
import dev.weir.operator.ForwardOperator;
import dev.weir.runtime.sink.Sink;
import java.util.List;

/**
 * Ends a pipeline of numbers in one keyed pass-through instance whose output is logged as lines,
 * in order: {@code R value@timestamp} and {@code WM watermark} from the sink, {@code STATUS ...}
 * and {@code END pt=...} from a probe before it (docs/semantics.md §2: what the valve forwards).
 */
public final class EventLog {
    private EventLog() {
    }

    /**
     * @param numbers the stream, its records their own timestamps
     * @param events receives the lines; thread-safe if the pipeline runs on threads
     * @return the pipeline, ready to start
     */
    public static StreamPipeline forward(final DataStream<Long> numbers, final List<String> events) {
        return numbers.keyBy(value -> 0)
                .transform("forward", ForwardOperator::new)
                .transform("probe", () -> PassThroughProbe.reporting(events::add))
                .sink(new Sink<Long>() {
                    @Override
                    public void accept(final Long value, final long timestamp) {
                        events.add("R " + value + "@" + timestamp);
                    }

                    @Override
                    public void watermark(final long watermark) {
                        events.add("WM " + Watermarks.format(watermark));
                    }
                });
    }
}
