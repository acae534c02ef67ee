package dev.weir.flink.cli;

import dev.weir.tools.WeirCommand;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * One in-process run of the {@code weir} command line with flink-runner on the class path (so
 * {@code --engine flink} finds {@link FlinkEngine}), {@code System.out} and {@code System.err}
 * captured and always restored. Runs are serialised, since the streams are global.
 *
 * @param exitCode the exit code
 * @param out what went to stdout
 * @param err what went to stderr
 */
public record WeirCli(int exitCode, String out, String err) {
    private static final Object STREAMS = new Object();

    /**
     * @param args the command line after {@code weir}
     * @return the exit code and what was printed
     */
    public static WeirCli of(final String... args) {
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
            } finally {
                System.setOut(originalOut);
                System.setErr(originalErr);
            }
            return new WeirCli(exitCode, outBytes.toString(StandardCharsets.UTF_8), errBytes.toString(StandardCharsets.UTF_8));
        }
    }

    /** @return stdout's lines */
    public List<String> lines() {
        return out.isEmpty() ? List.of() : Arrays.asList(out.split("\n", -1)).subList(0, out.split("\n", -1).length - 1);
    }

    /** @return the run for assertion messages */
    public String describe() {
        return "exit " + exitCode + "\n--- stdout\n" + out + "--- stderr\n" + err;
    }
}
