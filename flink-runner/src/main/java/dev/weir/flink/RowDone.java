package dev.weir.flink;

import dev.weir.pipelines.scenario.ScenarioRecord;

/**
 * The marker a two-input scenario job's source sends behind each step ({@link LockStep}): a record
 * with a key no element file has, which the two-input operator acknowledges instead of processing.
 * Stateless.
 */
final class RowDone {
    private static final String KEY = "\u0000row-done";

    private RowDone() {
    }

    /** @return a marker */
    static ScenarioRecord marker() {
        return new ScenarioRecord(KEY, Long.MIN_VALUE, 0);
    }

    /**
     * @param record a record reaching the two-input operator
     * @return whether it is a marker
     */
    static boolean is(final ScenarioRecord record) {
        return KEY.equals(record.key());
    }
}
