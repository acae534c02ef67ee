package dev.weir.jobs.scenario;

import dev.weir.api.DataStream;
import dev.weir.api.StreamPipeline;
import dev.weir.metrics.ChannelMetrics;
import dev.weir.metrics.PipelineMetrics;
import dev.weir.metrics.TaskMetrics;
import dev.weir.jobs.file.JobSpec;
import dev.weir.jobs.file.WatermarkSpec;
import dev.weir.pipelines.record.ScenarioRecord;
import dev.weir.runtime.sink.Sink;
import dev.weir.source.Publisher;
import dev.weir.state.StateBackend;
import dev.weir.clock.VirtualClock;
import dev.weir.time.WatermarkStrategy;
import dev.weir.valve.ValveDiagnosis;
import dev.weir.window.WindowOperator;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A job file's pipeline, the same on both schedulers: each channel is one publisher-fed source
 * instance with the job's watermark strategy, keyed by the record's key into the job's window
 * operator at the job's parallelism (printing {@code FIRE} and {@code LATE} lines), or, for a
 * job without a window, into one instance printing the {@code WM} and {@code STATUS} lines that
 * leave its valve; a sink prints the canonical lines. Processing time is a virtual clock that
 * the rows' {@code at} move (docs/scenarios.md, "How a scenario is driven"). Feed it an element
 * file's rows in order, from one thread, then call {@link #finish()}. Not thread-safe.
 */
public final class ScenarioPipeline implements ScenarioRun {
    /** The keyed stage, whose first instance's valve tells which channel stalls the watermark. */
    private static final String KEYED_STAGE = "keyed-1";

    private final List<Publisher<ScenarioRecord>> channels;
    private final boolean[] ended;
    private final ScenarioScheduler scheduler;
    private int endedChannels;
    private long lateDropped;
    private String stalledNote;
    private boolean finished;

    private ScenarioPipeline(final JobSpec job, final StateBackend stateBackend, final VirtualClock clock, final InstanceLines lines,
            final Function<StreamPipeline, ScenarioScheduler> start) {
        final boolean windowed = job.window() != null;
        final WatermarkSpec watermarks = job.watermarks();
        final StreamPipeline pipeline = StreamPipeline.named("scenario").clock(clock).stateBackend(stateBackend);
        this.channels = pipeline.publishers("channel", job.channels());
        this.ended = new boolean[job.channels()];
        final DataStream<ScenarioRecord> bound = pipeline.from(channels, emissionOf(watermarks, clock))
                .keyBy(ScenarioRecord::key)
                .parallelism(parallelism(job))
                .transform("bind", () -> new BindInstanceOperator(lines));
        final DataStream<String> results = windowed
                ? bound.transform(WindowOperator.DEFAULT_NAME, ScenarioOperators.windowOperator(job.window()))
                : bound.transform("valve", ValveLineOperator::new);
        results.sideOutput(ScenarioOperators.LATE, (record, timestamp) -> lines.line(ScenarioLines.late(record)))
                .sink(new LineSink(lines));
        this.scheduler = start.apply(pipeline);
    }

    /**
     * The pipeline on the deterministic scheduler: the reading thread runs every task, so the
     * lines of a row are out when its call returns, in a fixed order (the reference output).
     *
     * @param job the job
     * @param lines receives each canonical line, on the calling thread
     * @param stateBackend where the window operator's keyed state lives
     * @return the pipeline, ready for the element file's rows
     */
    public static ScenarioPipeline deterministic(final JobSpec job, final Consumer<String> lines, final StateBackend stateBackend) {
        final VirtualClock clock = new VirtualClock(0);
        return new ScenarioPipeline(job, stateBackend, clock, new ImmediateLines(lines),
                pipeline -> new DeterministicScenarioScheduler(pipeline.startDeterministic(clock)));
    }

    /**
     * The pipeline on the threaded scheduler: the keyed stage runs on task threads behind
     * Disruptor rings, started here; lines come out in watermark order, once every instance
     * passed the watermark.
     *
     * @param job the job
     * @param lines receives each canonical line (from the task threads, one at a time)
     * @param stateBackend where the window operator's keyed state lives
     * @return the pipeline, ready for the element file's rows
     */
    public static ScenarioPipeline threaded(final JobSpec job, final Consumer<String> lines, final StateBackend stateBackend) {
        final OrderedLines ordered = new OrderedLines(parallelism(job), lines);
        final boolean lockStep = ScenarioOperators.usesProcessingTime(job);
        return new ScenarioPipeline(job, stateBackend, new VirtualClock(0), ordered,
                pipeline -> new ThreadedScenarioScheduler(pipeline.start(), ordered, lockStep));
    }

