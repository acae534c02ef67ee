package dev.weir.tools.cli;

/** The exit codes of the {@code weir} command. */
public final class ExitCodes {
    /** Success. */
    public static final int OK = 0;
    /** The pipeline failed. */
    public static final int FAILED = 1;
    /** Bad input: options, job file, element file. */
    public static final int BAD_INPUT = 2;
    /**
     * Standard output was closed by its reader ({@code | head}): 128 + 13, the status of a Unix tool ended by
     * {@code SIGPIPE}, so a shell with {@code set -o pipefail} sees what it sees for {@code seq 100000 | head -1}.
     */
    public static final int OUTPUT_CLOSED = 141;

    private ExitCodes() {
    }
}
