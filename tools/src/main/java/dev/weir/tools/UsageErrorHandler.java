package dev.weir.tools;

import dev.weir.tools.cli.ExitCodes;
import picocli.CommandLine;

/** Unknown options and missing arguments: one message, a pointer to help, exit code 2. */
final class UsageErrorHandler implements CommandLine.IParameterExceptionHandler {
    /** Picocli starts its messages about option groups with this; every other message of the CLI goes without. */
    private static final String PICOCLI_PREFIX = "Error: ";

    @Override
    public int handleParseException(final CommandLine.ParameterException error, final String[] args) {
        final CommandLine command = error.getCommandLine();
        final String message = error.getMessage();
        command.getErr().println("weir: " + (message.startsWith(PICOCLI_PREFIX) ? message.substring(PICOCLI_PREFIX.length()) : message));
        command.getErr().println("try '" + command.getCommandSpec().qualifiedName() + " --help'");
        command.getErr().flush();
        return ExitCodes.BAD_INPUT;
    }
}