    private static int parallelism(final JobSpec job) {
        return job.window() != null ? job.parallelism() : 1;
    }

    /**
     * Interval 0 emits right after every record (the scenario convenience); otherwise the strategy as it is.
     * The two-input graph gives each input's source its own.
     */
    static WatermarkStrategy<ScenarioRecord> emissionOf(final WatermarkSpec spec, final VirtualClock clock) {
        final WatermarkStrategy<ScenarioRecord> strategy = ScenarioOperators.watermarkStrategy(spec);
        if (spec.intervalMillis() > 0) {
            return strategy;
        }
        return WatermarkStrategy.<ScenarioRecord>forGenerator(() -> new EmissionAfterEveryRecord<>(strategy.createGenerator(clock)))
                .withPeriodicInterval(0);
    }

    @Override
    public void record(final long atMillis, final int channel, final ScenarioRecord record) {
        scheduler.advanceTo(atMillis);
        channels.get(channel).publish(record, record.timestamp());
        scheduler.callEnded();
    }

    @Override
    public void watermark(final long atMillis, final int channel, final long watermark) {
        scheduler.advanceTo(atMillis);
        channels.get(channel).emitWatermark(watermark);
        scheduler.callEnded();
    }

    @Override
    public void idle(final long atMillis, final int channel) {
        scheduler.advanceTo(atMillis);
        channels.get(channel).markIdle();
        scheduler.callEnded();
    }

    @Override
    public void active(final long atMillis, final int channel) {
        scheduler.advanceTo(atMillis);
        channels.get(channel).markActive();
        scheduler.callEnded();
    }

    /** Once every channel ended, processing time is at its end for the keyed stage: every timer fires. */
    @Override
    public void end(final long atMillis, final int channel) {
        scheduler.advanceTo(atMillis);
        if (ended[channel]) {
            return;
        }
        ended[channel] = true;
        endedChannels++;
        channels.get(channel).end();
        scheduler.callEnded();
    }

    /**
     * Waits for the tasks (until they end when every channel ended, else until they caught up
     * with every row), then reads the late-record count and the valve's state from the metrics.
     *
     * @throws dev.weir.runtime.PipelineExecutionException if a task failed
     */
    @Override
    public void finish() {
        final PipelineMetrics metrics = scheduler.finish(endedChannels == channels.size());
        lateDropped = metrics.lateRecordsDropped(WindowOperator.DEFAULT_NAME);
        stalledNote = stalledChannel(metrics.stage(KEYED_STAGE).get(0));
        finished = true;
    }

    private static String stalledChannel(final TaskMetrics instance) {
        final List<ChannelMetrics> inputs = instance.inputs();
        final long[] watermarks = new long[inputs.size()];
        int holder = -1;
        for (final ChannelMetrics input : inputs) {
            watermarks[input.index()] = input.watermark();
            if (input.holdsMinimum()) {
                holder = input.index();
            }
        }
        return ValveDiagnosis.stalledChannel(holder, watermarks);
    }

    @Override
    public String summaryLine() {
        requireFinished();
        return ScenarioLines.summary(lateDropped);
    }

    @Override
    public String stalledChannelNote() {
        requireFinished();
        return stalledNote;
    }

    private void requireFinished() {
        if (!finished) {
            throw new IllegalStateException("finish() the scenario first");
        }
    }

    @Override
    public void close() {
        scheduler.close();
    }

    /** The window results (or valve lines) of every instance, with the watermarks and ends that order them. */
    private static final class LineSink implements Sink<String> {
        private final InstanceLines lines;

        LineSink(final InstanceLines lines) {
            this.lines = lines;
        }

        @Override
        public void accept(final String line, final long timestamp) {
            lines.line(line);
        }

        @Override
        public void watermark(final long watermark) {
            lines.watermark();
        }

        @Override
        public void finish() {
            lines.finished();
        }
    }
}
