package dev.weir.tools;

import dev.weir.files.UnwritableFileException;
import dev.weir.tools.run.OutputFileException;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the result lines of {@code weir run} and {@code weir replay} go: the {@code --output} file, or standard
 * output through a 64 KiB buffer, in UTF-8; and the check, at the end, that every line got there. Stateless.
 */
public final class ResultLines {
    private ResultLines() {
    }

    /**
     * Opens the output in place, so that what is written is there at once (and stays, should the command fail or be
     * killed): a file is created or truncated, a named pipe or device written into; nothing is ever deleted.
     *
     * @param output the {@code --output} file, or null for standard output
     * @return a writer of the lines
     * @throws OutputFileException {@code FILE: cannot create the output file: REASON}, e.g. {@code directory out does
     *     not exist}, if the file cannot be opened
     */
    public static PrintWriter open(final Path output) {
        if (output == null) {
            return new PrintWriter(new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), 1 << 16));
        }
        try {
            return new PrintWriter(Files.newBufferedWriter(output, StandardCharsets.UTF_8));
        } catch (final IOException e) {
            throw new OutputFileException(output.toString(), "cannot create the output file: " + UnwritableFileException.of(output, e).reason());
        }
    }

    /**
     * Flushes the lines; fails with one message, without an exception's class name, if they could not all be written.
     *
     * @param out the writer {@link #open} gave
     * @param output the file it writes, or null for standard output
     * @throws UncheckedIOException {@code cannot write to FILE} (or {@code standard output})
     */
    public static void checkWritten(final PrintWriter out, final Path output) {
        out.flush();
        // System.out is a PrintStream, which keeps its write errors (a closed pipe) to itself
        if (out.checkError() || output == null && System.out.checkError()) {
            final String message = "cannot write to " + (output != null ? output : "standard output");
            throw new UncheckedIOException(message, new IOException(message));
        }
    }
}
