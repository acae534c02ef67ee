package dev.weir.jobs.scenario;

import dev.weir.api.DataStream;
import dev.weir.api.IntervalJoined;
import dev.weir.operator.OutputTag;
import dev.weir.jobs.file.JobSpec;
import dev.weir.jobs.file.JoinKind;
import dev.weir.jobs.file.JoinSpec;
import dev.weir.pipelines.record.ScenarioRecord;
import dev.weir.runtime.sink.Sink;
import dev.weir.window.WindowOperator;
import java.time.Duration;

/**
 * What a two-input job file's {@code join} section makes of its two inputs' streams, the same for {@code weir
 * scenario} and {@code weir run} (docs/scenarios.md, "Two inputs"): without a join both inputs, keyed, meet in one
 * {@link TwoInputValveLineOperator} (WM and STATUS lines); an interval join keys both and runs the engine's interval
 * join, {@link JoinLineFunction} and {@link WatermarkStampOperator} making JOIN lines, late records of either side
 * to their sinks when asked for; a window join tags both inputs' records, unions them (left first) and keys them
 * into one window operator ({@link ScenarioOperators#windowJoinOperator}).
 */
public final class TwoInputGraph {
    /** The operator of a job without a join. */
    public static final String NO_JOIN = "two-input";
    /** The interval join's operator. */
    public static final String INTERVAL_JOIN = "intervalJoin";
    /** The window join's window operator. */
    public static final String WINDOW_JOIN = WindowOperator.DEFAULT_NAME;

    private static final OutputTag<ScenarioRecord> LEFT_LATE = new OutputTag<>("left-late");
    private static final OutputTag<ScenarioRecord> RIGHT_LATE = new OutputTag<>("right-late");

    private TwoInputGraph() {
    }

    /**
     * @param job a two-input job
     * @return the name of the operator that meets both inputs (and counts late records), in the pipeline's metrics
     */
    public static String operatorName(final JobSpec job) {
        final JoinSpec join = job.join();
        return join == null ? NO_JOIN : join.kind() == JoinKind.INTERVAL ? INTERVAL_JOIN : WINDOW_JOIN;
    }

    /**
     * @param job a two-input job
     * @param left the left input's records, with their watermarks
     * @param right the right input's records, with their watermarks
     * @param leftLate receives the left records an interval join with {@code sideOutputLateData} finds late
     * @param rightLate receives the right records an interval join with {@code sideOutputLateData} finds late
     * @return the job's lines: JOIN lines with their {@code wm=}, or WM and STATUS lines without a join
     */
    public static DataStream<String> lines(final JobSpec job, final DataStream<ScenarioRecord> left, final DataStream<ScenarioRecord> right,
            final Sink<? super ScenarioRecord> leftLate, final Sink<? super ScenarioRecord> rightLate) {
        final JoinSpec join = job.join();
        if (join == null) {
            return left.keyBy(ScenarioRecord::key).connect(right.keyBy(ScenarioRecord::key)).transform(NO_JOIN, TwoInputValveLineOperator::new);
        }
        if (join.kind() == JoinKind.INTERVAL) {
            IntervalJoined<ScenarioRecord, ScenarioRecord, String> joined = left.keyBy(ScenarioRecord::key)
                    .intervalJoin(right.keyBy(ScenarioRecord::key))
                    .between(Duration.ofMillis(join.lowerBoundMillis()), Duration.ofMillis(join.upperBoundMillis()));
            if (join.lowerBoundExclusive()) {
                joined = joined.lowerBoundExclusive();
            }
            if (join.upperBoundExclusive()) {
                joined = joined.upperBoundExclusive();
            }
            if (join.sideOutputLateData()) {
                joined = joined.sideOutputLeftLateData(LEFT_LATE).sideOutputRightLateData(RIGHT_LATE);
            }
            final DataStream<String> pairs = joined.parallelism(job.parallelism()).process(new JoinLineFunction());
            if (join.sideOutputLateData()) {
                pairs.sideOutput(LEFT_LATE, leftLate).sideOutput(RIGHT_LATE, rightLate);
            }
            return pairs.transform("stamp", WatermarkStampOperator::new);
        }
        final DataStream<TaggedScenarioRecord> lefts = left.map(record -> new TaggedScenarioRecord(ScenarioInput.LEFT, record));
        final DataStream<TaggedScenarioRecord> rights = right.map(record -> new TaggedScenarioRecord(ScenarioInput.RIGHT, record));
        return lefts.union(rights)
                .keyBy(TaggedScenarioRecord::key)
                .parallelism(job.parallelism())
                .transform(WINDOW_JOIN, ScenarioOperators.windowJoinOperator(join.window()));
    }
}
