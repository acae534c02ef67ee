package dev.weir.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.weir.tools.cli.ExitCodes;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * One in-process run of the {@code weir} command line ({@link WeirCommand#execute}) with
 * {@code System.out} and {@code System.err} captured: they are swapped for buffers during
 * the run and always restored afterwards. Runs are serialised, since the streams are global.
 */
public final class CommandRun {
    private static final Object STREAMS = new Object();
    private static final Pattern CLASS_NAME = Pattern.compile("[A-Za-z]*(Exception|Error)\\b");

    private final List<String> args;
    private final int exitCode;
    private final String out;
    private final String err;

    private CommandRun(final List<String> args, final int exitCode, final String out, final String err) {
        this.args = args;
        this.exitCode = exitCode;
        this.out = out;
        this.err = err;
    }

    /**
     * @param args the command line after {@code weir}
     * @return the exit code and what was printed
     */
    public static CommandRun of(final String... args) {
        synchronized (STREAMS) {
            final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
            final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
            final PrintStream originalOut = System.out;
            final PrintStream originalErr = System.err;
            final int exitCode;
            try (PrintStream out = new PrintStream(outBytes, true, StandardCharsets.UTF_8);
                    PrintStream err = new PrintStream(errBytes, true, StandardCharsets.UTF_8)) {
                System.setOut(out);
                System.setErr(err);
                exitCode = WeirCommand.execute(args);
                out.flush();
                err.flush();
            } finally {
                System.setOut(originalOut);
                System.setErr(originalErr);
            }
            return new CommandRun(List.of(args), exitCode,
                    outBytes.toString(StandardCharsets.UTF_8), errBytes.toString(StandardCharsets.UTF_8));
        }
    }

    /** @return the exit code */
    public int exitCode() {
        return exitCode;
    }

    /** @return everything printed on stdout */
    public String out() {
        return out;
    }

    /** @return everything printed on stderr */
    public String err() {
        return err;
    }

    /** @return stdout split into lines */
    public List<String> outLines() {
        return lines(out);
    }

    /** @return stderr split into lines */
    public List<String> errLines() {
        return lines(err);
    }

    private static List<String> lines(final String text) {
        return text.lines().collect(Collectors.toList());
    }

    /**
     * Asserts bad input: exit code 2 and exactly one line on stderr, {@code weir: } and the
     * message, with no exception or error class names.
     *
     * @param message the line after {@code weir: }
     */
    public void assertBadInput(final String message) {
        assertEquals(ExitCodes.BAD_INPUT, exitCode, this::describe);
        assertEquals(List.of("weir: " + message), errLines(), this::describe);
        assertFalse(CLASS_NAME.matcher(err).find(), this::describe);
    }

    /** @return the command, exit code and both streams, for assertion messages */
    public String describe() {
        return "weir " + String.join(" ", args) + " -> exit " + exitCode + "\n--- stdout:\n" + out + "--- stderr:\n" + err;
    }
}
