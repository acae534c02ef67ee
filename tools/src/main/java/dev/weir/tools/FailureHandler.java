package dev.weir.tools;

import dev.weir.UserInputError;
import dev.weir.offheap.MissingJvmFlagsException;
import dev.weir.codec.input.BadInputException;
import dev.weir.tools.cli.ExitCodes;
import dev.weir.tools.cli.Interruption;
import dev.weir.tools.cli.OutputClosedException;
import picocli.CommandLine;

/**
 * Turns failures into one line on stderr: a user-input error exits 2 with its message alone, a failed pipeline 1
 * with {@code error:} and a pointer to {@code --debug}. A user-input error is a {@link UserInputError} (a bad
 * {@code weir.state.*} property, a java command without the flags the off-heap state or the checkpoints need, a
 * state store over its capacity setting, an engine whose module is not on the class path) or a
 * {@link BadInputException} (a job, element, record or capture file that cannot be used; the input parsers do not
 * depend on the engine, so their base class stands for them), found on the failure itself or one of its causes:
 * a state store fills up inside a task, and the pipeline's failure wraps it. The stack trace is printed only with
 * {@code --debug}. A standard output whose reader has gone ends the command quietly, with
 * {@link ExitCodes#OUTPUT_CLOSED}.
 */
final class FailureHandler implements CommandLine.IExecutionExceptionHandler {
    @Override
    public int handleExecutionException(final Exception error, final CommandLine command, final CommandLine.ParseResult parseResult) {
        if (causedBy(error, OutputClosedException.class)) {
            // the reader of stdout has all it wanted: end quietly, as a Unix tool does on SIGPIPE
            return ExitCodes.OUTPUT_CLOSED;
        }
        if (Interruption.happened()) {
            // stopped by a signal: the interrupted line said so, and the JVM exits with the signal's status
            return ExitCodes.FAILED;
        }
        // the message of a user-input error names the file, flag or setting to correct
        final Throwable userInput = userInputError(error);
        final boolean badInput = userInput != null;
        // the library's advice to use the heap backend, in the command line's terms
        final String hint = userInput instanceof MissingJvmFlagsException ? " (--state heap)" : "";
        command.getErr().println("weir: " + (badInput ? "" : "error: ") + describe(badInput ? userInput : error) + hint);
        if (isDebug(parseResult)) {
            error.printStackTrace(command.getErr());
        } else if (!badInput) {
            command.getErr().println("(run with --debug for the stack trace)");
        }
        command.getErr().flush();
        return badInput ? ExitCodes.BAD_INPUT : ExitCodes.FAILED;
    }

    private static String describe(final Throwable error) {
        return error.getMessage() != null ? error.getMessage() : error.getClass().getSimpleName();
    }

    /** @return the first user-input error of the failure's cause chain (the failure itself first), or null */
    private static Throwable userInputError(final Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof UserInputError || cause instanceof BadInputException) {
                return cause;
            }
        }
        return null;
    }

    private static boolean causedBy(final Throwable error, final Class<? extends Throwable> kind) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (kind.isInstance(cause)) {
                return true;
            }
            for (final Throwable suppressed : cause.getSuppressed()) {
                if (causedBy(suppressed, kind)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean isDebug(final CommandLine.ParseResult parseResult) {
        CommandLine.ParseResult result = parseResult;
        while (result != null) {
            if (result.hasMatchedOption("--debug")) {
                return true;
            }
            result = result.subcommand();
        }
        return false;
    }
}
