package dev.weir.pipelines.replay;

import dev.weir.runtime.sink.Sink;
import java.util.function.Consumer;

/**
 * The sink of a replay's rows: prints each row as it comes, the header (CSV only) once before
 * the first. One sink for the pipeline, so the rows of all instances share one printer; a replay
 * also writes the header itself ({@link #header()}) when it is due before any row, or at the end
 * of a replay that printed none. Thread-safe: the lines go out from one thread at a time.
 */
public final class PrintedRows implements Sink<ResultRow> {
    private final RowPrinter printer;
    private final Consumer<String> lines;
    private long rows;
    private boolean headerWritten;

    /**
     * @param printer formats the header and the rows
     * @param lines receives the header, then one line per row
     */
    public PrintedRows(final RowPrinter printer, final Consumer<String> lines) {
        this.printer = printer;
        this.lines = lines;
    }

    /** Prints the row, after the header if it was not written yet. */
    @Override
    public synchronized void accept(final ResultRow row, final long timestamp) {
        header();
        lines.accept(printer.line(row));
        rows++;
    }

    /** Writes the header (CSV only) unless it was written already. */
    public synchronized void header() {
        if (!headerWritten) {
            headerWritten = true;
            final String header = printer.header();
            if (header != null) {
                lines.accept(header);
            }
        }
    }

    /** @return the rows printed so far */
    public synchronized long rows() {
        return rows;
    }
}
