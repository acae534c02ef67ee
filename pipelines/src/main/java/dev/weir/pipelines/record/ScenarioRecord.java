package dev.weir.pipelines.record;

/**
 * The record a job file's pipeline reads: a string key, an event time and an integer value. A row of a scenario's
 * element file or of {@code weir run}'s record file is one, and so is what a
 * {@code CaptureProtocol} makes of a decoded event for {@code weir replay --job}.
 */
public final class ScenarioRecord {
    private final String key;
    private final long timestamp;
    private final long value;

    /**
     * @param key the record's key
     * @param timestamp its event time in ms
     * @param value its value
     */
    public ScenarioRecord(final String key, final long timestamp, final long value) {
        this.key = key;
        this.timestamp = timestamp;
        this.value = value;
    }

    /** @return the key */
    public String key() {
        return key;
    }

    /** @return the event time in ms */
    public long timestamp() {
        return timestamp;
    }

    /** @return the value */
    public long value() {
        return value;
    }

    @Override
    public String toString() {
        return "key=" + key + " ts=" + timestamp + " value=" + value;
    }
}
