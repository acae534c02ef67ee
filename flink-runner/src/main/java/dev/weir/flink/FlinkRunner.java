package dev.weir.flink;

import dev.weir.api.StreamPipeline;
import dev.weir.plan.LogicalPlan;
import dev.weir.runtime.Sink;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * Runs a Weir {@link StreamPipeline} on Apache Flink 2.1, translated from its logical plan to
 * Flink's DataStream API with Weir's own functions wrapped in Flink's (docs/flink.md, "Running a
 * StreamPipeline on Flink"). What this slice does not translate is refused before anything runs.
 * Thread-safe: each call is one run.
 */
public final class FlinkRunner {
    private FlinkRunner() {
    }

    /**
     * Translates the pipeline and runs it to the end of its input on the target, handing the
     * results to the pipeline's sink in this JVM: {@code accept(value, timestamp)} for each
     * result, {@code finish()} and {@code close()} at end of input, then {@code allFinished()}
     * once the job has finished. The pipeline itself is only read, not started.
     *
     * @param pipeline a pipeline ended by its sink
     * @param target where to run it
     * @throws FlinkTranslationException if a step or setting is not translated (nothing ran)
     * @throws Exception if the Flink job fails
     */
    public static void execute(final StreamPipeline pipeline, final FlinkTarget target) throws Exception {
        final LogicalPlan plan = pipeline.logicalPlan();
        final StreamExecutionEnvironment environment = target.environment();
        final PipelineTranslation translation = new PipelineTranslation(plan, environment);
        try {
            translation.translate();
            environment.execute(plan.settings().name());
            for (final String id : translation.sinkIds()) {
                final Sink<Object> sink = SinkBoard.of(id);
                sink.allFinished();
            }
        } finally {
            translation.sinkIds().forEach(SinkBoard::remove);
            environment.close();
        }
    }
}
