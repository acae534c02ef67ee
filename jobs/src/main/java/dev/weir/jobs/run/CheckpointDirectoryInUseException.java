package dev.weir.jobs.run;

import dev.weir.codec.input.BadInputException;

/**
 * A checkpoint directory that holds checkpoints of an earlier run, given to a run that neither
 * resumes from them ({@code --restore}) nor deliberately starts over ({@code --fresh}).
 */
public final class CheckpointDirectoryInUseException extends BadInputException {
    private static final long serialVersionUID = 1L;

    /**
     * @param directory the checkpoint directory
     * @param message which checkpoint it holds and the ways out
     */
    public CheckpointDirectoryInUseException(final String directory, final String message) {
        super(directory, 0, null, message);
    }
}
