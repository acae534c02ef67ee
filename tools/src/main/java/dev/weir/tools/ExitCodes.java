package dev.weir.tools;

/** The exit codes of the {@code weir} command. */
public final class ExitCodes {
    /** Success. */
    public static final int OK = 0;
    /** The pipeline failed. */
    public static final int FAILED = 1;
    /** Bad input: options, job file, element file. */
    public static final int BAD_INPUT = 2;

    private ExitCodes() {
    }
}
