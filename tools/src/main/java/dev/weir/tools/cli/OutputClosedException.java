package dev.weir.tools.cli;

/**
 * Nobody reads standard output any more (the pipe's reader has gone, as {@code head} does after its lines):
 * the command ends quietly, as a Unix tool ended by {@code SIGPIPE} does, with exit code {@link ExitCodes#OUTPUT_CLOSED}.
 */
public final class OutputClosedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The reader of standard output has gone. */
    public OutputClosedException() {
        super("standard output was closed by its reader", null, false, false);
    }
}
