package dev.weir.tools.run;

import dev.weir.pipelines.run.RunSummary;
import java.io.PrintStream;

/**
 * Keeps {@code weir run}'s progress line on a terminal: each {@link #show} rewrites it in place
 * with a carriage return, {@link #clear} blanks it so the next output starts on a clean line.
 * The rate of the ETA is measured from the first sample on. The caller decides how often to
 * show (a few times a second). Not thread-safe: one thread shows and clears.
 */
final class ProgressDisplay {
    private final PrintStream terminal;
    private int shownLength;
    private long firstBytes = -1;
    private long firstNanos;

    /** @param terminal where the line goes, normally stderr */
    ProgressDisplay(final PrintStream terminal) {
        this.terminal = terminal;
    }

    /**
     * Rewrites the line.
     *
     * @param bytesRead bytes of the record files read so far
     * @param totalBytes bytes of all record files
     * @param recordsRead records read since the run started
     * @param watermark the lowest watermark of the window instances
     * @param elapsedNanos time since the run started, from the run's clock
     */
    void show(final long bytesRead, final long totalBytes, final long recordsRead, final long watermark, final long elapsedNanos) {
        if (firstBytes < 0) {
            firstBytes = bytesRead;
            firstNanos = elapsedNanos;
        }
        final long eta = ProgressLine.etaSeconds(totalBytes - bytesRead, bytesRead - firstBytes, elapsedNanos - firstNanos);
        final String line = ProgressLine.format(bytesRead, totalBytes, RunSummary.recordsPerSecond(recordsRead, elapsedNanos),
                watermark, eta);
        // pad with blanks over the rest of a longer previous line
        terminal.print("\r" + line + " ".repeat(Math.max(0, shownLength - line.length())));
        terminal.flush();
        shownLength = line.length();
    }

    /** Blanks the line and returns to its start; nothing when nothing was shown. */
    void clear() {
        if (shownLength > 0) {
            terminal.print("\r" + " ".repeat(shownLength) + "\r");
            terminal.flush();
            shownLength = 0;
        }
    }
}
