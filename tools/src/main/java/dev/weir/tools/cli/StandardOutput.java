package dev.weir.tools.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * The process's standard output for result lines. Run as its own process ({@code weir}'s main), the lines go
 * straight to file descriptor 1, so a write that fails says why (a reader that has gone, a full
 * disk); run in-process (for tests), they go to {@code System.out},
 * which keeps its errors to itself, and a failed write counts as one that cannot be written.
 */
public final class StandardOutput {
    private static volatile boolean ownsFileDescriptor;

    private StandardOutput() {
    }

    /** The command line runs as its own process: write the lines to file descriptor 1. */
    public static void useFileDescriptor() {
        ownsFileDescriptor = true;
    }

    /** @return an unbuffered stream to standard output */
    static OutputStream stream() {
        return ownsFileDescriptor ? new FileOutputStream(FileDescriptor.out) : new CheckedSystemOut();
    }

    /**
     * @param failure a write to standard output that failed
     * @return true if it failed because nobody reads the pipe any more ({@code EPIPE}), as when
     *     the output goes to {@code head}
     */
    static boolean isClosedPipe(final IOException failure) {
        final String message = failure.getMessage();
        return message != null && message.toLowerCase(java.util.Locale.ROOT).contains("broken pipe");
    }

    /** {@code System.out} as it is at each write, failing the write when the stream records an error. */
    private static final class CheckedSystemOut extends OutputStream {
        @Override
        public void write(final int b) throws IOException {
            System.out.write(b);
            check();
        }

        @Override
        public void write(final byte[] bytes, final int offset, final int length) throws IOException {
            System.out.write(bytes, offset, length);
            check();
        }

        @Override
        public void flush() throws IOException {
            check();
        }

        private static void check() throws IOException {
            // checkError flushes System.out first
            if (System.out.checkError()) {
                throw new IOException("System.out recorded a write error");
            }
        }
    }
}
