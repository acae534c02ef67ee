package dev.weir.engines.command;

/** The exit codes a {@link CommandContribution}'s command returns, those of every {@code weir} command. */
public final class CommandExitCodes {
    /** Success. */
    public static final int OK = 0;
    /** The run failed. */
    public static final int FAILED = 1;
    /** Bad input: options, job file, element file. */
    public static final int BAD_INPUT = 2;

    private CommandExitCodes() {
    }
}
