package dev.weir.flink;

import dev.weir.flink.translation.CollectedSink;
import dev.weir.flink.translation.PipelineTranslation;
import dev.weir.flink.translation.TaskSink;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * A pipeline submitted by {@link FlinkRunner#start}: running until its input ends. {@link #awaitEnd()} waits for the
 * end, hands the sinks their {@code allFinished()} and releases the job's resources (a local target's MiniCluster
 * among them); {@link #awaitResults()} and {@link #close()} do the same in two steps. Call them, or {@link #cancel()},
 * from one thread, once each.
 */
public final class FlinkJob {
    private final JobClient client;
    private final CompletableFuture<JobExecutionResult> result;
    private final List<CompletableFuture<Void>> drains;
    private final PipelineTranslation translation;
    private final StreamExecutionEnvironment environment;

    FlinkJob(final JobClient client, final List<CompletableFuture<Void>> drains, final PipelineTranslation translation,
            final StreamExecutionEnvironment environment) {
        this.client = client;
        this.result = client.getJobExecutionResult();
        this.drains = drains;
        this.translation = translation;
        this.environment = environment;
    }

    /**
     * Waits until the job has ended and every result reached its sink, then calls each sink's {@code allFinished()}.
     * Releases the job's resources in every case.
     *
     * @throws Exception if the Flink job failed, or a sink threw (the job was then cancelled)
     */
    public void awaitEnd() throws Exception {
        try {
            awaitResults();
        } finally {
            close();
        }
    }

    /**
     * What {@link #awaitEnd()} does but the release: waits until the job has ended and every result reached its sink,
     * then calls each sink's {@code allFinished()}. {@link #close()} releases the job's resources later, e.g. after a
     * benchmark has read its clock, so that shutting the MiniCluster down does not count as the job's time.
     *
     * @throws Exception if the Flink job failed, or a sink threw (the job was then cancelled)
     */
    public void awaitResults() throws Exception {
        final List<CompletableFuture<?>> all = new ArrayList<>(drains);
        all.add(result);
        try {
            CompletableFuture.allOf(all.toArray(new CompletableFuture<?>[0])).get();
        } catch (final ExecutionException failed) {
            throw FlinkRunner.firstFailure(drains, result);
        }
        for (final CollectedSink sink : translation.sinks()) {
            sink.sink().allFinished();
        }
        for (final TaskSink sink : translation.taskSinks()) {
            sink.sink().allFinished();
        }
    }

    /**
     * Releases the job's resources: closes the collect iterators, unregisters the sinks on tasks and closes the
     * environment (a local target's MiniCluster shuts down). Call it once the job has ended.
     *
     * @throws Exception if closing the environment failed
     */
    public void close() throws Exception {
      release(translation, environment);
    }

    /**
     * Cancels the job and releases its resources, without waiting for results; for a run abandoned before its end.
     *
     * @throws Exception if releasing failed
     */
    public void cancel() throws Exception {
        try {
            client.cancel().get();
        } catch (final ExecutionException alreadyOver) {
            // the job had ended, or failed, by itself: nothing left to cancel
        } finally {
            close();
        }
    }

    /** Closes the collect iterators, unregisters the sinks on tasks and closes the environment. */
    public static void release(final PipelineTranslation translation, final StreamExecutionEnvironment environment) throws Exception {
        translation.sinks().forEach(CollectedSink::close);
        translation.taskSinks().forEach(TaskSink::release);
        environment.close();
    }
}
