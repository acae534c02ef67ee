package dev.weir.tools.cli;

import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * What a running command does when the process is asked to stop (SIGTERM, or SIGINT from Ctrl-C): the JVM
 * runs this hook before it exits, and the hook stops the result lines (every line written so far is flushed,
 * none after; {@link ResultWriter#stop()}), then prints one line on stderr, {@code weir run: interrupted: }
 * and the summary so far. The JVM then exits with 128 plus the signal's number (143, 130). Closing it
 * removes the hook once the command has ended by itself.
 */
public final class Interruption implements AutoCloseable {
    private static final AtomicBoolean HAPPENED = new AtomicBoolean();

    private final Thread hook;

    private Interruption(final Thread hook) {
        this.hook = hook;
    }

    /**
     * @param command the command's name, e.g. {@code weir run}
     * @param out its result lines
     * @param beforeSummary what to do on stderr first (blank the progress line), or null
     * @param summary the summary so far, without the command's name
     * @return the registered hook; close it when the command ends
     */
    public static Interruption register(final String command, final ResultWriter out, final Runnable beforeSummary,
            final Supplier<String> summary) {
        final PrintStream err = System.err;
        final Thread hook = new Thread(() -> {
            HAPPENED.set(true);
            out.stop();
            if (beforeSummary != null) {
                beforeSummary.run();
            }
            err.println(command + ": interrupted: " + summary.get());
            err.flush();
        }, "weir-interrupted");
        Runtime.getRuntime().addShutdownHook(hook);
        return new Interruption(hook);
    }

    /**
     * @return true once a command's hook has run: the process is stopping, and what fails now (the off-heap
     *     state closed under a running pipeline, say) is a consequence of the signal, not news for stderr
     */
    public static boolean happened() {
        return HAPPENED.get();
    }

    /**
     * The command ended by itself: the hook is not needed any more.
     *
     * @return false if the JVM is shutting down already: the hook owns the rest of the output, and the command
     *     prints no summary of its own
     */
    public boolean ended() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
            return true;
        } catch (final IllegalStateException shuttingDown) {
            return false;
        }
    }

    /** Removes the hook if it is still registered (after a failure, say). */
    @Override
    public void close() {
        ended();
    }
}
