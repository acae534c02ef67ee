package dev.weir.tools;

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
     * @param output the {@code --output} file (created or truncated), or null for standard output
     * @return a writer of the lines
     * @throws java.nio.file.NoSuchFileException if the file's directory does not exist
     * @throws IOException if the file cannot be created
     */
    public static PrintWriter open(final Path output) throws IOException {
        if (output == null) {
            return new PrintWriter(new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), 1 << 16));
        }
        return new PrintWriter(Files.newBufferedWriter(output, StandardCharsets.UTF_8));
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
