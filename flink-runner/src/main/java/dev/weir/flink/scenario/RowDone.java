package dev.weir.flink.scenario;

import dev.weir.pipelines.record.ScenarioRecord;
import org.apache.flink.runtime.state.KeyGroupRangeAssignment;

/**
 * The markers a two-input scenario job's source sends behind each step ({@link LockStep}): records
 * with keys no element file has, which the operator that meets both inputs acknowledges instead of
 * processing. A keyed operator at parallelism {@code p} gets one marker per subtask, each with a
 * key that Flink's key groups ({@link #MAX_PARALLELISM} of them) send to that subtask, so a step
 * is through once every subtask has acknowledged its marker. Stateless.
 */
final class RowDone {
    /** The key groups of a two-input scenario job (its {@code maxParallelism}), which the markers' keys are chosen for. */
    static final int MAX_PARALLELISM = KeyGroupRangeAssignment.DEFAULT_LOWER_BOUND_MAX_PARALLELISM;

    private static final String KEY = "\u0000row-done";

    private RowDone() {
    }

    /**
     * @param subtasks the parallelism of the operator the markers reach (1 for one that is not keyed)
     * @return a marker per subtask, the one at index {@code i} keyed to subtask {@code i}
     */
    static ScenarioRecord[] markers(final int subtasks) {
        final String[] keys = routingKeys(KEY, subtasks);
        final ScenarioRecord[] markers = new ScenarioRecord[subtasks];
        for (int subtask = 0; subtask < subtasks; subtask++) {
            markers[subtask] = new ScenarioRecord(keys[subtask], Long.MIN_VALUE, 0);
        }
        return markers;
    }

    /**
     * @param prefix what the keys start with
     * @param subtasks the parallelism of the keyed operator the keys reach
     * @return a key per subtask, the one at index {@code i} sent to subtask {@code i} by Flink's key groups
     */
    static String[] routingKeys(final String prefix, final int subtasks) {
        final String[] keys = new String[subtasks];
        int found = 0;
        for (int candidate = 0; found < subtasks; candidate++) {
            final String key = prefix + candidate;
            final int subtask = KeyGroupRangeAssignment.assignKeyToParallelOperator(key, MAX_PARALLELISM, subtasks);
            if (keys[subtask] == null) {
                keys[subtask] = key;
                found++;
            }
        }
        return keys;
    }

    /**
     * @param record a record reaching the operator that meets both inputs
     * @return whether it is a marker
     */
    static boolean is(final ScenarioRecord record) {
        return record.key().startsWith(KEY);
    }
}
