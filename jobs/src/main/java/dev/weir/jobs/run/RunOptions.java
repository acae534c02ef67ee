package dev.weir.jobs.run;

import dev.weir.source.LineReader;
import dev.weir.state.StateBackend;
import dev.weir.state.StateBackends;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * How {@link RecordFileJob} runs a job: the state backend, checkpointing, the restore
 * directory, the read rate and the longest line. Immutable.
 */
public final class RunOptions {
    private final StateBackend stateBackend;
    private final Path checkpointDir;
    private final Duration checkpointInterval;
    private final Path restoreDir;
    private final long maxRecordsPerSecond;
    private final int maxLineBytes;

    private RunOptions(final StateBackend stateBackend, final Path checkpointDir, final Duration checkpointInterval,
            final Path restoreDir, final long maxRecordsPerSecond, final int maxLineBytes) {
        this.stateBackend = stateBackend;
        this.checkpointDir = checkpointDir;
        this.checkpointInterval = checkpointInterval;
        this.restoreDir = restoreDir;
        this.maxRecordsPerSecond = maxRecordsPerSecond;
        this.maxLineBytes = maxLineBytes;
    }

    /**
     * @return the defaults: the runtime's default state backend (made only when {@link #stateBackend()}
     *     is asked for it, so that options given another backend never start the default one), no
     *     checkpoints, no restore, full speed
     */
    public static RunOptions defaults() {
        return new RunOptions(null, null, null, null, 0, LineReader.DEFAULT_MAX_LINE_BYTES);
    }

    /**
     * @param backend where keyed state lives
     * @return these options with the backend
     */
    public RunOptions withStateBackend(final StateBackend backend) {
        return new RunOptions(Objects.requireNonNull(backend, "backend"), checkpointDir, checkpointInterval, restoreDir,
                maxRecordsPerSecond, maxLineBytes);
    }

    /**
     * @param dir where checkpoints go
     * @param interval how often the sources start one
     * @return these options with checkpointing
     */
    public RunOptions withCheckpoints(final Path dir, final Duration interval) {
        return new RunOptions(stateBackend, Objects.requireNonNull(dir, "dir"), Objects.requireNonNull(interval, "interval"),
                restoreDir, maxRecordsPerSecond, maxLineBytes);
    }

    /**
     * @param dir a checkpoint directory whose latest complete checkpoint the run resumes from
     * @return these options with the restore
     */
    public RunOptions withRestoreFrom(final Path dir) {
        return new RunOptions(stateBackend, checkpointDir, checkpointInterval, Objects.requireNonNull(dir, "dir"),
                maxRecordsPerSecond, maxLineBytes);
    }

    /**
     * @param recordsPerSecond the most records each source instance reads a second; 0 for no limit
     * @return these options with the read rate
     */
    public RunOptions withMaxRecordsPerSecond(final long recordsPerSecond) {
        if (recordsPerSecond < 0) {
            throw new IllegalArgumentException("records per second must not be negative: " + recordsPerSecond);
        }
        return new RunOptions(stateBackend, checkpointDir, checkpointInterval, restoreDir, recordsPerSecond, maxLineBytes);
    }

    /**
     * @param bytes the longest line a record file may have, in bytes; positive
     * @return these options with the line limit
     */
    public RunOptions withMaxLineBytes(final int bytes) {
        if (bytes < 1) {
            throw new IllegalArgumentException("the maximum line length must be positive: " + bytes);
        }
        return new RunOptions(stateBackend, checkpointDir, checkpointInterval, restoreDir, maxRecordsPerSecond, bytes);
    }

    /** @return the longest line a record file may have, in bytes (default 1 MiB) */
    public int maxLineBytes() {
        return maxLineBytes;
    }

    /**
     * @return where keyed state lives: the backend given, else a new {@link StateBackends#defaultBackend()}
     */
    public StateBackend stateBackend() {
        return stateBackend != null ? stateBackend : StateBackends.defaultBackend();
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
