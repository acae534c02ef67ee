package dev.weir.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Generated multi-input pipelines ({@link GraphCase}: unions of two or three sources, interval joins with late side
 * outputs, keyed co-process functions with timers, keyed and non-keyed broadcast functions, co-map and co-flatMap, window
 * joins and as-of joins, fan-out to several sinks, sources of one to three instances, keyed stages of one to three) give
 * the same results on Weir's threaded runtime and on Flink at parallelism 2: the same multiset of
 * {@code sink|value@timestamp} per sink. The watermarks are punctuated, carried by marker records, so on both engines a
 * watermark follows exactly the records it follows in its source, whatever the threads' timing.
 */
class FlinkGraphDifferentialTest {
    /** The first case's seed; case {@code i} uses {@code SEED + i}. */
    private static final long SEED = 20261202L;
    private static final int CASES = 300;

    private static FlinkTarget target;

    @BeforeAll
    static void shareTheCluster() throws Exception {
        target = SharedMiniCluster.parallelismTwo();
    }

    @Test
    void generatedGraphsGiveTheSameResultsOnWeirAndOnFlink() throws Exception {
        int withTwoInputResults = 0;
        for (int i = 0; i < CASES; i++) {
            final GraphCase generated = GraphCase.from(SEED + i);
            final List<String> weir = SortedResults.onWeirThreaded(generated.pipeline());
            final List<String> flink = SortedResults.onFlink(generated.pipeline(), target);
            assertEquals(weir, flink, generated.description());
            withTwoInputResults += weir.stream().anyMatch(line -> !line.startsWith("raw|")) ? 1 : 0;
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
