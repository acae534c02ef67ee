package dev.weir.flink.scenario;

import dev.weir.flink.window.FlinkTriggers;
import dev.weir.jobs.file.JobSpec;
import dev.weir.jobs.file.JoinKind;
import dev.weir.jobs.file.TriggerSpec;
import dev.weir.jobs.file.WindowSpec;
import dev.weir.jobs.scenario.ScenarioInput;
import dev.weir.jobs.scenario.ScenarioLines;
import dev.weir.pipelines.record.ScenarioRecord;
import dev.weir.jobs.scenario.TaggedScenarioRecord;
import dev.weir.jobs.scenario.WindowJoinFunction;
import dev.weir.clock.NanoClock;
import dev.weir.clock.SystemNanoClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.DataStreamUtils;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.util.OutputTag;

/**
 * A job file (docs/scenarios.md) as a Flink job with Flink's own window operators: the scenario's
 * rows from a {@link ScenarioSource}, Flink's watermark generators, {@code keyBy(key).window(...)}
 * with Flink's assigner and trigger, {@code allowedLateness}, {@code sideOutputLateData}, and a
 * window function that prints Weir's {@code FIRE} line ({@link FireLines}); a two-input job (docs/scenarios.md,
 * "Two inputs") as two sources taking turns into Flink's interval join, Flink's window operator over their
 * union (a window join) or a two-input operator. What this layer cannot translate is refused by
 * {@link #check} with the section and the reason (docs/flink.md). Stateless.
 */
public final class FlinkScenario {
    /** The clock of the stop deadline: the JVM's monotonic clock, read through the engine's. */
    private static final NanoClock CLOCK = SystemNanoClock.INSTANCE;
    private static final String JOB_NAME = "weir scenario";
    /** How long a job whose channel never ends may take to have all its tasks running, so it can be stopped. */
    private static final Duration STOP_DEADLINE = Duration.ofSeconds(60);
    private static final Duration STOP_RETRY = Duration.ofMillis(20);

    private FlinkScenario() {
    }

    /**
     * Refuses what this layer does not translate, before anything runs.
     *
     * @param job a parsed job file
     * @param jobFile its name, for messages
     * @throws ScenarioRefusedException naming the section and the reason
     */
    public static void check(final JobSpec job, final String jobFile) {
        if (job.isTwoInput()) {
            if (job.join() != null && job.join().kind() == JoinKind.WINDOW) {
                checkTrigger(job.join().window(), jobFile, "join.window.trigger");
            }
            return;
        }
        final WindowSpec window = job.window();
        if (window == null) {
            throw new ScenarioRefusedException(jobFile, 0, "window", "a job without a window prints what leaves the valve (WM and"
                    + " STATUS lines), which Flink's API does not expose");
        }
        checkTrigger(window, jobFile);
    }

    static void checkTrigger(final WindowSpec window, final String jobFile) {
        checkTrigger(window, jobFile, "window.trigger");
    }

    private static void checkTrigger(final WindowSpec window, final String jobFile, final String field) {
        final TriggerSpec trigger = window.trigger();
        if (trigger == null) {
            return;
        }
        if (trigger.kind() == TriggerSpec.Kind.PROCESSING_TIME) {
            throw new ScenarioRefusedException(jobFile, 0, field, FlinkTriggers.PROCESSING_TIME);
        }
        if (trigger.kind() == TriggerSpec.Kind.CONTINUOUS_EVENT_TIME) {
            final String differs = FlinkTriggers.continuousDiffers(window.kind(), window.sizeMillis(), trigger.parameter());
            if (differs != null) {
                throw new ScenarioRefusedException(jobFile, 0, field, differs);
            }
        }
    }

