package dev.weir.jobs.run;

import dev.weir.metrics.OperatorMetrics;
import dev.weir.metrics.PipelineMetrics;
import dev.weir.metrics.TaskMetrics;
import dev.weir.runtime.threaded.RunningPipeline;
import java.util.List;

/**
 * A started {@link RecordFileJob}: its pipeline, how far its files were read, and what it did.
 * The counts come from the runtime's metrics (docs/semantics.md §6), which each task publishes
 * after every batch: while the pipeline runs they may be a batch behind, once it has ended
 * (after {@link RunningPipeline#awaitTermination()}) they are exact. Thread-safe.
 */
public final class RecordFileRun implements AutoCloseable {
    private final RunningPipeline pipeline;
    private final ReadProgress reading;
    private final boolean checkpointing;
    private final long checkpointIdBefore;
    private final long restoredCheckpointId;
    private final List<String> sourceStages;
    private final String operator;

    RecordFileRun(final RunningPipeline pipeline, final ReadProgress reading, final boolean checkpointing,
            final long checkpointIdBefore, final long restoredCheckpointId) {
        this(pipeline, reading, checkpointing, checkpointIdBefore, restoredCheckpointId, List.of(RecordFileJob.SOURCE_STAGE),
                RecordFileJob.WINDOW);
    }

    /**
     * @param sourceStages the stages whose records out are the records read
     * @param operator the operator whose late records and results the summary counts
     */
    RecordFileRun(final RunningPipeline pipeline, final ReadProgress reading, final boolean checkpointing,
            final long checkpointIdBefore, final long restoredCheckpointId, final List<String> sourceStages, final String operator) {
        this.sourceStages = List.copyOf(sourceStages);
        this.operator = operator;
        this.pipeline = pipeline;
        this.reading = reading;
        this.checkpointing = checkpointing;
        this.checkpointIdBefore = checkpointIdBefore;
        this.restoredCheckpointId = restoredCheckpointId;
    }

    /**
     * @return the checkpoint the run resumed from, read before the pipeline started (so a
     *     checkpoint this run completes cannot be taken for it), or 0 for a run without a restore
     */
    public long restoredCheckpointId() {
        return restoredCheckpointId;
    }

    /** @return the running pipeline */
    public RunningPipeline pipeline() {
        return pipeline;
    }

    /** @return how far the source instances got through the files */
    public ReadProgress reading() {
        return reading;
    }

    /**
     * @param metrics a snapshot of this run's pipeline
     * @return the records the source instances emitted so far
     */
    public static long recordsRead(final PipelineMetrics metrics) {
        return recordsRead(metrics, List.of(RecordFileJob.SOURCE_STAGE));
    }

    /**
     * @param metrics a snapshot of this run's pipeline
     * @return the records this run's source instances (of every input) emitted so far
     */
    public long records(final PipelineMetrics metrics) {
        return recordsRead(metrics, sourceStages);
    }

    private static long recordsRead(final PipelineMetrics metrics, final List<String> stages) {
        long records = 0;
        for (final String stage : stages) {
            for (final TaskMetrics source : metrics.stage(stage)) {
                records += source.recordsOut();
            }
        }
        return records;
    }

    /**
     * @param metrics a snapshot of this run's pipeline
     * @return the lowest watermark any window instance has received, {@code Long.MIN_VALUE} before the first
     */
    public static long windowWatermark(final PipelineMetrics metrics) {
        return lowestWatermark(metrics, RecordFileJob.WINDOW);
    }

    /**
     * @param metrics a snapshot of this run's pipeline
     * @return the lowest watermark any instance of this run's window (or join) operator has received, {@code Long.MIN_VALUE} before the first
     */
    public long operatorWatermark(final PipelineMetrics metrics) {
        return lowestWatermark(metrics, operator);
    }

    private static long lowestWatermark(final PipelineMetrics metrics, final String name) {
        long lowest = Long.MAX_VALUE;
        boolean any = false;
        for (final TaskMetrics task : metrics.tasks()) {
            for (final OperatorMetrics operator : task.operators()) {
                if (operator.name().equals(name)) {
                    lowest = Math.min(lowest, operator.inputWatermark());
                    any = true;
                }
            }
        }
        return any ? lowest : Long.MIN_VALUE;
    }

    /** @return checkpoints completed since the run started (ids continue after the restored or existing ones) */
    public long checkpointsTaken() {
        return checkpointing ? Math.max(0, pipeline.completedCheckpointId() - checkpointIdBefore) : 0;
    }

    /**
     * What the run did; exact once the pipeline has ended.
     *
     * @param elapsedNanos how long it ran
     * @return the counts
     */
    public RunSummary summary(final long elapsedNanos) {
        final PipelineMetrics metrics = pipeline.metrics();
        final String counted = operator;
        long lateDropped = 0;
        long lateToSideOutput = 0;
        long fired = 0;
        for (final TaskMetrics task : metrics.tasks()) {
            for (final OperatorMetrics step : task.operators()) {
                if (step.name().equals(counted)) {
                    lateDropped += step.lateRecordsDropped();
                    lateToSideOutput += step.lateRecordsSideOutput();
                    fired += step.recordsOut(); // one FIRE (or JOIN) line per record the window (or join) emits
                }
            }
        }
        return new RunSummary(records(metrics), lateDropped, lateToSideOutput, fired, checkpointsTaken(), elapsedNanos,
                operator.equals(RecordFileJob.WINDOW) && sourceStages.size() == 1 ? "windows fired" : "pairs joined");
    }

    /** Stops the pipeline; see {@link RunningPipeline#close()}. */
    @Override
    public void close() {
        pipeline.close();
    }
}
