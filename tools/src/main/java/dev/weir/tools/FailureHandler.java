package dev.weir.tools;

import dev.weir.checkpoint.CheckpointFlagException;
import dev.weir.offheap.MissingJvmFlagsException;
import dev.weir.offheap.StateCapacityException;
import dev.weir.offheap.StateSettingException;
import dev.weir.pipelines.input.BadInputException;
import dev.weir.tools.cli.ExitCodes;
import dev.weir.tools.cli.Interruption;
import dev.weir.tools.cli.OutputClosedException;
import dev.weir.tools.engine.EngineUnavailableException;
import picocli.CommandLine;

/**
 * Turns failures into one line on stderr: bad input (and a java command without the flags the
 * off-heap state needs, a bad {@code weir.state.*} system property, a state store over its capacity
 * setting, or an engine whose module is not on the class path) exits 2, a failed pipeline 1. The stack trace is printed only with
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
        // a java command without Weir's flags (for the off-heap state or for checkpoint files), a bad
        // weir.state.* property or a state over its cap is a usage error: the message names the
        // flags to add or the setting to correct
        final boolean badInput = error instanceof BadInputException || error instanceof MissingJvmFlagsException
                || error instanceof StateSettingException || error instanceof CheckpointFlagException || isCapacity(error)
                || error instanceof EngineUnavailableException;
        // the library's advice to use the heap backend, in the command line's terms
        final String hint = error instanceof MissingJvmFlagsException ? " (--state heap)" : "";
        command.getErr().println("weir: " + (badInput ? "" : "error: ") + describe(error) + hint);
        if (isDebug(parseResult)) {
            error.printStackTrace(command.getErr());
        } else if (!badInput) {
            command.getErr().println("(run with --debug for the stack trace)");
        }
        command.getErr().flush();
        return badInput ? ExitCodes.BAD_INPUT : ExitCodes.FAILED;
    }

    private static String describe(final Exception error) {
        final Throwable capacity = capacity(error);
        if (capacity != null) {
            return capacity.getMessage();
        }
        return error.getMessage() != null ? error.getMessage() : error.getClass().getSimpleName();
    }

    /** A full state store is a setting to raise (its message says which), not a crash: a usage error. */
    private static boolean isCapacity(final Exception error) {
        return capacity(error) != null;
    }

    private static Throwable capacity(final Exception error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof StateCapacityException) {
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
