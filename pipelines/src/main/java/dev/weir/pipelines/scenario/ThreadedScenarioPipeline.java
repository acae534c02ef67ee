package dev.weir.pipelines.scenario;

import dev.weir.api.DataStream;
import dev.weir.api.KeyedStream;
import dev.weir.api.StreamPipeline;
import dev.weir.metrics.ChannelMetrics;
import dev.weir.metrics.PipelineMetrics;
import dev.weir.metrics.TaskMetrics;
import dev.weir.pipelines.job.JobSpec;
import dev.weir.pipelines.job.WatermarkSpec;
import dev.weir.runtime.PipelineExecutionException;
import dev.weir.runtime.PipelineStoppedException;
import dev.weir.runtime.RunningPipeline;
import dev.weir.runtime.Sink;
import dev.weir.source.Publisher;
import dev.weir.state.StateBackend;
import dev.weir.state.StateBackends;
import dev.weir.time.VirtualClock;
import dev.weir.time.WatermarkStrategy;
import dev.weir.valve.ValveDiagnosis;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

/**
 * A job file's pipeline on the threaded runtime: each channel is one publisher-fed source
 * instance, fed by the one thread that reads the element file (so every ring keeps a single
 * producer); the keyed window stage runs at the job's parallelism on task threads behind
 * Disruptor rings; a sink prints the canonical lines, put back into watermark order by
 * {@link OrderedLines}.
 *
 * <p>Processing time is a virtual clock that the reader moves: to each periodic tick, where it
 * runs every channel's periodic emission in channel order, exactly as the deterministic driver
 * does (including its skipping of settled ticks over long gaps), then to each row's {@code at}.
 * Before it moves the clock the reader waits until the tasks have caught up with everything
 * published so far ({@link RunningPipeline#awaitQuiescent}): virtual time only passes once the
 * pipeline kept up with it, as it would in real time. Within one instant the reader does not
 * wait, so events of different channels at the same {@code at} (or tick) may reach the task in
 * another order than the rows: the task reads its rings in turn (docs/scenarios.md lists what
 * that can change). A job whose window fires on processing time runs in lock-step: the reader
 * waits after every step, so a timer fires between the same two rows as on the driver. Not
 * thread-safe: one reader thread.
 */
public final class ThreadedScenarioPipeline implements ScenarioRun {
    private static final Duration CATCH_UP = Duration.ofSeconds(60);
    /** As the deterministic driver: after this many ticks without rows only idleness can change. */
    private static final long SETTLE_TICKS = 4;

    private final VirtualClock clock = new VirtualClock(0);
    private final List<Publisher<ScenarioRecord>> channels;
    private final boolean[] ended;
    private final OrderedLines lines;
    private final RunningPipeline running;
    private final boolean lockStep;
    private final long intervalMillis;
    private final boolean skipsSettledTicks;
    private final ChannelIdleness idleness;
    /** Whether a periodic tick is still to come; a tick may fall on {@code Long.MAX_VALUE} itself. */
    private boolean ticking;
    private long nextTickMillis;
    private int endedChannels;
    private long lateDropped;
    private String stalledNote;
    private boolean finished;
    private boolean closed;

    /**
     * Starts the pipeline's threads, with the runtime's default state backend.
     *
     * @param job the job
     * @param out receives each canonical line (from the task threads, one at a time)
     */
    public ThreadedScenarioPipeline(final JobSpec job, final Consumer<String> out) {
        this(job, out, StateBackends.defaultBackend());
    }

    /**
     * Starts the pipeline's threads.
     *
     * @param job the job
     * @param out receives each canonical line (from the task threads, one at a time)
     * @param stateBackend where the window operator's keyed state lives
     */
    public ThreadedScenarioPipeline(final JobSpec job, final Consumer<String> out, final StateBackend stateBackend) {
        final boolean windowed = job.window() != null;
        final int parallelism = windowed ? job.parallelism() : 1;
        final WatermarkSpec watermarks = job.watermarks();
        final WatermarkStrategy<ScenarioRecord> strategy = ScenarioOperators.watermarkStrategy(watermarks);
        this.lockStep = ScenarioOperators.usesProcessingTime(job);
        this.intervalMillis = strategy.intervalMillis();
        this.ticking = intervalMillis > 0;
        this.nextTickMillis = intervalMillis;
        this.skipsSettledTicks = strategy.isDrivenByRecords() && intervalMillis > 0;
        this.idleness = new ChannelIdleness(job.channels(), strategy.idlenessMillis(), clock);
        this.lines = new OrderedLines(parallelism, out);
        this.ended = new boolean[job.channels()];

        final StreamPipeline pipeline = StreamPipeline.named("scenario").clock(clock).stateBackend(stateBackend);
        this.channels = pipeline.publishers("channel", job.channels());
        final KeyedStream<ScenarioRecord, String> keyed = pipeline.from(channels, emissionOf(strategy, watermarks))
                .keyBy(ScenarioRecord::key)
                .parallelism(parallelism);
        final DataStream<ScenarioRecord> bound = keyed.transform("bind", () -> new BindInstanceOperator(lines));
        final DataStream<String> results = windowed
                ? bound.transform("window", ScenarioOperators.windowOperator(job.window()))
                : bound.transform("valve", ValveLineOperator::new);
        results.sideOutput(ScenarioOperators.LATE, (record, timestamp) -> lines.line(ScenarioLines.late(record)))
                .sink(new Sink<String>() {
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
                });
        this.running = pipeline.start();
    }

