package dev.weir.tools.cli;

import dev.weir.files.UnwritableFileException;
import java.io.BufferedWriter;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The result lines of a command, on their way to the {@code --output} file or standard output through a 64 KiB
 * buffer, in UTF-8. Each line is written whole: after {@link #stop()} (the process is being shut down by a signal)
 * every line written so far is flushed and later ones are dropped, so the output never ends in half a line.
 * {@link #sync()} makes the lines written so far durable before a checkpoint that covers them is acknowledged.
 * A write that fails fails the caller: {@link OutputClosedException} when nobody reads standard output any more,
 * {@code cannot write to FILE} otherwise; later lines are dropped. Thread-safe (one lock).
 */
public final class ResultWriter implements AutoCloseable {
    private static final int BUFFER_CHARS = 1 << 16;

    private final Writer writer;
    private final FileChannel channel;
    private final String name;
    private final boolean standardOutput;
    private final boolean flushEachLine;
    private RuntimeException failure;
    private String header;
    private boolean stopped;
    private boolean unsynced;
    private boolean syncable;

    private ResultWriter(final Writer writer, final FileChannel channel, final String name, final boolean standardOutput,
            final boolean flushEachLine) {
        this.writer = writer;
        this.channel = channel;
        this.name = name;
        this.standardOutput = standardOutput;
        this.flushEachLine = flushEachLine;
        this.syncable = channel != null;
    }

    /**
     * @param output the {@code --output} file (created or truncated; flushed after every line), or null for
     *     standard output (flushed when the buffer is full, at checkpoints and at the end)
     * @return the writer
     * @throws OutputFileException if the file cannot be opened, with the reason
     * @throws IOException if standard output cannot be reached
     */
    public static ResultWriter open(final Path output) throws IOException {
        return open(output, output != null);
    }

    /**
     * Opens the output in place, so that what is written is there at once (and stays, should the command fail or be
     * killed): a file is created or truncated, a named pipe or device written into; nothing is ever deleted.
     *
     * @param output the {@code --output} file (created or truncated), or null for standard output
     * @param flushEachLine whether every line is flushed as it is written
     * @return the writer
     * @throws OutputFileException {@code FILE: cannot create the output file: REASON}, e.g. {@code directory out does
     *     not exist}, if the file cannot be opened
     * @throws IOException if standard output cannot be reached
     */
    public static ResultWriter open(final Path output, final boolean flushEachLine) throws IOException {
        if (output == null) {
            final java.io.OutputStream stream = StandardOutput.stream();
            final FileChannel channel = stream instanceof FileOutputStream ? ((FileOutputStream) stream).getChannel() : null;
            return new ResultWriter(new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), BUFFER_CHARS), channel,
                    "standard output", true, flushEachLine);
        }
        final FileOutputStream stream;
        try {
            stream = new FileOutputStream(output.toFile());
        } catch (final IOException e) {
            throw new OutputFileException(output.toString(), "cannot create the output file: " + UnwritableFileException.of(output, e).reason());
        }
        return new ResultWriter(new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), BUFFER_CHARS),
                stream.getChannel(), output.toString(), false, flushEachLine);
    }

    /**
     * @param firstLine a line that goes out before the first line written (a CSV header), so that a command
     *     refused before it prints anything prints no header either
     */
    public synchronized void headerBeforeFirstLine(final String firstLine) {
        this.header = firstLine;
    }

    /**
     * @param line a line, without its line separator
     * @throws OutputClosedException if nobody reads standard output any more
     * @throws UncheckedIOException {@code cannot write to FILE} (or {@code standard output})
     */
    public synchronized void line(final String line) {
        write(line, true);
    }

    /**
     * @param text text written as it is (a report of several lines, ending in its own line separator)
     * @throws OutputClosedException if nobody reads standard output any more
     * @throws UncheckedIOException {@code cannot write to FILE} (or {@code standard output})
     */
    public synchronized void text(final String text) {
        write(text, false);
    }

    private void write(final String text, final boolean newLine) {
        if (stopped || failure != null) {
            return;
        }
        try {
            if (header != null) {
                writer.write(header);
                writer.write('\n');
                header = null;
            }
            writer.write(text);
            if (newLine) {
                writer.write('\n');
            }
            unsynced = true;
            if (flushEachLine) {
                writer.flush();
            }
        } catch (final IOException e) {
            throw failed(e);
        }
    }

    /**
     * Flushes the lines written so far.
     *
     * @throws OutputClosedException if nobody reads standard output any more
     * @throws UncheckedIOException if they cannot be written
     */
    public synchronized void flush() {
        if (stopped || failure != null) {
            return;
        }
        try {
            writer.flush();
        } catch (final IOException e) {
            throw failed(e);
        }
    }

    /**
     * Makes every line written so far as durable as a checkpoint: flushed, and forced to disk when the output is
     * a file (the {@code --output} file, or standard output redirected to one; a pipe or a terminal has nothing to
     * force). Called before a checkpoint that covers the lines is acknowledged, so a checkpoint never outlives
     * the results it covers. After {@link #stop()} it does not return: a checkpoint that would cover lines that
     * are no longer written must not complete.
     *
     * @throws OutputClosedException if nobody reads standard output any more
     * @throws UncheckedIOException if the lines cannot be written
     */
    public synchronized void sync() {
        while (stopped) {
            try {
                wait();
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while the output stops", e);
            }
        }
        if (failure != null || !unsynced) {
            return;
        }
        flush();
        if (syncable) {
            try {
                channel.force(false);
            } catch (final IOException notAFile) {
                // a pipe, a terminal or a device: nothing on disk to force, and nothing more to try
                syncable = false;
            }
        }
        unsynced = false;
    }

    /** The process is shutting down: flushes every line written so far and drops every later one. Idempotent. */
    public synchronized void stop() {
        if (stopped) {
            return;
        }
        try {
            if (failure == null) {
                writer.flush();
            }
        } catch (final IOException e) {
            failure = failure(e);
        } finally {
            stopped = true;
        }
    }

    /**
     * Flushes the lines; fails with one message, without an exception's class name, if they could not all be
     * written.
     *
     * @throws OutputClosedException if nobody reads standard output any more
     * @throws UncheckedIOException {@code cannot write to FILE} (or {@code standard output})
     */
    public synchronized void checkWritten() {
        flush();
        if (failure != null) {
            throw failure;
        }
    }

    /** Closes the file or lets go of standard output; lines not yet flushed are flushed first unless the output stopped. */
    @Override
    public synchronized void close() {
        try {
            if (!stopped && failure == null) {
                writer.flush();
            }
            if (!standardOutput) {
                writer.close();
            }
        } catch (final IOException e) {
            if (failure == null) {
                failure = failure(e);
            }
        }
    }

    private RuntimeException failed(final IOException e) {
        if (failure == null) {
            failure = failure(e);
        }
        return failure;
    }

    private RuntimeException failure(final IOException e) {
        if (standardOutput && StandardOutput.isClosedPipe(e)) {
            return new OutputClosedException();
        }
        final String message = "cannot write to " + name;
        return new UncheckedIOException(message, new IOException(message, e));
    }
}
