package dev.weir.checkpoint;

/**
 * A checkpoint could not be written, or a checkpoint to restore from is missing or unreadable;
 * the message names the directory or file and what is wrong with it.
 */
public final class CheckpointException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message what failed, naming the directory or file */
    public CheckpointException(final String message) {
        super(message);
    }

    /**
     * @param message what failed, naming the directory or file
     * @param cause why
     */
    public CheckpointException(final String message, final Throwable cause) {
        super(message, cause);
    }
}
