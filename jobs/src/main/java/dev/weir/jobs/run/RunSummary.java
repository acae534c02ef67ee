package dev.weir.jobs.run;

import java.util.Locale;

/**
 * What a finished {@code weir run} did, for the summary line on stderr (docs/run.md):
 * {@code weir run: 200000 records read, 2612 late dropped, 0 late to side output, 812 windows
 * fired, 3 checkpoints, 1.84 s, 108,695 records/s}. Immutable.
 */
public final class RunSummary {
    private final long recordsRead;
    private final long lateDropped;
    private final long lateToSideOutput;
    private final long windowsFired;
    private final long checkpoints;
    private final long elapsedNanos;
    private final String results;

    /**
     * @param recordsRead records the sources emitted in this run
     * @param lateDropped late records the window instances dropped
     * @param lateToSideOutput late records sent to the late side output (LATE lines)
     * @param windowsFired window results (FIRE lines)
     * @param checkpoints checkpoints completed in this run
     * @param elapsedNanos from the start of the pipeline to its end
     */
    public RunSummary(final long recordsRead, final long lateDropped, final long lateToSideOutput, final long windowsFired,
            final long checkpoints, final long elapsedNanos) {
        this(recordsRead, lateDropped, lateToSideOutput, windowsFired, checkpoints, elapsedNanos, "windows fired");
    }

    /**
     * @param recordsRead records the sources emitted in this run
     * @param lateDropped late records the window (or join) instances dropped
     * @param lateToSideOutput late records sent to the late side outputs (LATE lines)
     * @param resultLines result lines (FIRE or JOIN lines)
     * @param checkpoints checkpoints completed in this run
     * @param elapsedNanos from the start of the pipeline to its end
     * @param results what the result lines are, in the summary line ({@code windows fired}, {@code pairs joined})
     */
    public RunSummary(final long recordsRead, final long lateDropped, final long lateToSideOutput, final long resultLines,
            final long checkpoints, final long elapsedNanos, final String results) {
        this.results = results;
        this.recordsRead = recordsRead;
        this.lateDropped = lateDropped;
        this.lateToSideOutput = lateToSideOutput;
        this.windowsFired = resultLines;
        this.checkpoints = checkpoints;
        this.elapsedNanos = elapsedNanos;
    }

    /** @return records the sources emitted in this run */
    public long recordsRead() {
        return recordsRead;
    }

    /** @return late records the window instances dropped */
    public long lateDropped() {
        return lateDropped;
    }

    /** @return late records sent to the late side output */
    public long lateToSideOutput() {
        return lateToSideOutput;
    }

    /** @return window results */
    public long windowsFired() {
        return windowsFired;
    }

    /** @return checkpoints completed in this run */
    public long checkpoints() {
        return checkpoints;
    }

    /** @return the run's duration in nanoseconds */
    public long elapsedNanos() {
        return elapsedNanos;
    }

    /**
     * @param recordsRead records read
     * @param elapsedNanos in this many nanoseconds
     * @return records a second, 0 when no time has passed
     */
    public static long recordsPerSecond(final long recordsRead, final long elapsedNanos) {
        return elapsedNanos <= 0 ? 0 : (long) (recordsRead * 1e9 / elapsedNanos);
    }

    /** @return the summary line, without a line terminator */
    public String line() {
        return "weir run: " + counts();
    }

    /** @return the summary line after {@code weir run: }: the counts, the time and the rate */
    public String counts() {
        return String.format(Locale.ROOT, "%d records read, %d late dropped, %d late to side output, %d %s,"
                + " %d checkpoints, %.2f s, %,d records/s", recordsRead, lateDropped, lateToSideOutput, windowsFired, results, checkpoints,
                elapsedNanos / 1e9, recordsPerSecond(recordsRead, elapsedNanos));
    }

    @Override
    public String toString() {
        return line();
    }
}
