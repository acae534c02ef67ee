package dev.weir.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.api.IntervalJoinPipelineTest.Side;
import dev.weir.source.CollectionSource;
import dev.weir.testing.Lines;
import dev.weir.testing.Scheduler;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Random small graphs run on both schedulers give every sink the same multiset of records: 1 to
 * 3 sources (parallelism 1 or 2, timestamps in order within each), then 2 to 5 random steps over
 * the streams made so far (map, filter, union of two streams, keyed tumbling windows at
 * parallelism 1 to 3, a keyed connect into a two-input operator), a stream read twice fanning
 * out; every stream nothing reads ends in a sink of its own. Nothing is ever late, so the results
 * do not depend on how parallel instances interleave. A failure names the seed and the graph.
 */
@Tag("property")
final class GraphSchedulerEquivalencePropertyTest {
    private static final int CASES = 40;

    /** One generated graph, built into a pipeline with its sinks. */
    private static final class Graph {
        final StreamPipeline pipeline;
        final List<Lines> sinks = new ArrayList<>();
        final StringBuilder description = new StringBuilder();

        Graph(final long seed) {
            final Random random = new Random(seed);
            pipeline = StreamPipeline.named("graph-" + seed).channelCapacity(8 << random.nextInt(4));
            final List<DataStream<Side>> streams = new ArrayList<>();
            final List<Boolean> read = new ArrayList<>();
            final int sources = 1 + random.nextInt(3);
            for (int source = 0; source < sources; source++) {
                final List<Side> records = new ArrayList<>();
                long time = 0;
                for (int i = 0, n = 20 + random.nextInt(50); i < n; i++) {
                    time += random.nextInt(5);
                    records.add(new Side(random.nextInt(5), time, source * 1000 + i));
                }
                final int parallelism = 1 + random.nextInt(2);
                streams.add(pipeline.from("s" + source, CollectionSource.of(records).withBatchSize(1 + random.nextInt(8)),
                        WatermarkStrategy.<Side>forMonotonousTimestamps().withTimestampAssigner((side, ts) -> side.time()), parallelism));
                read.add(false);
                description.append("source s").append(source).append(" x").append(parallelism).append(" (").append(records.size())
                        .append(" records); ");
            }
            for (int step = 0, steps = 2 + random.nextInt(4); step < steps; step++) {
                final int pick = random.nextInt(streams.size());
                final DataStream<Side> stream = streams.get(pick);
                final int kind = random.nextInt(5);
                final int other = streams.size() > 1 ? (pick + 1 + random.nextInt(streams.size() - 1)) % streams.size() : -1;
                if (kind == 0) {
                    streams.add(stream.map(side -> new Side(side.key(), side.time(), side.id() + 1)));
                    description.append("map(#").append(pick).append(") ");
                } else if (kind == 1) {
                    streams.add(stream.filter(side -> side.id() % 3 != 0));
                    description.append("filter(#").append(pick).append(") ");
                } else if (kind == 2 && other >= 0) {
                    streams.add(stream.union(streams.get(other)));
                    read.set(other, true);
                    description.append("union(#").append(pick).append(", #").append(other).append(") ");
                } else if (kind == 3 || other < 0) {
                    final int parallelism = 1 + random.nextInt(3);
                    streams.add(stream.keyBy(Side::key).parallelism(parallelism).window(TumblingEventTimeWindows.of(10 + random.nextInt(20)))
                            .<Side>process((key, ctx, elements, out) -> {
                                int sum = 0;
                                for (final Side side : elements) {
                                    sum += side.id();
                                }
                                out.collect(new Side(key, ctx.window().end(), sum));
                            }));
                    description.append("window(#").append(pick).append(" x").append(parallelism).append(") ");
                } else {
                    final int parallelism = 1 + random.nextInt(3);
                    final Lines lines = new Lines();
                    sinks.add(lines);
                    stream.map(side -> (Object) side).keyBy(side -> ((Side) side).key())
                            .connect(streams.get(other).map(side -> (Object) side).keyBy(side -> ((Side) side).key()))
                            .parallelism(parallelism)
                            .transform("recording", RecordingTwoInputOperator::new)
                            .filter(line -> line.charAt(0) == '1' || line.charAt(0) == '2')
                            .map(line -> line.substring(0, line.indexOf('@')))
                            .sink(lines);
                    read.set(other, true);
                    description.append("connect(#").append(pick).append(", #").append(other).append(" x").append(parallelism)
                            .append(") -> sink").append(sinks.size() - 1).append(' ');
                    read.set(pick, true);
                    continue;
                }
                read.set(pick, true);
                read.add(false);
            }
            for (int i = 0; i < streams.size(); i++) {
                if (!read.get(i) || random.nextInt(4) == 0) {
                    final Lines lines = new Lines();
                    sinks.add(lines);
                    streams.get(i).sink(lines);
                    description.append("#").append(i).append(" -> sink").append(sinks.size() - 1).append(' ');
                }
            }
        }

        List<List<String>> run(final Scheduler scheduler) {
            try (Scheduler.Started started = scheduler.start(pipeline)) {
                started.awaitEnd();
            }
            final List<List<String>> results = new ArrayList<>();
            for (final Lines lines : sinks) {
                results.add(lines.sorted());
            }
            return results;
        }
    }

    @Test
    void bothSchedulersGiveEverySinkTheSameMultiset() {
        for (long seed = 1; seed <= CASES; seed++) {
            final Graph deterministic = new Graph(seed);
            final Graph threaded = new Graph(seed);
            assertEquals(deterministic.run(Scheduler.DETERMINISTIC), threaded.run(Scheduler.THREADED),
                    "seed " + seed + ": " + deterministic.description);
        }
    }
}
