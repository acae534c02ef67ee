package dev.weir.flink;

import dev.weir.pipelines.scenario.ScenarioRecord;
import java.io.Serializable;

/**
 * One row of a scenario's element file as the Flink source emits it: a record, an explicit
 * watermark or the end of input. Immutable; travels inside the job graph, so it is serializable.
 */
public final class ScenarioElement implements Serializable {
    private static final long serialVersionUID = 1L;

    /** What a row is to the source. */
    public enum Kind {
        /** An {@code R} row: a record with its event time. */
        RECORD,
        /** A {@code W} row: an explicit watermark. */
        WATERMARK,
        /** An {@code E} row: end of input. */
        END
    }

    private final Kind kind;
    private final String key;
    private final long timestamp;
    private final long value;

    private ScenarioElement(final Kind kind, final String key, final long timestamp, final long value) {
        this.kind = kind;
        this.key = key;
        this.timestamp = timestamp;
        this.value = value;
    }

    /**
     * @param key the record's key
     * @param timestamp its event time in ms
     * @param value its value
     * @return an {@code R} row
     */
    public static ScenarioElement record(final String key, final long timestamp, final long value) {
        return new ScenarioElement(Kind.RECORD, key, timestamp, value);
    }

    /**
     * @param watermark the watermark in ms
     * @return a {@code W} row
     */
    public static ScenarioElement watermark(final long watermark) {
        return new ScenarioElement(Kind.WATERMARK, null, watermark, 0);
    }

    /** @return an {@code E} row */
    public static ScenarioElement end() {
        return new ScenarioElement(Kind.END, null, 0, 0);
    }

    /** @return the row kind */
    public Kind kind() {
        return kind;
    }

    /** @return the event time (records) or the watermark (watermarks), in ms */
    public long timestamp() {
        return timestamp;
    }

    /** @return the record this row carries; only for {@link Kind#RECORD} */
    public ScenarioRecord toRecord() {
        return new ScenarioRecord(key, timestamp, value);
    }
}
