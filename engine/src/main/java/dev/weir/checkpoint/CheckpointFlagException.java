package dev.weir.checkpoint;

import dev.weir.UserInputError;

/**
 * Checkpoints cannot be written or read in this JVM: it was started without a flag the
 * checkpoint files need. Thrown when a pipeline with checkpoints or a restore starts, before
 * any task runs; the message names the flag (docs/state.md, "JVM flags").
 */
public final class CheckpointFlagException extends IllegalStateException implements UserInputError {
    private static final long serialVersionUID = 1L;

    /** The missing flag, as written on the java command line. */
    private final String flag;

    /**
     * @param message what is missing and what to do
     * @param flag the missing flag
     */
    CheckpointFlagException(final String message, final String flag) {
        super(message);
        this.flag = flag;
    }

    /** @return the missing flag, as written on the java command line */
    public String flag() {
        return flag;
    }
}
