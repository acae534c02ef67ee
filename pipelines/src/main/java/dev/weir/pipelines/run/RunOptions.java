package dev.weir.pipelines.run;

import dev.weir.state.StateBackend;
import dev.weir.state.StateBackends;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * How {@link RecordFileJob} runs a job: the state backend, checkpointing, the restore
 * directory and the read rate. Immutable.
 */
public final class RunOptions {
    private final StateBackend stateBackend;
    private final Path checkpointDir;
    private final Duration checkpointInterval;
    private final Path restoreDir;
    private final long maxRecordsPerSecond;

    private RunOptions(final StateBackend stateBackend, final Path checkpointDir, final Duration checkpointInterval,
            final Path restoreDir, final long maxRecordsPerSecond) {
        this.stateBackend = stateBackend;
        this.checkpointDir = checkpointDir;
        this.checkpointInterval = checkpointInterval;
        this.restoreDir = restoreDir;
        this.maxRecordsPerSecond = maxRecordsPerSecond;
    }

    /** @return the defaults: the runtime's default state backend, no checkpoints, no restore, full speed */
    public static RunOptions defaults() {
        return new RunOptions(StateBackends.defaultBackend(), null, null, null, 0);
    }

    /**
     * @param backend where keyed state lives
     * @return these options with the backend
     */
    public RunOptions withStateBackend(final StateBackend backend) {
        return new RunOptions(Objects.requireNonNull(backend, "backend"), checkpointDir, checkpointInterval, restoreDir,
                maxRecordsPerSecond);
    }

    /**
     * @param dir where checkpoints go
     * @param interval how often the sources start one
     * @return these options with checkpointing
     */
    public RunOptions withCheckpoints(final Path dir, final Duration interval) {
        return new RunOptions(stateBackend, Objects.requireNonNull(dir, "dir"), Objects.requireNonNull(interval, "interval"),
                restoreDir, maxRecordsPerSecond);
    }

    /**
     * @param dir a checkpoint directory whose latest complete checkpoint the run resumes from
     * @return these options with the restore
     */
    public RunOptions withRestoreFrom(final Path dir) {
        return new RunOptions(stateBackend, checkpointDir, checkpointInterval, Objects.requireNonNull(dir, "dir"),
                maxRecordsPerSecond);
    }

    /**
     * @param recordsPerSecond the most records each source instance reads a second; 0 for no limit
     * @return these options with the read rate
     */
    public RunOptions withMaxRecordsPerSecond(final long recordsPerSecond) {
        if (recordsPerSecond < 0) {
            throw new IllegalArgumentException("records per second must not be negative: " + recordsPerSecond);
        }
        return new RunOptions(stateBackend, checkpointDir, checkpointInterval, restoreDir, recordsPerSecond);
    }

    /** @return where keyed state lives */
    public StateBackend stateBackend() {
        return stateBackend;
    }

    /** @return where checkpoints go, or null for none */
    public Path checkpointDir() {
        return checkpointDir;
    }

    /** @return how often checkpoints start, or null for none */
    public Duration checkpointInterval() {
        return checkpointInterval;
    }

    /** @return the directory to restore from, or null to start from the beginning */
    public Path restoreDir() {
        return restoreDir;
    }

    /** @return the most records a second each source instance reads, 0 for no limit */
    public long maxRecordsPerSecond() {
        return maxRecordsPerSecond;
    }
}
