package dev.weir.tools;

import picocli.CommandLine;

/** Unknown options and missing arguments: one message, a pointer to help, exit code 2. */
final class UsageErrorHandler implements CommandLine.IParameterExceptionHandler {
    @Override
    public int handleParseException(final CommandLine.ParameterException error, final String[] args) {
        final CommandLine command = error.getCommandLine();
        command.getErr().println("weir: " + error.getMessage());
        command.getErr().println("try '" + command.getCommandSpec().qualifiedName() + " --help'");
        command.getErr().flush();
        return ExitCodes.BAD_INPUT;
    }
}
