package dev.weir.jobs.scenario;

import dev.weir.pipelines.record.ScenarioRecord;

/**
 * A record of a window join on its way into the window operator: the record and the input it came from, as
 * Flink's join tags both sides before their union. Immutable.
 */
public final class TaggedScenarioRecord {
    private final ScenarioInput input;
    private final ScenarioRecord record;

    /**
     * @param input the input the record came from
     * @param record the record
     */
    public TaggedScenarioRecord(final ScenarioInput input, final ScenarioRecord record) {
        this.input = input;
        this.record = record;
    }

    /** @return the input the record came from */
    public ScenarioInput input() {
        return input;
    }

    /** @return the record */
    public ScenarioRecord record() {
        return record;
    }

    /** @return the record's key */
    public String key() {
        return record.key();
    }

    @Override
    public String toString() {
        return input.id() + " " + record;
    }
}
