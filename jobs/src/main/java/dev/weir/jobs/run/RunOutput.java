package dev.weir.jobs.run;

/**
 * Where a {@link RecordFileJob} puts its output lines: the FIRE and LATE lines and the {@code # checkpoint N}
 * marks, one call at a time. Like a Flink sink with two-phase commit, it is told when lines must be durable:
 * {@link #preCommit()} comes before a window instance acknowledges a checkpoint barrier, so every line a
 * checkpoint covers is on disk before the checkpoint can complete.
 */
@FunctionalInterface
public interface RunOutput {
    /** @param line an output line, without a line separator */
    void line(String line);

    /** A checkpoint mark and the lines below it went out: pass them on now rather than when a buffer fills. */
    default void flush() {
    }

    /**
     * A window instance is about to acknowledge a checkpoint barrier: every line handed over so far must be
     * durable when this returns (flushed, and forced to disk where the output is a file).
     */
    default void preCommit() {
        flush();
    }
}