    /** Interval 0 emits right after every record (the scenario convenience); otherwise the strategy as it is. */
    private WatermarkStrategy<ScenarioRecord> emissionOf(final WatermarkStrategy<ScenarioRecord> strategy, final WatermarkSpec spec) {
        if (spec.intervalMillis() > 0) {
            return strategy;
        }
        return WatermarkStrategy.<ScenarioRecord>forGenerator(() -> new EmissionAfterEveryRecord<>(strategy.createGenerator(clock)))
                .withPeriodicInterval(0);
    }

    @Override
    public void record(final long atMillis, final int channel, final ScenarioRecord record) {
        advanceTo(atMillis);
        channels.get(channel).publish(record, record.timestamp());
        idleness.record(channel);
        caughtUpInLockStep();
    }

    @Override
    public void watermark(final long atMillis, final int channel, final long watermark) {
        advanceTo(atMillis);
        channels.get(channel).emitWatermark(watermark);
        caughtUpInLockStep();
    }

    @Override
    public void idle(final long atMillis, final int channel) {
        advanceTo(atMillis);
        channels.get(channel).markIdle();
        caughtUpInLockStep();
    }

    @Override
    public void active(final long atMillis, final int channel) {
        advanceTo(atMillis);
        channels.get(channel).markActive();
        caughtUpInLockStep();
    }

    @Override
    public void end(final long atMillis, final int channel) {
        advanceTo(atMillis);
        if (ended[channel]) {
            return;
        }
        ended[channel] = true;
        endedChannels++;
        channels.get(channel).end();
        caughtUpInLockStep();
        if (endedChannels == channels.size()) {
            clock.advanceTo(Long.MAX_VALUE);
        }
    }

    /** Moves processing time to {@code atMillis}, running every periodic tick due on the way (the driver's rules). */
    private void advanceTo(final long atMillis) {
        if (atMillis < clock.millis()) {
            throw new IllegalArgumentException("processing time went back from " + clock.millis() + " to " + atMillis);
        }
        long ticksRun = 0;
        while (ticking && nextTickMillis <= atMillis && endedChannels < channels.size()) {
            final long change = skipsSettledTicks && ticksRun >= SETTLE_TICKS ? idleness.nextChangeMillis(ended) : Long.MIN_VALUE;
            if (change > nextTickMillis) {
                // settled: the ticks before the next idleness declaration (and up to atMillis) change
                // nothing; the last of them keeps each publisher's schedule on the grid
                final long until = change <= atMillis ? change - 1 : atMillis;
                final long lastTick = nextTickMillis + (until - nextTickMillis) / intervalMillis * intervalMillis;
                tick(lastTick);
                scheduleTickAfter(lastTick);
                continue;
            }
            tick(nextTickMillis);
            ticksRun++;
            scheduleTickAfter(nextTickMillis);
        }
        moveClock(atMillis);
    }

    /** The next tick is one interval later; past the end of time there is none (a tick at MAX itself runs). */
    private void scheduleTickAfter(final long tickMillis) {
        ticking = tickMillis <= Long.MAX_VALUE - intervalMillis;
        if (ticking) {
            nextTickMillis = tickMillis + intervalMillis;
        }
    }

    private void tick(final long tickMillis) {
        moveClock(tickMillis);
        for (int channel = 0; channel < channels.size(); channel++) {
            if (!ended[channel]) {
                channels.get(channel).tick();
                idleness.tick(channel);
                caughtUpInLockStep();
            }
        }
    }

    private void moveClock(final long millis) {
        if (millis != clock.millis()) {
            catchUp();
            clock.advanceTo(millis);
            caughtUpInLockStep();
        }
    }

    private void caughtUpInLockStep() {
        if (lockStep) {
            catchUp();
        }
    }

    private void catchUp() {
        if (!running.awaitQuiescent(CATCH_UP)) {
            throw new IllegalStateException("the threaded pipeline did not catch up with the element file within " + CATCH_UP);
        }
    }

    /**
     * Waits for the tasks: until they end when every channel ended, else until they caught up
     * with every row; then reads the metrics, stops the threads and prints the held lines.
     *
     * @throws PipelineExecutionException if a task failed
     */
    @Override
    public void finish() {
        try {
            if (endedChannels == channels.size()) {
                if (!running.awaitTermination(CATCH_UP)) {
                    throw new IllegalStateException("the threaded pipeline did not end within " + CATCH_UP);
                }
            } else {
                catchUp();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the threaded pipeline", e);
        } catch (PipelineStoppedException e) {
            throw new PipelineExecutionException(running.name(), e.getCause() != null ? e.getCause() : e);
        }
        final PipelineMetrics metrics = running.metrics();
        lateDropped = metrics.lateRecordsDropped("window");
        stalledNote = stalledChannel(metrics.stage("keyed-1").get(0));
        finished = true;
        close();
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

    /** Stops the threads and prints every line still held (also after a failure or a bad row); idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (!finished && !running.control().isStopping()) {
            try {
                running.awaitQuiescent(CATCH_UP);
            } catch (RuntimeException e) {
                // the pipeline failed meanwhile: print what it produced before
            }
        }
        running.close();
        lines.flush();
    }

    /** @return the running pipeline, for diagnostics and metrics */
    public RunningPipeline running() {
        return running;
    }
}
