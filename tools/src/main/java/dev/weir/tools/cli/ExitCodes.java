package dev.weir.tools.cli;

import dev.weir.engines.command.CommandExitCodes;

/** The exit codes of the {@code weir} command: those of {@link CommandExitCodes}, which contributed commands return, and more. */
public final class ExitCodes {
    /** Success. */
    public static final int OK = CommandExitCodes.OK;
    /** The pipeline failed. */
    public static final int FAILED = CommandExitCodes.FAILED;
    /** Bad input: options, job file, element file. */
    public static final int BAD_INPUT = CommandExitCodes.BAD_INPUT;
    /**
     * Standard output was closed by its reader ({@code | head}): 128 + 13, the status of a Unix tool ended by
     * {@code SIGPIPE}, so a shell with {@code set -o pipefail} sees what it sees for {@code seq 100000 | head -1}.
     */
    public static final int OUTPUT_CLOSED = 141;

    private ExitCodes() {
    }
}
