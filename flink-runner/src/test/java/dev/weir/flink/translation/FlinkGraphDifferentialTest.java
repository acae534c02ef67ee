package dev.weir.flink.translation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.StreamPipeline;
import dev.weir.flink.FlinkTarget;
import dev.weir.flink.SharedMiniCluster;
import dev.weir.flink.SortedResults;
import dev.weir.runtime.sink.Sink;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Generated multi-input pipelines ({@link GraphCase}: unions of two or three sources, interval joins with late side
 * outputs, keyed co-process functions with timers, keyed and non-keyed broadcast functions, co-map and co-flatMap, window
 * joins and as-of joins, fan-out to several sinks, sources of one to three instances, keyed stages of one to three) give
 * the same results on Weir's threaded runtime and on Flink at parallelism 2: the same multiset of
 * {@code sink|value@timestamp} per sink. The watermarks are punctuated, carried by marker records, so on both engines a
 * watermark follows exactly the records it follows in its source, whatever the threads' timing. Five cases run side by
 * side in one pipeline (their sources, side outputs and results named apart), so one Flink job serves five; Flink sends
 * every buffer at once (buffer timeout 0), so no record waits for a buffer to fill.
 */
class FlinkGraphDifferentialTest {
    /** The first case's seed; case {@code i} uses {@code SEED + i}. */
    private static final long SEED = 20261202L;
    private static final int CASES = 300;
    /** Cases run side by side in one pipeline, so one Flink job (and one Weir run) serves several. */
    private static final int PER_JOB = 5;

    private static FlinkTarget target;

    @BeforeAll
    static void shareTheCluster() throws Exception {
        target = SharedMiniCluster.parallelismTwo().withBufferTimeout(0);
    }

    @Test
    void generatedGraphsGiveTheSameResultsOnWeirAndOnFlink() throws Exception {
        int withTwoInputResults = 0;
        for (int batch = 0; batch < CASES; batch += PER_JOB) {
            final List<GraphCase> cases = new ArrayList<>();
            for (int i = batch; i < Math.min(CASES, batch + PER_JOB); i++) {
                cases.add(GraphCase.from(SEED + i));
            }
            final Function<Sink<Object>, StreamPipeline> pipeline = sink -> {
                final StreamPipeline graphs = StreamPipeline.named("graphs");
                for (int i = 0; i < cases.size(); i++) {
                    cases.get(i).pipeline().addTo(graphs, "c" + i + ".", sink);
                }
                return graphs;
            };
            final List<String> weir = SortedResults.onWeirThreaded(pipeline);
            final List<String> flink = SortedResults.onFlink(pipeline, target);
            for (int i = 0; i < cases.size(); i++) {
                final String prefix = "c" + i + ".";
                final List<String> weirCase = weir.stream().filter(line -> line.startsWith(prefix)).toList();
                assertEquals(weirCase, flink.stream().filter(line -> line.startsWith(prefix)).toList(), cases.get(i).description());
                withTwoInputResults += weirCase.stream().anyMatch(line -> !line.startsWith(prefix + "raw|")) ? 1 : 0;
            }
            assertEquals(weir.size(), flink.size(), "results of batch " + batch);
        }
        assertTrue(withTwoInputResults > CASES * 8 / 10, withTwoInputResults + " of " + CASES + " cases had results past the sources");
    }

    @Test
    void theGeneratedCasesCoverEveryShapeAndSetting() {
        final List<String> descriptions = new ArrayList<>();
        for (int i = 0; i < CASES; i++) {
            descriptions.add(GraphCase.from(SEED + i).description());
        }
        for (final String part : GraphCase.SHAPES) {
            assertTrue(descriptions.stream().filter(d -> d.contains(" " + part + " ")).count() >= CASES / 10, part);
        }
        for (final String part : List.of("source2(", "(p=1)", "(p=2)", "(p=3)", "parallelism=1", "parallelism=2", "parallelism=3", " (", "[",
                ")", "]", "window=0", "window=1", "window=2")) {
            assertTrue(descriptions.stream().anyMatch(d -> d.contains(part)), part);
        }
        assertEquals(GraphCase.from(SEED).description(), GraphCase.from(SEED).description());
    }
}