    /**
     * Runs a checked job over its rows on a Flink environment: the source at parallelism 1, the
     * window at the job's {@code parallelism}. The {@code FIRE} and {@code LATE} lines go to
     * {@code lines} once the job is over, each key's in the order its window subtask emitted them
     * (a two-input job's {@code JOIN}, {@code LATE}, {@code WM} and {@code STATUS} lines in Weir's
     * order, {@link #runTwoInputs}). When every channel has an {@code E} row, event time ends
     * (MAX); otherwise a channel never ends, as on Weir: once every row is processed the job is
     * stopped with a savepoint without draining, so no MAX watermark fires the windows still open.
     * The environment must run the job in this JVM (a local environment or a MiniCluster), where
     * the sinks hand the lines over.
     *
     * @param job a job that passed {@link #check}
     * @param elements the rows of every channel ({@link ScenarioElementFile#elements})
     * @param env where the job runs
     * @param lines receives the lines
     * @return the number of records dropped as late (the closing {@code # lateDropped=N})
     * @throws Exception if Flink fails to run the job
     */
    public static long run(final JobSpec job, final List<ScenarioElement> elements, final StreamExecutionEnvironment env,
            final Consumer<String> lines) throws Exception {
        if (job.isTwoInput()) {
            return runTwoInputs(job, elements, env, lines);
        }
        env.setParallelism(1);
        // no wall-clock watermarks: the source drives Flink's generators on the scenario's processing time (ChannelWatermarks)
        env.getConfig().setAutoWatermarkInterval(0);
        final LineBoard board = LineBoard.open();
        try {
            final TypeInformation<ScenarioRecord> type = TypeInformation.of(ScenarioRecord.class);
            final DataStream<ScenarioRecord> records = env.fromSource(new ScenarioSource(elements, board.id(), job.watermarks(), job.channels()),
                    WatermarkStrategy.noWatermarks(), "scenario elements", type);
            final KeyedStream<ScenarioRecord, String> keyed = records.keyBy(ScenarioRecord::key, Types.STRING);
            final OutputTag<ScenarioRecord> late = new OutputTag<>("late", type);
            // the window at the job's parallelism, each subtask's sinks chained to it: a key's lines keep the operator's order
            final int parallelism = job.parallelism();
            final SingleOutputStreamOperator<String> fires = JobWindow.fires(keyed, job.window(), late).setParallelism(parallelism);
            fires.sinkTo(BoardSink.lines(board)).setParallelism(parallelism).name("FIRE lines");
            final DataStream<ScenarioRecord> lateRecords = fires.getSideOutput(late);
            if (job.window().sideOutputLateData()) {
                lateRecords.map(ScenarioLines::late, Types.STRING).setParallelism(parallelism)
                        .sinkTo(BoardSink.lines(board)).setParallelism(parallelism).name("LATE lines");
            } else {
                // without a side output Flink drops them and counts numLateRecordsDropped; the side output is the same set of records
                lateRecords.sinkTo(BoardSink.droppedLate(board)).setParallelism(parallelism).name("late records dropped");
            }
            if (everyChannelEnds(elements, job.channels())) {
                env.execute(JOB_NAME);
            } else {
                runWithoutEnd(env, board);
            }
            board.lines().forEach(lines);
            return board.lateDropped();
        } finally {
            board.close();
        }
    }

    /**
     * A two-input job: a source per input over the same rows, taking turns ({@link LockStep}), into
     * Flink's interval join ({@link ScenarioIntervalJoin}), Flink's window operator over the union of
     * both inputs (a window join, {@link #windowJoin}) or, without {@code join}, a two-input operator
     * printing the combined watermark and status ({@link ValveLinesOperator}). The join runs at the
     * job's parallelism; without a join, as on Weir, the one operator prints the lines. Each source
     * step is followed by a marker per subtask of the operator, which lets the next step go once every
     * subtask has acknowledged it; so the lines of one step are out before the next step starts.
     */
    private static long runTwoInputs(final JobSpec job, final List<ScenarioElement> elements, final StreamExecutionEnvironment env,
            final Consumer<String> lines) throws Exception {
        final LineBoard board = LineBoard.open();
        try {
            twoInputGraph(job, elements, env, board);
            if (everyInputEnds(elements, job)) {
                env.execute(JOB_NAME);
            } else {
                runWithoutEnd(env, board);
            }
            board.lines().forEach(lines);
            return board.lateDropped();
        } finally {
            board.close();
        }
    }

