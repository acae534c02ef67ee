package dev.weir.pipelines.scenario;

/** A record of a scenario's element file: a string key, an event time and an integer value. */
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
