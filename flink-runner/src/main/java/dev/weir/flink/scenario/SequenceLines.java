package dev.weir.flink.scenario;

import dev.weir.jobs.scenario.ScenarioLines;
import dev.weir.pipelines.record.ScenarioRecord;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.common.functions.RuntimeContext;

/**
 * Stamps the window operator's output lines ({@link SequencedLine}) in emission order. One
 * instance is chained to the main output ({@code FIRE} lines) and one to the late side output
 * ({@code LATE} lines, or records dropped as late) of each window subtask: both run in the
 * subtask's thread and draw from one counter per subtask attempt, so the stamps follow the order
 * in which the operator emitted. The counters live in the task's JVM for the attempt, found by the
 * run's id; called from one task thread.
 *
 * @param <T> a line ({@code String}) or a late record ({@link ScenarioRecord})
 */
final class SequenceLines<T> extends RichMapFunction<T, SequencedLine> {
    private static final long serialVersionUID = 1L;
    private static final Map<String, AtomicLong> COUNTERS = new ConcurrentHashMap<>();

    private final String runId;
    private final boolean lateRecords;
    private final boolean printLate;
    private transient AtomicLong counter;
    private transient String counterId;
    private transient int subtask;
    private transient int attempt;

    private SequenceLines(final String runId, final boolean lateRecords, final boolean printLate) {
        this.runId = runId;
        this.lateRecords = lateRecords;
        this.printLate = printLate;
    }

    /**
     * @param runId the run's id
     * @return the stamps of the {@code FIRE} lines
     */
    static SequenceLines<String> fires(final String runId) {
        return new SequenceLines<>(runId, false, false);
    }

    /**
     * @param runId the run's id
     * @param printLate the job's {@code sideOutputLateData}: a {@code LATE} line, else a record dropped as late
     * @return the stamps of the late records
     */
    static SequenceLines<ScenarioRecord> late(final String runId, final boolean printLate) {
        return new SequenceLines<>(runId, true, printLate);
    }

    @Override
    public void open(final OpenContext context) {
        final RuntimeContext runtime = getRuntimeContext();
        subtask = runtime.getTaskInfo().getIndexOfThisSubtask();
        attempt = runtime.getTaskInfo().getAttemptNumber();
        counterId = runId + "/" + subtask + "/" + attempt;
        counter = COUNTERS.computeIfAbsent(counterId, id -> new AtomicLong());
    }

    @Override
    public SequencedLine map(final T value) {
        final String line = !lateRecords ? (String) value : printLate ? ScenarioLines.late((ScenarioRecord) value) : null;
        return new SequencedLine(subtask, attempt, counter.incrementAndGet(), line);
    }

    @Override
    public void close() {
        // the first of the two to close ends the attempt's counter; the other has emitted its last line by then
        if (counterId != null) {
            COUNTERS.remove(counterId);
        }
    }
}
