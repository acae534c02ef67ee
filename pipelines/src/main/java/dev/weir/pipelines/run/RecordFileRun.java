package dev.weir.pipelines.run;

import dev.weir.metrics.OperatorMetrics;
import dev.weir.metrics.PipelineMetrics;
import dev.weir.metrics.TaskMetrics;
import dev.weir.runtime.RunningPipeline;

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

    RecordFileRun(final RunningPipeline pipeline, final ReadProgress reading, final boolean checkpointing,
            final long checkpointIdBefore, final long restoredCheckpointId) {
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
        long records = 0;
        for (final TaskMetrics source : metrics.stage(RecordFileJob.SOURCE_STAGE)) {
            records += source.recordsOut();
        }
        return records;
    }

    /**
     * @param metrics a snapshot of this run's pipeline
     * @return the lowest watermark any window instance has received, {@code Long.MIN_VALUE} before the first
     */
    public static long windowWatermark(final PipelineMetrics metrics) {
        long lowest = Long.MAX_VALUE;
        boolean any = false;
        for (final TaskMetrics task : metrics.tasks()) {
            for (final OperatorMetrics operator : task.operators()) {
                if (operator.name().equals(RecordFileJob.WINDOW)) {
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
        long lateDropped = 0;
        long lateToSideOutput = 0;
        long fired = 0;
        for (final TaskMetrics task : metrics.tasks()) {
            for (final OperatorMetrics operator : task.operators()) {
                if (operator.name().equals(RecordFileJob.WINDOW)) {
                    lateDropped += operator.lateRecordsDropped();
                    lateToSideOutput += operator.lateRecordsSideOutput();
                    fired += operator.recordsOut(); // one FIRE line per record the window emits
                }
            }
        }
        return new RunSummary(recordsRead(metrics), lateDropped, lateToSideOutput, fired, checkpointsTaken(), elapsedNanos);
    }

    /** Stops the pipeline; see {@link RunningPipeline#close()}. */
    @Override
    public void close() {
        pipeline.close();
    }
}