    /**
     * Declares a two-input job's graph on {@code env} (see {@link #runTwoInputs}).
     *
     * @param job a checked two-input job
     * @param elements the rows of both inputs
     * @param env where the graph is declared
     * @param board the run's board
     */
    static void twoInputGraph(final JobSpec job, final List<ScenarioElement> elements, final StreamExecutionEnvironment env,
            final LineBoard board) {
        env.setParallelism(1);
        env.setMaxParallelism(RowDone.MAX_PARALLELISM);
        env.getConfig().setAutoWatermarkInterval(0);
        // a step waits for its markers' acknowledgement: flush them at once rather than after Flink's buffer timeout
        env.setBufferTimeout(0);
        final int parallelism = job.join() == null ? 1 : job.parallelism();
        final boolean windowJoin = job.join() != null && job.join().kind() == JoinKind.WINDOW;
        final int leftChannels = job.left().channels();
        final TypeInformation<ScenarioRecord> type = TypeInformation.of(ScenarioRecord.class);
        final DataStream<ScenarioRecord> left = env.fromSource(new ScenarioSource(elements, board.id(), job.left().watermarks(),
                leftChannels, 0, parallelism, windowJoin ? 0 : -1), WatermarkStrategy.noWatermarks(), "left elements", type);
        final DataStream<ScenarioRecord> right = env.fromSource(new ScenarioSource(elements, board.id(), job.right().watermarks(),
                job.right().channels(), 1, parallelism, windowJoin ? leftChannels : -1), WatermarkStrategy.noWatermarks(), "right elements", type);
        if (job.join() == null) {
            left.connect(right).transform("WM and STATUS lines", Types.STRING, new ValveLinesOperator(board.id()))
                    .sinkTo(new DiscardingSink<>()).name("lines on the board");
        } else if (windowJoin) {
            windowJoin(left, right, job.join().window(), parallelism, leftChannels + job.right().channels(), board);
        } else {
            left.connect(right).keyBy(ScenarioRecord::key, ScenarioRecord::key, Types.STRING)
                    .transform("interval join", Types.STRING, ScenarioIntervalJoin.of(job.join(), board.id())).setParallelism(parallelism)
                    .sinkTo(new DiscardingSink<>()).setParallelism(parallelism).name("lines on the board");
        }
    }

    /**
     * A window join as Flink's {@code join(...).where(...).equalTo(...).window(...)} builds it: both
     * inputs tagged, unioned and keyed into one window operator (assigner, trigger and allowed
     * lateness of the join's window), whose function prints the nested loop of each firing's left and
     * right elements. The one valve over both inputs' channels and the markers' acknowledgement are
     * {@link WindowJoinHead}'s, at the head of the window's task, the window operator and the sinks
     * chained behind it. A join has no late side output: late records are counted as dropped.
     */
    private static void windowJoin(final DataStream<ScenarioRecord> left, final DataStream<ScenarioRecord> right, final WindowSpec window,
            final int parallelism, final int channels, final LineBoard board) {
        final TypeInformation<TaggedScenarioRecord> type = TypeInformation.of(TaggedScenarioRecord.class);
        final DataStream<TaggedScenarioRecord> lefts = left.map(record -> new TaggedScenarioRecord(ScenarioInput.LEFT, record), type)
                .name("tag left");
        final DataStream<TaggedScenarioRecord> rights = right.map(record -> new TaggedScenarioRecord(ScenarioInput.RIGHT, record), type)
                .name("tag right");
        final DataStream<TaggedScenarioRecord> records = lefts.union(rights).keyBy(TaggedScenarioRecord::key, Types.STRING)
                .transform("union valve", type, new WindowJoinHead(board.id(), channels)).setParallelism(parallelism);
        final KeyedStream<TaggedScenarioRecord, String> keyed = DataStreamUtils.reinterpretAsKeyedStream(records, TaggedScenarioRecord::key,
                Types.STRING);
        final OutputTag<TaggedScenarioRecord> late = new OutputTag<>("late", type);
        final SingleOutputStreamOperator<String> joins = JobWindow.lines(keyed, window, late, WindowJoinFunction::new)
                .setParallelism(parallelism);
        joins.sinkTo(BoardSink.joinLines(board)).setParallelism(parallelism).name("JOIN lines");
        joins.getSideOutput(late).sinkTo(BoardSink.droppedLate(board)).setParallelism(parallelism).name("late records dropped");
    }

