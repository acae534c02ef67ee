package dev.weir.tools.cli;

import dev.weir.event.Watermarks;
import java.util.Locale;

/**
 * The text of a command's progress line ({@code weir run}, {@code weir replay}: docs/run.md, docs/replay.md),
 * e.g. {@code weir run: 42.5% of 12.3 MB, 108,695 records/s, watermark 1700000123000, ETA 1:05}. Pure
 * functions; thread-safe.
 */
public final class ProgressLine {
    /** ETA when the remaining time cannot be estimated yet. */
    public static final long UNKNOWN = -1;

    private ProgressLine() {
    }

    /**
     * @param label the command, e.g. {@code weir run}
     * @param unit what is counted, e.g. {@code records}
     * @param bytesRead bytes of the input files read so far
     * @param totalBytes bytes of all input files
     * @param perSecond units read a second so far
     * @param watermark the lowest watermark of the window instances, in ms
     * @param etaSeconds seconds until the files are read, or {@link #UNKNOWN}
     * @return the line, without a line terminator
     */
    public static String format(final String label, final String unit, final long bytesRead, final long totalBytes,
            final long perSecond, final long watermark, final long etaSeconds) {
        final double percent = totalBytes <= 0 ? 100 : Math.min(100, bytesRead * 100.0 / totalBytes);
        return String.format(Locale.ROOT, "%s: %.1f%% of %s, %,d %s/s, watermark %s, ETA %s", label, percent, bytes(totalBytes),
                perSecond, unit, Watermarks.format(watermark), duration(etaSeconds));
    }

    /**
     * Estimates the time left from the rate measured so far.
     *
     * @param remainingBytes bytes still to read
     * @param bytesMeasured bytes read in the measured span
     * @param nanosMeasured the measured span
     * @return whole seconds left (rounded up), 0 when nothing remains, or {@link #UNKNOWN} without a rate yet
     */
    public static long etaSeconds(final long remainingBytes, final long bytesMeasured, final long nanosMeasured) {
        if (remainingBytes <= 0) {
            return 0;
        }
        if (bytesMeasured <= 0 || nanosMeasured <= 0) {
            return UNKNOWN;
        }
        return (long) Math.ceil(remainingBytes * (nanosMeasured / 1e9) / bytesMeasured);
    }

    /**
     * @param bytes a size
     * @return it in B, kB, MB or GB (powers of 1000), one decimal above bytes
     */
    public static String bytes(final long bytes) {
        if (bytes < 1_000) {
            return bytes + " B";
        }
        if (bytes < 1_000_000) {
            return String.format(Locale.ROOT, "%.1f kB", bytes / 1e3);
        }
        if (bytes < 1_000_000_000) {
            return String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
        }
        return String.format(Locale.ROOT, "%.1f GB", bytes / 1e9);
    }

    /**
     * @param seconds a duration, or {@link #UNKNOWN}
     * @return {@code m:ss}, {@code h:mm:ss} from an hour on, or {@code --:--} when unknown
     */
    public static String duration(final long seconds) {
        if (seconds < 0) {
            return "--:--";
        }
        if (seconds < 3600) {
            return String.format(Locale.ROOT, "%d:%02d", seconds / 60, seconds % 60);
        }
        return String.format(Locale.ROOT, "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60);
    }
}
