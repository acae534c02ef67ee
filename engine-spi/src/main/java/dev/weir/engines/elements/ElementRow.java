package dev.weir.engines.elements;

import dev.weir.jobs.scenario.ScenarioInput;

/** One validated row of an element file; a mutable flyweight the reader refills per row. */
public final class ElementRow {
    int line;
    long atMillis;
    ScenarioInput input;
    int channel;
    ElementKind kind;
    String key;
    long timestamp;
    long value;

    /** @return the 1-based line of the row */
    public int line() {
        return line;
    }

    /** @return the processing time of the row */
    public long atMillis() {
        return atMillis;
    }

    /** @return the input of a two-input job's row ({@code input} column), or null for a one-input job */
    public ScenarioInput input() {
        return input;
    }

    /** @return the channel (within its input, for a two-input job) */
    public int channel() {
        return channel;
    }

    /** @return the row kind */
    public ElementKind kind() {
        return kind;
    }

    /** @return the key (R rows) */
    public String key() {
        return key;
    }

    /** @return the event time (R rows) or the watermark (W rows) */
    public long timestamp() {
        return timestamp;
    }

    /** @return the value (R rows) */
    public long value() {
        return value;
    }
}
