package dev.weir.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.operator.AsOfJoinFunction;
import dev.weir.source.CollectionSource;
import dev.weir.testing.Lines;
import dev.weir.testing.Scheduler;
import dev.weir.time.WatermarkStrategy;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code KeyedStream.asOfJoin} end to end: random left and right streams (timestamps in order
 * within each source, several records per timestamp, so nothing is late) joined at parallelism 1
 * to 3 on both schedulers give, for every left record, exactly the right record a plain loop
 * finds: of its key, the greatest timestamp at or below the left one's, the last of that
 * timestamp, or none.
 */
final class AsOfJoinPipelineTest {
    /** A record of either side. */
    record Side(int key, long time, int id) {
    }

    private static final AsOfJoinFunction<Side, Side, String> PICK = (left, right, ctx, out) -> out.collect(left.key() + " L" + left.id()
            + " " + (right == null ? "none" : "R" + right.id() + "@" + ctx.rightTimestamp()) + " @" + ctx.timestamp());

    private static List<Side> side(final Random random, final int count, final int firstId) {
        final List<Side> records = new ArrayList<>();
        long time = 0;
        for (int i = 0; i < count; i++) {
            time += random.nextInt(3);
            records.add(new Side(random.nextInt(4), time, firstId + i));
        }
        return records;
    }

    private static WatermarkStrategy<Side> byTime() {
        return WatermarkStrategy.<Side>forMonotonousTimestamps().withTimestampAssigner((side, ts) -> side.time());
    }

    /** For every left record, the right record a plain loop picks, printed as the join prints it, sorted. */
    static List<String> reference(final List<Side> left, final List<Side> right) {
        final List<String> results = new ArrayList<>();
        for (final Side l : left) {
            Side picked = null;
            for (final Side r : right) {
                if (r.key() == l.key() && r.time() <= l.time() && (picked == null || r.time() >= picked.time())) {
                    picked = r;
                }
            }
            results.add(l.key() + " L" + l.id() + " " + (picked == null ? "none" : "R" + picked.id() + "@" + picked.time()) + " @" + l.time());
        }
        Collections.sort(results);
        return results;
    }

    @Test
    void joinsEveryLeftRecordWithThePlainLoopsPickAtEveryParallelismOnBothSchedulers() {
        final Random random = new Random(20261203L);
        for (int round = 0; round < 9; round++) {
            final List<Side> left = side(random, 40 + random.nextInt(60), 0);
            final List<Side> right = side(random, 40 + random.nextInt(60), 1000);
            final int parallelism = 1 + round % 3;
            final List<String> expected = reference(left, right);
            for (final Scheduler scheduler : Scheduler.values()) {
                final Lines lines = new Lines();
                final StreamPipeline pipeline = StreamPipeline.named("as-of");
                // the left side in two instances; the right one in one, so that "the last of a timestamp" is its order
                final KeyedStream<Side, Integer> l = pipeline.from("left", CollectionSource.of(left).withBatchSize(5), byTime(), 1 + round % 2)
                        .keyBy(Side::key);
                final KeyedStream<Side, Integer> r = pipeline.from("right", CollectionSource.of(right).withBatchSize(7), byTime(), 1)
                        .keyBy(Side::key);
                l.asOfJoin(r).parallelism(parallelism).process(PICK).sink(lines);
                final String where = "round " + round + " (" + scheduler + ", parallelism " + parallelism + ")";
                assertEquals(expected, scheduler.runToEnd(pipeline, lines).stream().sorted().toList(), where);
            }
            assertFalse(expected.stream().allMatch(line -> line.contains("none")), "the random data joins something");
            if (round == 0) {
                assertFalse(expected.stream().noneMatch(line -> line.contains("none")), "some left records find no version");
            }
        }
    }

    @Test
    void theAsOfJoinIsAKeyedTwoInputStageNamedAsOfJoin() {
        final StreamPipeline pipeline = StreamPipeline.named("names");
        final KeyedStream<Side, Integer> l = pipeline.from("left", CollectionSource.of(List.<Side>of()), byTime(), 1).keyBy(Side::key);
        final KeyedStream<Side, Integer> r = pipeline.from("right", CollectionSource.of(List.<Side>of()), byTime(), 1).keyBy(Side::key);
        l.asOfJoin(r).parallelism(2).process(PICK).sink((line, ts) -> { });
        final Stage join = PlanStages.of("names", pipeline.logicalPlan(), java.util.Map.of()).get(2);
        assertEquals("two-input-2 [asOfJoin] x2", join.name + " " + join.operatorNames + " x" + join.parallelism);
        assertEquals("parallelism must be at least 1: 0", assertThrows(IllegalArgumentException.class, () -> l.asOfJoin(r).parallelism(0))
                .getMessage());
        assertEquals("KeyedStream.asOfJoin: the stream of plan step 1 is connected with itself",
                assertThrows(IllegalArgumentException.class, () -> l.asOfJoin(l)).getMessage());
    }
}
