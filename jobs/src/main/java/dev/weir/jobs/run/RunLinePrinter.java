package dev.weir.jobs.run;

import dev.weir.pipelines.replay.ResultRow;
import dev.weir.pipelines.replay.RowPrinter;
import dev.weir.pipelines.replay.RowSchema;
import dev.weir.pipelines.replay.RowWriter;
import dev.weir.jobs.scenario.ScenarioLines;
import dev.weir.pipelines.record.ScenarioRecord;
import dev.weir.jobs.scenario.WindowResult;

/**
 * Turns the results of {@code weir run} into the lines of one {@link RunFormat}, with {@link RowPrinter} for the
 * rows of {@code csv}, {@code jsonl} and {@code lines}. The checkpoint marks and the closing count stay meaningful
 * in each: a comment line ({@code # checkpoint 7}, {@code # lateDropped=0}) in {@code lines}, {@code csv} and
 * {@code fire}, a JSON object ({@code {"checkpoint":7}}, {@code {"lateDropped":0}}) in {@code jsonl}. Not
 * thread-safe: each window instance has its own.
 */
public final class RunLinePrinter {
    /** The columns of a CSV row: FIRE rows leave {@code ts} and {@code value} empty, LATE rows the window's. */
    private static final RowSchema CSV = RowSchema.of("result", "key", "window_start", "window_end", "count", "sum", "ts", "value");
    private static final RowSchema LINES_FIRE = RowSchema.of("key", "window", "count", "sum");
    private static final RowSchema LINES_LATE = RowSchema.of("key", "ts", "value");
    private static final RowSchema JSON_FIRE = RowSchema.of("result", "key", "window_start", "window_end", "count", "sum");
    private static final RowSchema JSON_LATE = RowSchema.of("result", "key", "ts", "value");

    private final RunFormat format;
    private final RowPrinter fire;
    private final RowPrinter late;
    private WindowResult result;
    private ScenarioRecord record;
    private final ResultRow fireRow = this::writeFire;
    private final ResultRow lateRow = this::writeLate;

    /** @param format the output format */
    public RunLinePrinter(final RunFormat format) {
        this.format = format;
        switch (format) {
            case CSV -> {
                fire = new RowPrinter(format.rows(), CSV);
                late = fire;
            }
            case JSONL -> {
                fire = new RowPrinter(format.rows(), JSON_FIRE);
                late = new RowPrinter(format.rows(), JSON_LATE);
            }
            default -> {
                fire = new RowPrinter(format.rows(), LINES_FIRE);
                late = new RowPrinter(format.rows(), LINES_LATE);
            }
        }
    }

    /** @return the line before the results ({@code csv}'s header), or null */
    public String header() {
        return format == RunFormat.CSV ? fire.header() : null;
    }

    /**
     * @param fired a window result
     * @return its line
     */
    public String fire(final WindowResult fired) {
        if (format == RunFormat.FIRE) {
            return fired.fireLine();
        }
        result = fired;
        final String line = fire.line(fireRow);
        return format == RunFormat.LINES ? "FIRE " + line : line;
    }

    /**
     * @param lateRecord a record sent to the late side output
     * @return its line
     */
    public String late(final ScenarioRecord lateRecord) {
        if (format == RunFormat.FIRE) {
            return ScenarioLines.late(lateRecord);
        }
        record = lateRecord;
        final String line = late.line(lateRow);
        return format == RunFormat.LINES ? "LATE " + line : line;
    }

    /**
     * @param checkpointId a durable checkpoint
     * @return its mark
     */
    public String checkpoint(final long checkpointId) {
        return format == RunFormat.JSONL ? "{\"checkpoint\":" + checkpointId + "}" : RecordFileJob.CHECKPOINT_MARK + checkpointId;
    }

    /**
     * @param lateDropped the late records dropped
     * @return the closing line
     */
    public String lateDropped(final long lateDropped) {
        return format == RunFormat.JSONL ? "{\"lateDropped\":" + lateDropped + "}" : ScenarioLines.summary(lateDropped);
    }

    private void writeFire(final RowWriter row) {
        if (format == RunFormat.CSV || format == RunFormat.JSONL) {
            row.text("FIRE").text(result.key()).number(result.windowStart()).number(result.windowEnd()).number(result.count());
        } else {
            row.text(result.key()).text(result.window().toString()).number(result.count());
        }
        // a sum beyond 64 bits is written as its digits: a JSON string, plain digits in CSV and lines
        if (result.sumFitsLong()) {
            row.number(result.sum());
        } else {
            row.text(result.sumText());
        }
        if (format == RunFormat.CSV) {
            row.text("").text("");
        }
    }

    private void writeLate(final RowWriter row) {
        if (format == RunFormat.CSV) {
            row.text("LATE").text(record.key()).text("").text("").text("").text("");
        } else if (format == RunFormat.JSONL) {
            row.text("LATE").text(record.key());
        } else {
            row.text(record.key());
        }
        row.number(record.timestamp()).number(record.value());
    }
}
