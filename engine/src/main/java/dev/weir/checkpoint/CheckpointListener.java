package dev.weir.checkpoint;

/**
 * Learns the fate of every checkpoint the {@link CheckpointCoordinator} started. Called from
 * the thread of the participant that settled it, while the coordinator holds its lock: a
 * listener must not call back into the coordinator, and should be quick.
 */
public interface CheckpointListener {
    /** Listens to nothing. */
    CheckpointListener NONE = new CheckpointListener() {
        @Override
        public void completed(final long checkpointId) {
        }

        @Override
        public void abandoned(final long checkpointId) {
        }
    };

    /**
     * Every participant's snapshot of the checkpoint is on disk and its manifest is about to be
     * written: a listener whose output marks checkpoints makes the mark durable now, so that no
     * checkpoint is ever complete without its mark. If the process dies before the manifest is
     * written, the checkpoint is not complete, and a restore resumes from an earlier one, whose
     * mark comes earlier. By default nothing happens.
     *
     * @param checkpointId the checkpoint
     */
    default void committing(final long checkpointId) {
    }

    /**
     * The checkpoint is complete and durable: its manifest was written, forced to disk and
     * renamed into place, and its directory forced.
     *
     * @param checkpointId the checkpoint
     */
    void completed(long checkpointId);

    /**
     * The checkpoint will never complete: an input ended while it was in flight.
     *
     * @param checkpointId the checkpoint
     */
    void abandoned(long checkpointId);
}
