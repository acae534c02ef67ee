package dev.weir.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.weir.operator.Collector;
import dev.weir.operator.ProcessJoinFunction;
import dev.weir.source.CollectionSource;
import dev.weir.testing.Lines;
import dev.weir.testing.Scheduler;
import dev.weir.time.WatermarkStrategy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code KeyedStream.intervalJoin} end to end: random left and right streams (timestamps in
 * order within each source, so nothing is late) joined at parallelism 1 to 3 on both schedulers
 * give exactly the pairs a nested loop finds.
 */
final class IntervalJoinPipelineTest {
    /** A record of either side. */
    record Side(int key, long time, int id) {
    }

    private static final ProcessJoinFunction<Side, Side, String> PAIR = (Side left, Side right, ProcessJoinFunction.Context ctx,
            Collector<String> out) -> out.collect(left.key() + " L" + left.id() + " R" + right.id() + " @" + ctx.timestamp());

    private static List<Side> side(final Random random, final int count, final int firstId) {
        final List<Side> records = new ArrayList<>();
        long time = 0;
        for (int i = 0; i < count; i++) {
            time += random.nextInt(4);
            records.add(new Side(random.nextInt(4), time, firstId + i));
        }
        return records;
    }

    private static WatermarkStrategy<Side> byTime() {
        return WatermarkStrategy.<Side>forMonotonousTimestamps().withTimestampAssigner((side, ts) -> side.time());
    }

    /** The pairs a nested loop finds, as the join prints them, sorted. */
    static List<String> reference(final List<Side> left, final List<Side> right, final long lower, final long upper, final boolean lowerIn,
            final boolean upperIn) {
        final List<String> pairs = new ArrayList<>();
        for (final Side l : left) {
            for (final Side r : right) {
                final long difference = r.time() - l.time();
                final boolean above = lowerIn ? difference >= lower : difference > lower;
                final boolean below = upperIn ? difference <= upper : difference < upper;
                if (l.key() == r.key() && above && below) {
                    pairs.add(l.key() + " L" + l.id() + " R" + r.id() + " @" + Math.max(l.time(), r.time()));
                }
            }
        }
        Collections.sort(pairs);
        return pairs;
    }

    @Test
    void joinsExactlyThePairsOfANestedLoopAtEveryParallelismOnBothSchedulers() {
        final Random random = new Random(20261202L);
        for (int round = 0; round < 12; round++) {
            final List<Side> left = side(random, 40 + random.nextInt(40), 0);
            final List<Side> right = side(random, 40 + random.nextInt(40), 1000);
            final long lower = random.nextInt(11) - 5;
            final long upper = lower + random.nextInt(8);
            final boolean lowerIn = random.nextBoolean();
            final boolean upperIn = random.nextBoolean();
            final int parallelism = 1 + round % 3;
            final List<String> expected = reference(left, right, lower, upper, lowerIn, upperIn);
            for (final Scheduler scheduler : Scheduler.values()) {
                final Lines lines = new Lines();
                final StreamPipeline pipeline = StreamPipeline.named("join");
                final KeyedStream<Side, Integer> l = pipeline.from("left", CollectionSource.of(left).withBatchSize(5), byTime(), 1 + round % 2)
                        .keyBy(Side::key);
                final KeyedStream<Side, Integer> r = pipeline.from("right", CollectionSource.of(right).withBatchSize(7), byTime(), 1)
                        .keyBy(Side::key);
                IntervalJoined<Side, Side, Integer> join = l.intervalJoin(r).between(Duration.ofMillis(lower), Duration.ofMillis(upper))
                        .parallelism(parallelism);
                if (!lowerIn) {
                    join = join.lowerBoundExclusive();
                }
                if (!upperIn) {
                    join = join.upperBoundExclusive();
                }
                join.process(PAIR).sink(lines);
                final String where = "round " + round + " (" + scheduler + ", parallelism " + parallelism + ", bounds " + lower + ".." + upper
                        + ")";
                assertEquals(expected, scheduler.runToEnd(pipeline, lines).stream().sorted().toList(), where);
                if (round == 0) {
                    assertFalse(expected.isEmpty(), "the random data joins something");
                }
            }
        }
    }
}
