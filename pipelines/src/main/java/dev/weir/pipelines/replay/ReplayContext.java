package dev.weir.pipelines.replay;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * What a replay gives the {@link ReplayJob} it runs: where warnings go, how large an {@link EventPool} must be
 * for the pipeline's rings, and the counter of late records sent to a late side output (for the summary).
 * Thread-safe.
 */
public final class ReplayContext {
    private final ReplayWarnings warnings;
    private final int eventPoolSize;
    private final AtomicLong lateSideOutput = new AtomicLong();
    private volatile Consumer<ResultRow> rows = row -> {
        throw new IllegalStateException("rows are printed only while the replay runs");
    };

    /**
     * @param warnings where decoders' and pipelines' warnings go
     * @param eventPoolSize the size of every event pool (a power of two)
     */
    public ReplayContext(final ReplayWarnings warnings, final int eventPoolSize) {
        if (eventPoolSize <= 0 || Integer.bitCount(eventPoolSize) != 1) {
            throw new IllegalArgumentException("an event pool's size must be a power of two: " + eventPoolSize);
        }
        this.warnings = warnings;
        this.eventPoolSize = eventPoolSize;
    }

    /** @return where warnings go */
    public ReplayWarnings warnings() {
        return warnings;
    }

    /** @return the size an {@link EventPool} of this replay must have */
    public int eventPoolSize() {
        return eventPoolSize;
    }

    /** Counts one record that reached a late side output; called from the window's task thread. */
    public void lateRecord() {
        lateSideOutput.incrementAndGet();
    }

    /**
     * Prints a row beside the job's result stream, in the order of the calls (a job file's LATE lines, from its
     * late side output). Called from a task thread while the replay runs.
     *
     * @param row the row
     */
    public void sideRow(final ResultRow row) {
        rows.accept(row);
    }

    void rowsTo(final Consumer<ResultRow> printer) {
        rows = printer;
    }

    /** @return records counted by {@link #lateRecord()} */
    public long lateSideOutput() {
        return lateSideOutput.get();
    }
}
