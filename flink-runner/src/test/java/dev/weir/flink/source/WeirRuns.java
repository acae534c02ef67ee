package dev.weir.flink.source;

import dev.weir.api.StreamPipeline;
import dev.weir.flink.SortedResults;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.runtime.sink.Sink;
import dev.weir.clock.VirtualClock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;

/** A test pipeline run on Weir's deterministic scheduler, its results as {@link SortedResults} gives Flink's. */
public final class WeirRuns {
    private WeirRuns() {
    }

    /** @return the sorted {@code value@timestamp} results of the pipeline run to its end on a virtual clock from 0 */
    public static List<String> sorted(final Function<Sink<Object>, StreamPipeline> pipeline) {
        final List<String> results = Collections.synchronizedList(new ArrayList<>());
        try (DeterministicPipeline running = pipeline.apply((value, timestamp) -> results.add(value + "@" + timestamp))
                .startDeterministic(new VirtualClock(0))) {
            running.runToEnd();
        }
        return SortedResults.sorted(results);
    }

    /** @return the messages of the throwable and of its causes, outermost first */
    public static List<String> messages(final Throwable failure) {
        final List<String> messages = new ArrayList<>();
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            messages.add(cause.getMessage());
        }
        return messages;
    }
}
