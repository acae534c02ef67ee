package dev.weir.tools.cli;

import java.io.PrintStream;

/**
 * Keeps a command's progress line on a terminal: each {@link #show} rewrites it in place
 * with a carriage return, {@link #clear} blanks it so the next output starts on a clean line.
 * The rate of the ETA is measured from the first sample on. The caller decides how often to
 * show (a few times a second). Not thread-safe: one thread shows and clears.
 */
public final class ProgressDisplay {
    private final PrintStream terminal;
    private final String label;
    private final String unit;
    private int shownLength;
    private long firstBytes = -1;
    private long firstNanos;

    /**
     * @param terminal where the line goes, normally stderr
     * @param label the command, e.g. {@code weir run}
     * @param unit what is counted, e.g. {@code records}
     */
    public ProgressDisplay(final PrintStream terminal, final String label, final String unit) {
        this.terminal = terminal;
        this.label = label;
        this.unit = unit;
    }

    /**
     * Rewrites the line.
     *
     * @param bytesRead bytes of the input files read so far
     * @param totalBytes bytes of all input files
     * @param read units read since the run started
     * @param watermark the watermark to show
     * @param elapsedNanos time since the run started, from the run's clock
     */
    public void show(final long bytesRead, final long totalBytes, final long read, final long watermark, final long elapsedNanos) {
        if (firstBytes < 0) {
            firstBytes = bytesRead;
            firstNanos = elapsedNanos;
        }
        final long eta = ProgressLine.etaSeconds(totalBytes - bytesRead, bytesRead - firstBytes, elapsedNanos - firstNanos);
        final long perSecond = elapsedNanos <= 0 ? 0 : (long) (read * 1e9 / elapsedNanos);
        final String line = ProgressLine.format(label, unit, bytesRead, totalBytes, perSecond, watermark, eta);
        // pad with blanks over the rest of a longer previous line
        terminal.print("\r" + line + " ".repeat(Math.max(0, shownLength - line.length())));
        terminal.flush();
        shownLength = line.length();
    }

    /** Blanks the line and returns to its start; nothing when nothing was shown. */
    public void clear() {
        if (shownLength > 0) {
            terminal.print("\r" + " ".repeat(shownLength) + "\r");
            terminal.flush();
            shownLength = 0;
        }
    }
}
