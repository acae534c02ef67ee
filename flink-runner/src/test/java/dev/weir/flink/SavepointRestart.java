package dev.weir.flink;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * Runs a source into a sink on the {@link SharedMiniCluster}, stops the job with a savepoint while
 * the source is mid-way, and runs it again from that savepoint. The sink holds the first run at
 * its {@value #HOLD_AT}th record until the source has taken its snapshot, so back-pressure keeps
 * the source mid-way, whatever the machine's pace. One run at a time.
 */
public final class SavepointRestart {
    /** The sink waits at this record of the first run until the source has taken its snapshot. */
    public static final int HOLD_AT = 10;
    private static volatile CountDownLatch snapshotTaken;

    private SavepointRestart() {
    }

    /**
     * @param source emits strings, at least a few hundred thousand bytes of them (more than Flink's buffers between two tasks)
     * @param parallelism the source's parallelism
     * @param savepoints where the savepoint goes
     * @return the records of the first run and of the restored run
     */
    public static List<List<String>> run(final Source<String, ?, ?> source, final int parallelism, final Path savepoints) throws Exception {
        snapshotTaken = new CountDownLatch(parallelism);
        final CountDownLatch sinkHolds = new CountDownLatch(1);
        final CountDownLatch taken = snapshotTaken;
        final List<String> first = Collections.synchronizedList(new ArrayList<>());
        final String firstSink = SinkBoard.register((value, timestamp) -> {
            first.add((String) value);
            if (first.size() == HOLD_AT) {
                sinkHolds.countDown();
                await(taken);
            }
        });
        final List<String> second = Collections.synchronizedList(new ArrayList<>());
        final String secondSink = SinkBoard.register((value, timestamp) -> second.add((String) value));
        try {
            final JobClient running = job(source, parallelism, firstSink, new Configuration()).executeAsync("positions");
            await(sinkHolds);
            final String savepoint = running.stopWithSavepoint(false, savepoints.toUri().toString(), SavepointFormatType.CANONICAL)
                    .get(60, TimeUnit.SECONDS);
            running.getJobExecutionResult().get(60, TimeUnit.SECONDS);
            assertTrue(first.size() >= HOLD_AT, "the first run stopped after " + first.size() + " records");
            final Configuration restore = new Configuration();
            restore.set(StateRecoveryOptions.SAVEPOINT_PATH, savepoint);
            job(source, parallelism, secondSink, restore).execute("positions restored");
        } finally {
            SinkBoard.remove(firstSink);
            SinkBoard.remove(secondSink);
        }
        return List.of(new ArrayList<>(first), new ArrayList<>(second));
    }

    private static StreamExecutionEnvironment job(final Source<String, ?, ?> source, final int parallelism, final String sinkId,
            final Configuration configuration) throws Exception {
        final URI cluster = SharedMiniCluster.rest();
        final StreamExecutionEnvironment env = StreamExecutionEnvironment.createRemoteEnvironment(cluster.getHost(), cluster.getPort(),
                configuration);
        env.setParallelism(parallelism);
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "source", TypeInformation.of(String.class)).uid("source")
                .map(new SnapshotSignal()).uid("signal")
                .sinkTo(new PipelineSink(sinkId)).uid("sink").setParallelism(1).disableChaining();
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
            snapshotTaken.countDown();
        }

        @Override
        public void initializeState(final FunctionInitializationContext context) {
        }
    }
}
