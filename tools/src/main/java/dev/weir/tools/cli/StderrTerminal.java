package dev.weir.tools.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether the process's standard error is a terminal, where a progress line rewritten in place
 * makes sense (and not a file or a pipe, where it would be noise). Thread-safe.
 */
public final class StderrTerminal {
    private static final Path STDERR = Path.of("/proc/self/fd/2");

    private StderrTerminal() {
    }

    /** @return true if stderr is a terminal */
    public static boolean isTerminal() {
        // System.console() asks about stdin and stdout; the progress line goes to stderr, which
        // stays a terminal when stdout is redirected to a results file
        try {
            final String target = Files.readSymbolicLink(STDERR).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (IOException | UnsupportedOperationException | SecurityException notLinux) {
            return System.console() != null;
        }
    }

    /**
     * @param forced {@code --progress} (true), {@code --no-progress} (false) or neither (null)
     * @param terminal whether stderr is a terminal
     * @return whether to show the progress line
     */
    public static boolean showProgress(final Boolean forced, final boolean terminal) {
        return forced != null ? forced : terminal;
    }
}
