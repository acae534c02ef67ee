package dev.weir.pipelines.run;

import dev.weir.pipelines.job.JobSpec;
import dev.weir.pipelines.scenario.ScenarioRecord;
import dev.weir.source.LineParser;

/**
 * Parses a record file's line {@code key,ts,value} (a string key, an event time in ms, an
 * integer value) into a {@link ScenarioRecord}; the header line {@code key,ts,value}, blank
 * lines and lines starting with {@code #} are skipped. A bad line's message names the field.
 * Immutable and thread-safe.
 */
public final class RecordLineParser implements LineParser<ScenarioRecord> {
    /** The header line a record file may start with. */
    public static final String HEADER = "key,ts,value";

    private final JobSpec job;

    /** @param job the job the records are for: it checks each record's event time ({@link JobSpec#checkRecordTimestamp}) */
    public RecordLineParser(final JobSpec job) {
        this.job = job;
    }

    @Override
    public ScenarioRecord parse(final CharSequence line) {
        final String text = line.toString();
        if (text.isBlank() || text.startsWith("#") || text.equals(HEADER)) {
            return null;
        }
        final int firstComma = text.indexOf(',');
        final int secondComma = firstComma < 0 ? -1 : text.indexOf(',', firstComma + 1);
        if (secondComma < 0 || text.indexOf(',', secondComma + 1) >= 0) {
            throw new RecordFieldException(null, "expected 3 fields key,ts,value, got '" + text + "'");
        }
        final String key = text.substring(0, firstComma);
        if (key.isEmpty()) {
            throw new RecordFieldException("key", "empty");
        }
        final long timestamp = number(text.substring(firstComma + 1, secondComma), "ts");
        try {
            job.checkRecordTimestamp(timestamp);
        } catch (final IllegalArgumentException e) {
            throw new RecordFieldException("ts", e.getMessage());
        }
        return new ScenarioRecord(key, timestamp, number(text.substring(secondComma + 1), "value"));
    }

    private static long number(final String field, final String name) {
        try {
            return Long.parseLong(field.trim());
        } catch (final NumberFormatException e) {
            throw new RecordFieldException(name, "not an integer: '" + field + "'");
        }
    }
}
