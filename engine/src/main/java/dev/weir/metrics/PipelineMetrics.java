package dev.weir.metrics;

import java.util.ArrayList;
import java.util.List;

/**
 * A snapshot of every task of a running (or ended) pipeline. Taken from any thread while the
 * tasks run, so values of different tasks may be a little apart in time; after the pipeline
 * ended they are exact. Immutable.
 *
 * @param pipeline the pipeline's name
 * @param processingTimeMillis the pipeline clock's time when the snapshot was taken (lags are measured against it)
 * @param tasks every task, sources first, in stage and instance order
 */
public record PipelineMetrics(String pipeline, long processingTimeMillis, List<TaskMetrics> tasks) {

    /** Copies the list: a snapshot never changes. */
    public PipelineMetrics {
        tasks = List.copyOf(tasks);
    }

    /**
     * @param name a task's name ({@code pipeline-stage-instance})
     * @return that task
     * @throws IllegalArgumentException if there is none
     */
    public TaskMetrics task(final String name) {
        for (final TaskMetrics task : tasks) {
            if (task.name().equals(name)) {
                return task;
            }
        }
        final List<String> names = new ArrayList<>();
        for (final TaskMetrics task : tasks) {
            names.add(task.name());
        }
        throw new IllegalArgumentException("pipeline " + pipeline + " has no task '" + name + "'; it has " + names);
    }

    /**
     * @param stage a stage's name
     * @return its tasks, in instance order
     */
    public List<TaskMetrics> stage(final String stage) {
        final List<TaskMetrics> instances = new ArrayList<>();
        for (final TaskMetrics task : tasks) {
            if (task.stage().equals(stage)) {
                instances.add(task);
            }
        }
        return instances;
    }

    /**
     * @param operatorName an operator's name
     * @return the sum of {@code lateRecordsDropped} over every instance of operators of that name
     */
    public long lateRecordsDropped(final String operatorName) {
        long dropped = 0;
        for (final TaskMetrics task : tasks) {
            for (final OperatorMetrics operator : task.operators()) {
                if (operator.name().equals(operatorName)) {
                    dropped += operator.lateRecordsDropped();
                }
            }
        }
        return dropped;
    }
}
