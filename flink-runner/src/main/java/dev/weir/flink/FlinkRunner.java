package dev.weir.flink;

import dev.weir.api.StreamPipeline;
import dev.weir.flink.source.LocalHandoff;
import dev.weir.flink.translation.CollectedSink;
import dev.weir.flink.translation.FlinkTranslationException;
import dev.weir.flink.translation.PipelineTranslation;
import dev.weir.plan.LogicalPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.runtime.client.JobCancellationException;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.ExceptionUtils;

/**
 * Runs a Weir {@link StreamPipeline} on Apache Flink 2.1, translated from its logical plan to
 * Flink's DataStream API with Weir's own functions wrapped in Flink's (docs/flink.md, "Running a
 * StreamPipeline on Flink"). What it does not translate is refused before anything runs.
 * Thread-safe: each call is one run.
 */
public final class FlinkRunner {
    private FlinkRunner() {
    }

    /**
     * Translates the pipeline and runs it to the end of its input on the target, handing the
     * results to the pipeline's sinks in this JVM, wherever the job runs (Flink's collect
     * mechanism): for each sink, on a thread of its own, {@code instance(0, 1)}, then
     * {@code accept(value, timestamp)} for each result, {@code finish()} and {@code close()} at end
     * of input; then {@code allFinished()} on each once the job has finished. With the pipeline's
     * checkpointing on, a sink receives only results a completed Flink checkpoint covers, each
     * exactly once across restarts. The pipeline itself is only read, not started.
     *
     * @param pipeline a pipeline ended by its sink
     * @param target where to run it
     * @throws FlinkTranslationException if a step or setting is not translated (nothing ran)
     * @throws Exception if the Flink job fails, or a sink throws (the job is then cancelled)
     */
    public static void execute(final StreamPipeline pipeline, final FlinkTarget target) throws Exception {
        start(pipeline, target).awaitEnd();
    }

    /**
     * Translates the pipeline and submits it to the target without waiting for it to end: what
     * {@link #execute} does, up to the job's start. The results reach the pipeline's sinks as
     * {@link #execute} says (or on Flink's tasks, with {@link FlinkTarget#withTaskSinks()}) while
     * the caller goes on, e.g. feeding a {@link LocalHandoff}; {@link FlinkJob#awaitEnd()} waits
     * for the end.
     *
     * @param pipeline a pipeline ended by its sink
     * @param target where to run it
     * @return the running job
     * @throws FlinkTranslationException if a step or setting is not translated (nothing ran)
     * @throws Exception if the job cannot be submitted
     */
    public static FlinkJob start(final StreamPipeline pipeline, final FlinkTarget target) throws Exception {
        final LogicalPlan plan = pipeline.logicalPlan();
        final StreamExecutionEnvironment environment = target.environment();
        final PipelineTranslation translation = new PipelineTranslation(plan, environment, target.taskSinks());
        try {
            translation.translate();
            final JobClient client = environment.executeAsync(plan.settings().name());
            final List<CompletableFuture<Void>> drains = new ArrayList<>();
            for (final CollectedSink sink : translation.sinks()) {
                // a sink that fails leaves its collect buffer full: cancel the job rather than wait for it
                drains.add(sink.start().whenComplete((done, failed) -> {
                    if (failed != null) {
                        client.cancel();
                    }
                }));
            }
            return new FlinkJob(client, drains, translation, environment);
        } catch (final Exception | Error failed) {
            FlinkJob.release(translation, environment);
            throw failed;
        }
    }

    /** The job's failure, unless it was the cancellation a failed sink caused: then that sink's. */
    static Exception firstFailure(final List<CompletableFuture<Void>> drains, final CompletableFuture<JobExecutionResult> result) {
        final Exception job = causeOf(result);
        if (job != null && ExceptionUtils.findThrowable(job, JobCancellationException.class).isEmpty()) {
            return job;
        }
        for (final CompletableFuture<Void> drain : drains) {
            final Exception sink = causeOf(drain);
            if (sink != null) {
                return sink;
            }
        }
        return job;
    }

    private static Exception causeOf(final CompletableFuture<?> future) {
        if (!future.isCompletedExceptionally()) {
            return null;
        }
        try {
            future.get();
            return null;
        } catch (final ExecutionException e) {
            final Throwable cause = e.getCause();
            if (cause instanceof Exception) {
                return (Exception) cause;
            }
            throw (Error) cause;
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            return e;
        }
    }
}
