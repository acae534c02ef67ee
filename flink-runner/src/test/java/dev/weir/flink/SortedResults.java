package dev.weir.flink;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.StreamPipeline;
import dev.weir.clock.VirtualClock;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.runtime.sink.Sink;
import dev.weir.runtime.threaded.RunningPipeline;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;

/**
 * What a test pipeline's sink received, as the sorted list of {@code value@timestamp}: the
 * multiset of results, comparable between engines whatever the order of arrival.
 */
public final class SortedResults {
    private SortedResults() {
    }

    /** @return the sorted results of the pipeline run on Flink at {@code target}, once the job has finished */
    public static List<String> onFlink(final Function<Sink<Object>, StreamPipeline> pipeline, final FlinkTarget target) throws Exception {
        final List<String> results = Collections.synchronizedList(new ArrayList<>());
        FlinkRunner.execute(pipeline.apply((value, timestamp) -> results.add(value + "@" + timestamp)), target);
        return sorted(results);
    }

    /** @return the sorted results of the pipeline run to its end on Weir's deterministic scheduler, processing time from 0 */
    public static List<String> onWeir(final Function<Sink<Object>, StreamPipeline> pipeline) {
        final List<String> results = Collections.synchronizedList(new ArrayList<>());
        try (DeterministicPipeline running = pipeline.apply((value, timestamp) -> results.add(value + "@" + timestamp))
                .startDeterministic(new VirtualClock(0))) {
            running.runToEnd();
        }
        return sorted(results);
    }

    /** @return the sorted results of the pipeline run to its end on Weir's threaded runtime, which must end within 30 s */
    public static List<String> onWeirThreaded(final Function<Sink<Object>, StreamPipeline> pipeline) throws InterruptedException {
        final List<String> results = Collections.synchronizedList(new ArrayList<>());
        try (RunningPipeline running = pipeline.apply((value, timestamp) -> results.add(value + "@" + timestamp)).start()) {
            assertTrue(running.awaitTermination(Duration.ofSeconds(30)), "Weir's run did not end");
        }
        return sorted(results);
    }

    /** @return a sorted copy of {@code results} */
    public static List<String> sorted(final List<String> results) {
        final List<String> copy = new ArrayList<>(results);
        Collections.sort(copy);
        return copy;
    }
}
