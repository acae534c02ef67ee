package dev.weir.flink.scenario;

import dev.weir.pipelines.record.ScenarioRecord;
import java.io.Serializable;

/**
 * One row of a scenario's element file as the Flink source emits it: a record, an explicit
 * watermark, a channel status or the end of a channel's input, with the row's processing time
 * ({@code at}) and channel. Immutable; travels inside the job graph, so it is serializable.
 */
public final class ScenarioElement implements Serializable {
    private static final long serialVersionUID = 1L;

    /** What a row is to the source. */
    public enum Kind {
        /** An {@code R} row: a record with its event time. */
        RECORD,
        /** A {@code W} row: an explicit watermark. */
        WATERMARK,
        /** An {@code I} row: the channel announces IDLE. */
        IDLE,
        /** An {@code A} row: the channel announces ACTIVE. */
        ACTIVE,
        /** An {@code E} row: end of the channel's input. */
        END
    }

    private final long at;
    private final int channel;
    private final Kind kind;
    private final String key;
    private final long timestamp;
    private final long value;
    private final int input;

    private ScenarioElement(final long at, final int channel, final Kind kind, final String key, final long timestamp, final long value) {
        this(at, channel, kind, key, timestamp, value, 0);
    }

    private ScenarioElement(final long at, final int channel, final Kind kind, final String key, final long timestamp, final long value,
            final int input) {
        this.input = input;
        this.at = at;
        this.channel = channel;
        this.kind = kind;
        this.key = key;
        this.timestamp = timestamp;
        this.value = value;
    }

    /**
     * @param at the row's processing time in ms
     * @param channel the row's channel
     * @param key the record's key
     * @param timestamp its event time in ms
     * @param value its value
     * @return an {@code R} row
     */
    public static ScenarioElement record(final long at, final int channel, final String key, final long timestamp, final long value) {
        return new ScenarioElement(at, channel, Kind.RECORD, key, timestamp, value);
    }

    /**
     * @param at the row's processing time in ms
     * @param channel the row's channel
     * @param watermark the watermark in ms
     * @return a {@code W} row
     */
    public static ScenarioElement watermark(final long at, final int channel, final long watermark) {
        return new ScenarioElement(at, channel, Kind.WATERMARK, null, watermark, 0);
    }

    /**
     * @param at the row's processing time in ms
     * @param channel the row's channel
     * @param kind {@link Kind#IDLE}, {@link Kind#ACTIVE} or {@link Kind#END}
     * @return an {@code I}, {@code A} or {@code E} row
     */
    public static ScenarioElement status(final long at, final int channel, final Kind kind) {
        if (kind == Kind.RECORD || kind == Kind.WATERMARK) {
            throw new IllegalArgumentException(kind + " is not a status row");
        }
        return new ScenarioElement(at, channel, kind, null, 0, 0);
    }

    /**
     * @param inputIndex 0 for a two-input job's {@code left} input, 1 for {@code right}
     * @return this row on that input
     */
    public ScenarioElement onInput(final int inputIndex) {
        return new ScenarioElement(at, channel, kind, key, timestamp, value, inputIndex);
    }

    /** @return the row's input: 0 ({@code left}, and every row of a one-input job) or 1 ({@code right}) */
    public int input() {
        return input;
    }

    /** @return the row's processing time ({@code at}) in ms */
    public long at() {
        return at;
    }

    /** @return the row's channel, 0 to channels - 1 */
    public int channel() {
        return channel;
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
