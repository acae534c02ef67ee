package dev.weir.jobs.run;

import dev.weir.codec.input.CsvFields;
import dev.weir.codec.input.CsvQuoteException;
import dev.weir.codec.input.DecimalLong;
import dev.weir.codec.input.QuotedText;
import dev.weir.jobs.file.JobSpec;
import dev.weir.pipelines.record.ScenarioRecord;
import dev.weir.source.LineParser;
import java.util.List;

/**
 * Parses a record file's line {@code key,ts,value} (a string key, an event time in ms, an
 * integer value) into a {@link ScenarioRecord}; fields follow the {@link CsvFields} rule
 * (spaces around a field dropped, double quotes for commas or spaces in a key). The header line
 * {@code key,ts,value}, blank lines and lines starting with {@code #} are skipped. A bad line's
 * message names the field and quotes at most {@link QuotedText#MAX_CHARS} characters of it.
 * Immutable and thread-safe.
 */
public final class RecordLineParser implements LineParser<ScenarioRecord> {
    /** The header line a record file may start with. */
    public static final String HEADER = "key,ts,value";

    private static final List<String> FIELDS = List.of("key", "ts", "value");

    private final JobSpec job;

    /** @param job the job the records are for: it checks each record's event time ({@link JobSpec#checkRecordTimestamp}) */
    public RecordLineParser(final JobSpec job) {
        this.job = job;
    }

    @Override
    public ScenarioRecord parse(final CharSequence line) {
        if (CsvFields.isSkipped(line)) {
            return null;
        }
        final List<String> fields;
        try {
            fields = CsvFields.split(line, FIELDS.size());
        } catch (final CsvQuoteException e) {
            throw new RecordFieldException(e.field() < FIELDS.size() ? FIELDS.get(e.field()) : null, e.getMessage());
        }
        if (fields.size() != FIELDS.size()) {
            throw new RecordFieldException(null, "expected 3 fields key,ts,value, got " + fields.size() + ": " + QuotedText.of(line));
        }
        if (fields.equals(FIELDS)) {
            return null;
        }
        final String key = fields.get(0);
        if (key.isEmpty()) {
            throw new RecordFieldException("key", "empty");
        }
        final long timestamp = number(fields.get(1), "ts");
        try {
            job.checkRecordTimestamp(timestamp);
        } catch (final IllegalArgumentException e) {
            throw new RecordFieldException("ts", e.getMessage());
        }
        return new ScenarioRecord(key, timestamp, number(fields.get(2), "value"));
    }

    private static long number(final String field, final String name) {
        try {
            return DecimalLong.parse(field);
        } catch (final NumberFormatException e) {
            throw new RecordFieldException(name, "not an integer: " + QuotedText.of(field));
        }
    }
}
