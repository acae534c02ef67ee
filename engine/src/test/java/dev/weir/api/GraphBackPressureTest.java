package dev.weir.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.weir.api.IntervalJoinPipelineTest.Side;
import dev.weir.operator.Collector;
import dev.weir.operator.ProcessJoinFunction;
import dev.weir.source.CollectionSource;
import dev.weir.testing.Lines;
import dev.weir.testing.Scheduler;
import dev.weir.time.WatermarkStrategy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * One pipeline of three sources and three sinks with every graph edge: source A fans out into a
 * union with source B (keyed, interval-joined with source C, the join's output fanning out into
 * two sinks) and into a keyed connect with C (a two-input operator, a third sink), at parallelism
 * 2, through 4-slot rings. It must not deadlock on either scheduler, every sink gets exactly the
 * expected records, and the deterministic scheduler prints the same bytes on 20 runs.
 */
final class GraphBackPressureTest {
    private static final int RECORDS = 1500;

    private static final ProcessJoinFunction<Side, Side, String> PAIR = (Side left, Side right, ProcessJoinFunction.Context ctx,
            Collector<String> out) -> out.collect(left.key() + " L" + left.id() + " R" + right.id() + " @" + ctx.timestamp());

    private static List<Side> input(final long seed, final int firstId) {
        final Random random = new Random(seed);
        final List<Side> records = new ArrayList<>();
        long time = 0;
        for (int i = 0; i < RECORDS; i++) {
            time += random.nextInt(3);
            records.add(new Side(random.nextInt(6), time, firstId + i));
        }
        return records;
    }

    private static final List<Side> A = input(1, 0);
    private static final List<Side> B = input(2, 10_000);
    private static final List<Side> C = input(3, 20_000);

    private static WatermarkStrategy<Side> byTime() {
        return WatermarkStrategy.<Side>forMonotonousTimestamps().withTimestampAssigner((side, ts) -> side.time());
    }

    /** The three sinks of one run. */
    record Sinks(Lines joined, Lines joinedKeys, Lines connected) {
        Sinks() {
            this(new Lines(), new Lines(), new Lines());
        }
    }

    private static StreamPipeline build(final Sinks sinks) {
        final StreamPipeline pipeline = StreamPipeline.named("graph").channelCapacity(4);
        final DataStream<Side> a = pipeline.from("a", CollectionSource.of(A).withBatchSize(16), byTime(), 2);
        final DataStream<Side> b = pipeline.from("b", CollectionSource.of(B).withBatchSize(16), byTime(), 1);
        final DataStream<Side> c = pipeline.from("c", CollectionSource.of(C).withBatchSize(16), byTime(), 2);
        final DataStream<String> joined = a.map(side -> side).union(b).keyBy(Side::key)
                .intervalJoin(c.keyBy(Side::key)).between(Duration.ofMillis(-1), Duration.ofMillis(1)).parallelism(2)
                .process(PAIR);
        joined.sink(sinks.joined());
        joined.map(line -> line.substring(0, line.indexOf(' '))).sink(sinks.joinedKeys());
        a.filter(side -> side.id() % 2 == 0).map(side -> (Object) side).keyBy(side -> ((Side) side).key())
                .connect(c.map(side -> (Object) side).keyBy(side -> ((Side) side).key()))
                .parallelism(2)
                .transform("recording", RecordingTwoInputOperator::new)
                .filter(line -> line.charAt(0) == '1' || line.charAt(0) == '2')
                .map(line -> line.substring(0, line.indexOf('@')))
                .sink(sinks.connected());
        return pipeline;
    }

    private static List<String> expectedConnected() {
        final List<String> expected = new ArrayList<>();
        for (final Side side : A) {
            if (side.id() % 2 == 0) {
                expected.add("1:" + side);
            }
        }
        for (final Side side : C) {
            expected.add("2:" + side);
        }
        return expected.stream().sorted().toList();
    }

    @ParameterizedTest
    @EnumSource(Scheduler.class)
    void fourSlotRingsOnEveryEdgeNeitherDeadlockNorLoseRecords(final Scheduler scheduler) {
        final Sinks sinks = new Sinks();
        final List<Side> left = new ArrayList<>(A);
        left.addAll(B);
        final List<String> expectedJoin = IntervalJoinPipelineTest.reference(left, C, -1, 1, true, true);
        assertFalse(expectedJoin.isEmpty());
        scheduler.runToEnd(build(sinks), sinks.joined());
        assertEquals(expectedJoin, sinks.joined().sorted());
        assertEquals(expectedJoin.stream().map(line -> line.substring(0, line.indexOf(' '))).sorted().toList(), sinks.joinedKeys().sorted());
        assertEquals(expectedConnected(), sinks.connected().sorted());
    }

    @Test
    void theDeterministicSchedulerPrintsTheSameBytesOnTwentyRuns() {
        Sinks first = null;
        for (int run = 0; run < 20; run++) {
            final Sinks sinks = new Sinks();
            Scheduler.DETERMINISTIC.runToEnd(build(sinks), sinks.joined());
            if (first == null) {
                first = sinks;
            } else {
                assertEquals(String.join("\n", first.joined().lines()), String.join("\n", sinks.joined().lines()), "run " + run);
                assertEquals(String.join("\n", first.joinedKeys().lines()), String.join("\n", sinks.joinedKeys().lines()), "run " + run);
                assertEquals(String.join("\n", first.connected().lines()), String.join("\n", sinks.connected().lines()), "run " + run);
            }
        }
    }
}
