package dev.weir.jobs.run;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;

/**
 * The output lines of {@code weir run} with exact checkpoint marks. Every window instance hands
 * its lines and barriers to its own {@link Instance}; the lines go on one at a time. A line an
 * instance produces after its barrier {@code N} is held back while checkpoint {@code N} is in
 * flight (as Flink's barrier alignment blocks a channel that delivered its barrier); once every
 * instance acknowledged it, and before its manifest completes it, {@code # checkpoint N} goes out
 * and is forced to disk, then the held lines. So every line above the mark is covered by
 * checkpoint {@code N} and every line below it is not, and a checkpoint a restore can resume from
 * always has its mark in the output, whenever the process is killed:
 * keeping a killed run's output up to the mark of the checkpoint restored from and appending the output of a run restored
 * from that checkpoint prints each result exactly once. When a checkpoint is abandoned, or every
 * instance has ended or closed (also after a failure), the held lines go out without a mark.
 * Each instance's barrier makes the lines out so far durable ({@link RunOutput#preCommit()}) before the
 * instance acknowledges it, so the lines a durable checkpoint covers are never lost with the process.
 * Thread-safe (one lock).
 */
final class CheckpointMarkedLines {
    private final RunOutput lines;
    private final LongFunction<String> marks;
    private final List<Instance> instances = new ArrayList<>();
    private long settledId;
    private int ended;

    /** @param lines receives the lines, one call at a time */
    CheckpointMarkedLines(final RunOutput lines) {
        this(lines, checkpointId -> RecordFileJob.CHECKPOINT_MARK + checkpointId);
    }

    /**
     * @param lines receives the lines, one call at a time
     * @param marks the mark of a checkpoint in the output's format ({@code # checkpoint N}, {@code {"checkpoint":N}})
     */
    CheckpointMarkedLines(final RunOutput lines, final LongFunction<String> marks) {
        this.lines = lines;
        this.marks = marks;
    }

    /**
     * @param index a window instance, from 0
     * @return that instance's side of the output, the same object on every call
     */
    synchronized Instance instance(final int index) {
        while (instances.size() <= index) {
            instances.add(new Instance());
        }
        return instances.get(index);
    }

    /** A line from outside any window instance: out at once. */
    synchronized void direct(final String line) {
        lines.line(line);
    }

    /**
     * Checkpoint {@code checkpointId} is about to be committed (its manifest is written next):
     * its mark goes out and is made durable, then every held line. Lines below the mark are
     * not covered by the checkpoint, so they may go out before it is complete: if the process
     * dies before the manifest, a restore resumes from an earlier checkpoint, whose mark is
     * above them.
     *
     * @param checkpointId the checkpoint
     */
    synchronized void committing(final long checkpointId) {
        if (checkpointId > settledId) {
            settledId = checkpointId;
            lines.line(marks.apply(checkpointId));
            lines.flush();
            lines.preCommit();
            release();
            lines.flush();
        }
    }

    /**
     * Checkpoint {@code checkpointId} is durable: its mark is out (see {@link #committing}), and
     * every held line after it.
     *
     * @param checkpointId the checkpoint
     */
    synchronized void completed(final long checkpointId) {
        committing(checkpointId);
    }

    /**
     * Checkpoint {@code checkpointId} will not complete: the held lines go out without a mark.
     *
     * @param checkpointId the checkpoint
     */
    synchronized void abandoned(final long checkpointId) {
        if (checkpointId > settledId) {
            settledId = checkpointId;
            release();
        }
    }

    private void release() {
        for (final Instance instance : instances) {
            for (final String line : instance.held) {
                lines.line(line);
            }
            instance.held.clear();
        }
    }

    /** One window instance's side of the output; its calls come from that instance's task. */
    final class Instance {
        private final List<String> held = new ArrayList<>();
        private long passedId;
        private boolean hasEnded;

        private Instance() {
        }

        /** @param line a FIRE or LATE line of this instance: out now, or held while its barrier is ahead of the mark */
        void line(final String line) {
            synchronized (CheckpointMarkedLines.this) {
                if (passedId > settledId) {
                    held.add(line);
                } else {
                    lines.line(line);
                }
            }
        }

        /**
         * This instance passed a barrier: its later lines belong after that checkpoint's mark, and the lines out
         * so far (all it produced before the barrier among them) are made durable before it acknowledges.
         *
         * @param checkpointId the checkpoint
         */
        void barrier(final long checkpointId) {
            synchronized (CheckpointMarkedLines.this) {
                passedId = Math.max(passedId, checkpointId);
            }
            // outside the lock: the other instances go on printing meanwhile
            lines.preCommit();
        }

        /** This instance's input ended, or its task closed; once every instance has, nothing is held any more. Idempotent. */
        void end() {
            synchronized (CheckpointMarkedLines.this) {
                if (!hasEnded) {
                    hasEnded = true;
                    ended++;
                }
                if (ended == instances.size()) {
                    // no checkpoint can complete now: a late mark must not claim the released lines
                    for (final Instance instance : instances) {
                        settledId = Math.max(settledId, instance.passedId);
                    }
                    release();
                }
            }
        }
    }
}
