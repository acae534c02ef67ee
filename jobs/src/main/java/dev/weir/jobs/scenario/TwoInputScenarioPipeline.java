package dev.weir.jobs.scenario;

import dev.weir.api.DataStream;
import dev.weir.api.StreamPipeline;
import dev.weir.clock.VirtualClock;
import dev.weir.metrics.OperatorMetrics;
import dev.weir.metrics.PipelineMetrics;
import dev.weir.metrics.TaskMetrics;
import dev.weir.jobs.file.JobSpec;
import dev.weir.jobs.file.JoinSpec;
import dev.weir.pipelines.record.ScenarioRecord;
import dev.weir.source.Publisher;
import dev.weir.state.StateBackend;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The two-input job graph on the engine's runtime (docs/scenarios.md, "Two inputs"): a publisher-fed source per
 * input, each with its input's watermark strategy, into the operators of the job's join ({@link TwoInputGraph}),
 * printing JOIN and LATE lines, or WM and STATUS lines without a join.
 *
 * <p>At a tick the due channels of {@code left} emit before those of {@code right}. The threaded scheduler polls
 * the publisher-fed sources in plan order, the deterministic one runs the later stage first, so the graph declares
 * {@code left}'s source first on the threaded scheduler and {@code right}'s first on the deterministic one. On the
 * threaded scheduler the reader waits for the tasks after every row (the rows fix the interleaving of both inputs),
 * and the lines of parallel instances go out as the deterministic scheduler prints them ({@link OrderedLines}).
 * Not thread-safe.
 */
public final class TwoInputScenarioPipeline implements TwoInputJobGraph {
    /** The one graph; it holds nothing. */
    public static final TwoInputScenarioPipeline INSTANCE = new TwoInputScenarioPipeline();

    private TwoInputScenarioPipeline() {
    }

    @Override
    public TwoInputJob start(final JobSpec job, final Consumer<String> lines, final StateBackend stateBackend, final boolean threaded) {
        final VirtualClock clock = new VirtualClock(0);
        final JoinSpec join = job.join();
        final int instances = join == null ? 1 : job.parallelism();
        final InstanceLines out = threaded ? new OrderedLines(instances, lines) : new ImmediateLines(lines);
        final StreamPipeline pipeline = StreamPipeline.named("scenario").clock(clock).stateBackend(stateBackend);
        final List<Publisher<ScenarioRecord>> left;
        final List<Publisher<ScenarioRecord>> right;
        final DataStream<ScenarioRecord> leftStream;
        final DataStream<ScenarioRecord> rightStream;
        if (threaded) {
            left = pipeline.publishers("left", job.left().channels());
            leftStream = pipeline.from(left, ScenarioPipeline.emissionOf(job.left().watermarks(), clock));
            right = pipeline.publishers("right", job.right().channels());
            rightStream = pipeline.from(right, ScenarioPipeline.emissionOf(job.right().watermarks(), clock));
        } else {
            right = pipeline.publishers("right", job.right().channels());
            rightStream = pipeline.from(right, ScenarioPipeline.emissionOf(job.right().watermarks(), clock));
            left = pipeline.publishers("left", job.left().channels());
            leftStream = pipeline.from(left, ScenarioPipeline.emissionOf(job.left().watermarks(), clock));
        }
        final String operator = TwoInputGraph.operatorName(job);
        final DataStream<String> results = TwoInputGraph.lines(job, leftStream, rightStream,
                InstanceLineSink.sideOutput(out, record -> ScenarioLines.late(ScenarioInput.LEFT, record)),
                InstanceLineSink.sideOutput(out, record -> ScenarioLines.late(ScenarioInput.RIGHT, record)));
        results.sink(InstanceLineSink.results(out, line -> line));
        final ScenarioScheduler scheduler = threaded
                ? new ThreadedScenarioScheduler(pipeline.start(), out, true)
                : new DeterministicScenarioScheduler(pipeline.startDeterministic(clock));
        return new Running(job, left, right, scheduler, out, operator);
    }

    /** The started pipeline: rows go to the publishers of their input. */
    private static final class Running implements TwoInputJob {
        private final JobSpec job;
        private final List<List<Publisher<ScenarioRecord>>> inputs;
        private final ScenarioScheduler scheduler;
        private final InstanceLines lines;
        private final String operator;
        private long lateDropped;
        private String stalledNote;

        Running(final JobSpec job, final List<Publisher<ScenarioRecord>> left, final List<Publisher<ScenarioRecord>> right,
                final ScenarioScheduler scheduler, final InstanceLines lines, final String operator) {
            this.job = job;
            this.inputs = List.of(left, right);
            this.scheduler = scheduler;
            this.lines = lines;
            this.operator = operator;
        }

        private Publisher<ScenarioRecord> publisher(final ScenarioInput input, final int channel) {
            return inputs.get(input.ordinal()).get(channel);
        }

        @Override
        public void advanceTo(final long millis) {
            scheduler.advanceTo(millis);
            lines.settled();
        }

        private void callEnded() {
            scheduler.callEnded();
            lines.settled();
        }

        @Override
        public void record(final ScenarioInput input, final int channel, final ScenarioRecord record) {
            publisher(input, channel).publish(record, record.timestamp());
            callEnded();
        }

        @Override
        public void watermark(final ScenarioInput input, final int channel, final long watermark) {
            publisher(input, channel).emitWatermark(watermark);
            callEnded();
        }

        @Override
        public void idle(final ScenarioInput input, final int channel) {
            publisher(input, channel).markIdle();
            callEnded();
        }

        @Override
        public void active(final ScenarioInput input, final int channel) {
            publisher(input, channel).markActive();
            callEnded();
        }

        @Override
        public void end(final ScenarioInput input, final int channel) {
            publisher(input, channel).end();
            callEnded();
        }

        @Override
        public void finish(final boolean everyChannelEnded) {
            final PipelineMetrics metrics = scheduler.finish(everyChannelEnded);
            final List<TaskMetrics> instances = new ArrayList<>();
            for (final TaskMetrics task : metrics.tasks()) {
                for (final OperatorMetrics step : task.operators()) {
                    if (step.name().equals(operator)) {
                        lateDropped += step.lateRecordsDropped();
                        instances.add(task);
                    }
                }
            }
            if (instances.isEmpty()) {
                throw new IllegalStateException("the scenario's pipeline has no operator '" + operator + "'");
            }
            // every instance reads every channel of both inputs: the first tells the watermark's state
            final TaskMetrics first = instances.get(0);
            stalledNote = operator.equals(TwoInputGraph.WINDOW_JOIN) ? StalledInputNote.unionChannel(first, job.left().channels())
                    : StalledInputNote.twoInput(first, operator.equals(TwoInputGraph.NO_JOIN) ? "two-input operator" : "interval join");
        }

        @Override
        public long lateDropped() {
            return lateDropped;
        }

        @Override
        public String stalledNote() {
            return stalledNote;
        }

        @Override
        public void close() {
            scheduler.close();
        }
    }
}
