package dev.weir.flink.bench;

import dev.weir.api.DataStream;
import dev.weir.api.StreamPipeline;
import dev.weir.flink.FlinkJob;
import dev.weir.flink.FlinkRunner;
import dev.weir.flink.FlinkTarget;
import dev.weir.flink.source.HandoffSource;
import dev.weir.flink.source.LocalHandoff;
import dev.weir.perf.bench.BenchEvent;
import dev.weir.perf.bench.BenchSettings;
import dev.weir.perf.bench.NamedPipeline;
import dev.weir.perf.harness.Arrivals;
import dev.weir.perf.harness.BenchmarkedPipeline;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Pattern;

/**
 * One run of a named pipeline on Flink for the benchmark harness (docs/flink.md, "weir bench --compare flink"): the
 * pipeline is built on a {@link HandoffSource} with its own watermark strategy, translated onto a fresh local
 * MiniCluster with its sink on Flink's task, and submitted without waiting; the harness's {@link #send} copies each
 * event into the {@link LocalHandoff} (busy-waiting while it is full), and {@link #finish} ends the input and waits
 * for the job's end; the MiniCluster shuts down when the next run starts, outside the measured time. A windowed pipeline's watermarks are logged to the run's {@link Arrivals} by Flink's own
 * generator, each with the intended send time of the last event before it. The harness calls every method from its
 * generating thread.
 */
final class FlinkBenchmarkedPipeline implements BenchmarkedPipeline<BenchEvent> {
    /** How long the job may take to start its tasks. */
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    private static final long START_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    /** How Flink names a task's thread: the task's name, its subtask and parallelism, and the attempt. */
    private static final Pattern TASK_NAME = Pattern.compile(".* \\(\\d+/\\d+\\)#\\d+");

    /** The job of the run that finished last, its MiniCluster still up; see {@link #releaseFinishedJob()}. */
    private static final AtomicReference<FlinkJob> FINISHED = new AtomicReference<>();

    private final NamedPipeline<BenchEvent> pipeline;
    private final BenchSettings settings;
    private final FlinkTarget target;
    private final Arrivals arrivals;
    private LocalHandoff<BenchEvent> handoff;
    private FlinkJob job;
    private List<Thread> taskThreads = List.of();

    /**
     * @param pipeline the named pipeline
     * @param settings the run's settings: the handoff holds {@link BenchSettings#ringSize()} events, as Weir's rings
     * @param target a local target with sinks on tasks, at the keyed stage's parallelism
     * @param arrivals where the pipeline's sink reports, and where watermarks are logged
     */
    FlinkBenchmarkedPipeline(final NamedPipeline<BenchEvent> pipeline, final BenchSettings settings, final FlinkTarget target,
            final Arrivals arrivals) {
        this.pipeline = pipeline;
        this.settings = settings;
        this.target = target;
        this.arrivals = arrivals;
    }

    /**
     * Submits the job and waits until its tasks run (the source's reader and every task of the keyed stage), so that
     * the first events do not wait for the deployment and {@link #threads()} names every task thread.
     *
     * @throws IllegalStateException if the job cannot be submitted or its tasks do not start within a minute
     */
    @Override
    public void start() {
        releaseFinishedJob();
        handoff = LocalHandoff.open(settings.ringSize(), BenchEvent::new, FlinkBenchmarkedPipeline::copy);
        if (pipeline.windowed()) {
            handoff.attributeWatermarks(pipeline.intendedNanos(), arrivals::watermarkEmitted);
        }
        final StreamPipeline flink = StreamPipeline.named(pipeline.name());
        final DataStream<BenchEvent> source = flink.from(pipeline.name(), HandoffSource.of(handoff), pipeline.watermarks(settings), 1);
        pipeline.applyTo(source, settings, arrivals);
        try {
            job = FlinkRunner.start(flink, target);
            final Thread reader = handoff.awaitReader(START_TIMEOUT);
            taskThreads = awaitTaskThreads(reader.getThreadGroup(), 1 + target.parallelism());
        } catch (final InterruptedException interrupted) {
            abandon();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("flink: interrupted while the job started", interrupted);
        } catch (final Exception failed) {
            abandon();
            throw new IllegalStateException("flink: the job did not start: " + failed.getMessage(), failed);
        }
    }

    /** A run that did not start or failed: its job, if submitted, is cancelled, and the handoff closed. */
    private void abandon() {
        try {
            if (job != null) {
                job.cancel();
            }
        } catch (final Exception alsoFailed) {
            // the start's failure is the one to report; the cluster is gone either way
        } finally {
            handoff.close();
        }
    }

    @Override
    public void send(final BenchEvent event) {
        handoff.send(event);
    }

    /**
     * Ends the input and waits for the job's end, when every result has reached the sink.
     *
     * @throws IllegalStateException if the job failed
     */
    @Override
    public void finish() throws InterruptedException {
        handoff.end();
        try {
            job.awaitResults();
        } catch (final InterruptedException interrupted) {
            abandon();
            throw interrupted;
        } catch (final Exception failed) {
            abandon();
            throw new IllegalStateException("flink: the job failed: " + failed.getMessage(), failed);
        }
        handoff.close();
        // the harness reads its clock when this returns: the MiniCluster's shutdown is not the job's time
        FINISHED.set(job);
    }

    /**
     * Shuts down the MiniCluster of the last run that finished, if any: the next run does, before it starts (a
     * benchmark's last one stays up, idle, until the JVM ends or another run starts).
     */
    private static void releaseFinishedJob() {
        final FlinkJob finished = FINISHED.getAndSet(null);
        if (finished != null) {
            try {
                finished.close();
            } catch (final Exception ignored) {
                // the job has ended: a cluster that does not shut down cleanly holds nothing the next run needs
            }
        }
    }

    /** @return the job's task threads: the source's and each keyed-stage instance's (which runs the sink too) */
    @Override
    public List<Thread> threads() {
        return taskThreads;
    }

    /** Copies a sent event into a handoff slot. */
    private static void copy(final BenchEvent sent, final BenchEvent slot) {
        slot.refill(sent.key(), sent.value(), sent.eventTimeMillis(), sent.intendedNanos());
    }

    /**
     * Flink runs every task of a MiniCluster on a thread of one group, named {@code NAME (i/p)#attempt}: waits until
     * it holds the job's tasks. The group also holds helper threads the tasks start (a closer of resources), which are
     * left out. One job runs at a time, on a MiniCluster of its own, so the group's tasks are this job's.
     */
    private static List<Thread> awaitTaskThreads(final ThreadGroup group, final int count) throws TimeoutException {
        final long polls = START_TIMEOUT.toNanos() / START_POLL_NANOS;
        int found = 0;
        for (long poll = 0; poll < polls; poll++) {
            final Thread[] threads = new Thread[count * 2 + 8];
            final int alive = group.enumerate(threads, false);
            final List<Thread> tasks = new ArrayList<>();
            for (final Thread thread : Arrays.asList(threads).subList(0, alive)) {
                if (TASK_NAME.matcher(thread.getName()).matches()) {
                    tasks.add(thread);
                }
            }
            found = tasks.size();
            if (found >= count) {
                return tasks;
            }
            LockSupport.parkNanos(START_POLL_NANOS);
        }
        throw new TimeoutException(found + " of the job's " + count + " tasks started within " + START_TIMEOUT.toSeconds() + " s");
    }
}