    private static boolean everyInputEnds(final List<ScenarioElement> elements, final JobSpec job) {
        final List<ScenarioElement> left = new ArrayList<>();
        final List<ScenarioElement> right = new ArrayList<>();
        for (final ScenarioElement element : elements) {
            (element.input() == 0 ? left : right).add(element);
        }
        return everyChannelEnds(left, job.left().channels()) && everyChannelEnds(right, job.right().channels());
    }

    private static boolean everyChannelEnds(final List<ScenarioElement> elements, final int channels) {
        final boolean[] ends = new boolean[channels];
        int ended = 0;
        for (final ScenarioElement element : elements) {
            if (element.kind() == ScenarioElement.Kind.END && !ends[element.channel()]) {
                ends[element.channel()] = true;
                ended++;
            }
        }
        return ended == channels;
    }

    /** A channel that never ends: stop the job once every row is through, without draining (no MAX watermark). */
    private static void runWithoutEnd(final StreamExecutionEnvironment env, final LineBoard board) throws Exception {
        final JobClient client = env.executeAsync(JOB_NAME);
        final CompletableFuture<JobExecutionResult> result = client.getJobExecutionResult();
        // a job that fails first completes the result exceptionally, and get() throws
        CompletableFuture.anyOf(board.rowsEmitted(), result).get();
        final Path savepoints = Files.createTempDirectory("weir-flink-savepoint");
        try {
            // the savepoint's barrier follows the last row through the window operator: every row's lines are out when it is taken
            stopWithoutDraining(client, result, savepoints.toUri().toString());
            result.get();
        } finally {
            try (Stream<Path> files = Files.walk(savepoints)) {
                files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            }
        }
    }

    /**
     * Flink refuses a savepoint while a task is still being deployed ("not all required tasks are
     * currently running"), which a short job's source may outrun: try again, while the job runs,
     * until {@link #STOP_DEADLINE}.
     */
    private static void stopWithoutDraining(final JobClient client, final CompletableFuture<JobExecutionResult> result,
            final String savepoints) throws Exception {
        final long deadline = CLOCK.nanos() + STOP_DEADLINE.toNanos();
        while (true) {
            try {
                final CompletableFuture<String> stop = client.stopWithSavepoint(false, savepoints, SavepointFormatType.CANONICAL);
                // the job can only end by this stop (a channel never ends), and its end may come before the stop's answer,
                // which with a finished source task may never come: whichever completes first; a failed job throws its failure
                CompletableFuture.anyOf(stop, result).get();
                if (result.isDone()) {
                    result.get();
                    return;
                }
                stop.get();
                return;
            } catch (ExecutionException e) {
                if (result.isDone()) {
                    // the job ended first: its own failure says why
                    result.get();
                    throw e;
                }
                if (CLOCK.nanos() - deadline > 0) {
                    throw e;
                }
                CompletableFuture.runAsync(() -> { }, CompletableFuture.delayedExecutor(STOP_RETRY.toMillis(), TimeUnit.MILLISECONDS)).get();
            }
        }
    }

}
