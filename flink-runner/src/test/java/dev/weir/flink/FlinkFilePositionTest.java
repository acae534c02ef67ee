package dev.weir.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.source.FileSource;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file source's read positions are Flink state: a job stopped with a savepoint in the middle of
 * its files and started again from it emits, over both runs, every line exactly once.
 */
class FlinkFilePositionTest {
    private static final int LINES_PER_FILE = 60_000;
    /** The sink waits at this record of the first run until the source has taken its snapshot. */
    private static final int HOLD_AT = 10;
    private static final CountDownLatch SNAPSHOT_TAKEN = new CountDownLatch(1);
    private static final CountDownLatch SINK_HOLDS = new CountDownLatch(1);

    @TempDir
    Path dir;

    @Test
    void aJobStoppedWithASavepointMidFileResumesAtTheNextLine() throws Exception {
        final List<String> all = new ArrayList<>();
        final List<Path> files = new ArrayList<>();
        for (final String name : List.of("a", "b")) {
            final List<String> lines = new ArrayList<>();
            for (int i = 0; i < LINES_PER_FILE; i++) {
                lines.add(name + "," + i + "," + i % 7);
            }
            files.add(Files.write(dir.resolve(name + ".csv"), lines, StandardCharsets.UTF_8));
            all.addAll(lines);
        }
        // 16 lines a read: both files are mid-way at any barrier of the first run
        final FlinkFileSource<String> source = FlinkFileSource.of(FileSource.of(files, FlinkFileSourceTest.LINE).withBatchSize(16));

        final List<String> first = Collections.synchronizedList(new ArrayList<>());
        final String firstSink = SinkBoard.register((value, timestamp) -> {
            first.add((String) value);
            if (first.size() == HOLD_AT) {
                // back-pressure holds the source mid-file until the savepoint's barrier has left it
                SINK_HOLDS.countDown();
                await(SNAPSHOT_TAKEN);
            }
        });
        final URI cluster = SharedMiniCluster.rest();
        final JobClient running = job(source, firstSink, new Configuration()).executeAsync("positions");
        await(SINK_HOLDS);
        final String savepoint = running.stopWithSavepoint(false, dir.resolve("savepoints").toUri().toString(), SavepointFormatType.CANONICAL)
                .get(60, TimeUnit.SECONDS);
        running.getJobExecutionResult().get(60, TimeUnit.SECONDS);
        assertTrue(first.size() >= HOLD_AT && first.size() < all.size() / 2, "stopped mid-file after " + first.size() + " lines");

        final List<String> second = Collections.synchronizedList(new ArrayList<>());
        final String secondSink = SinkBoard.register((value, timestamp) -> second.add((String) value));
        final Configuration restore = new Configuration();
        restore.set(StateRecoveryOptions.SAVEPOINT_PATH, savepoint);
        job(source, secondSink, restore).execute("positions restored");
        SinkBoard.remove(firstSink);
        SinkBoard.remove(secondSink);

        final List<String> both = new ArrayList<>(first);
        both.addAll(second);
        assertEquals(SortedResults.sorted(all), SortedResults.sorted(both));
        assertTrue(second.size() > all.size() / 2);
    }

    private static StreamExecutionEnvironment job(final FlinkFileSource<String> source, final String sinkId, final Configuration configuration)
            throws Exception {
        final URI cluster = SharedMiniCluster.rest();
        final StreamExecutionEnvironment env = StreamExecutionEnvironment.createRemoteEnvironment(cluster.getHost(), cluster.getPort(),
                configuration);
        env.setParallelism(1);
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "lines", TypeInformation.of(String.class)).uid("lines")
                .map(new SnapshotSignal()).uid("signal")
                .sinkTo(new PipelineSink(sinkId)).uid("sink").disableChaining();
        return env;
    }

    private static void await(final CountDownLatch latch) {
        try {
            if (!latch.await(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("waited 60 s in vain");
            }
        } catch (final InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(interrupted);
        }
    }

    /** Chained to the source: its snapshot is taken with the source's, when the barrier leaves the source task. */
    private static final class SnapshotSignal implements MapFunction<String, Object>, CheckpointedFunction {
        private static final long serialVersionUID = 1L;

        @Override
        public Object map(final String line) {
            return line;
        }

        @Override
        public void snapshotState(final FunctionSnapshotContext context) {
            SNAPSHOT_TAKEN.countDown();
        }

        @Override
        public void initializeState(final FunctionInitializationContext context) {
        }
    }
}
