package dev.weir.runtime.threaded;

import dev.weir.checkpoint.CheckpointCoordinator;
import dev.weir.clock.Clock;
import dev.weir.clock.SystemClock;
import dev.weir.clock.VirtualClock;
import dev.weir.metrics.PipelineMetrics;
import dev.weir.runtime.PipelineControl;
import dev.weir.runtime.PipelineExecutionException;
import dev.weir.runtime.PipelineStoppedException;
import dev.weir.runtime.PublisherFedTask;
import dev.weir.runtime.pinning.TaskThreadFactory;
import dev.weir.runtime.pinning.ThreadPlan;
import dev.weir.runtime.task.TaskMonitor;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.agrona.ErrorHandler;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.AgentTerminationException;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;

/**
 * A started pipeline: one thread per task, each an Agrona {@link AgentRunner} with its idle
 * strategy, or, beyond the busy-spin budget, several busy-spinning tasks per thread ({@link ThreadPlan}). An exception or error in any task stops every task; {@link #awaitTermination()}
 * then throws it as the cause of a {@link PipelineExecutionException}. No thread outlives
 * {@link #awaitTermination()} or {@link #close()}. While it runs, every task is visible in
 * {@link #metrics()} and as a JMX MBean ({@code dev.weir:type=Operator,pipeline=...,task=...}),
 * which {@link #close()} removes. Thread-safe.
 */
public final class RunningPipeline implements AutoCloseable {
    private final String name;
    private final PipelineControl control;
    private final Clock clock;
    private final List<TaskMonitor> monitors;
    private final List<AgentRunner> runners = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final CountDownLatch terminated;
    private final PipelineMBeans mbeans = new PipelineMBeans();
    private final CheckpointCoordinator checkpoints;
    /** Publisher-fed source instances: only the publishing thread touches them, in {@link #advanceTo}. */
    private final PublisherFedTask[] publisherTasks;
    private final boolean[] publisherEnded;
    private boolean closed;
    private boolean publisherTasksClosed;

    /**
     * Registers the tasks' MBeans, then starts the threads of {@code plan}: a thread running one
     * task runs it alone, a thread running several runs them in turn ({@link SharedThreadAgent}).
     *
     * @param name the pipeline's name
     * @param control the pipeline's shared stop/failure state
     * @param tasks the tasks
     * @param plan which tasks each thread runs, and its idle strategy
     * @param threadFactory makes (and may pin) each thread; its index is the thread's in {@code plan}
     * @param clock the pipeline's processing time, for watermark lags
     * @param monitors every task and source instance, in stage and instance order; those with a
     *     {@link TaskMonitor#taskIndex()} watch {@code tasks.get(taskIndex)}
     * @param checkpoints the pipeline's checkpoints, or null when it takes none
     * @param publisherTasks the publisher-fed source instances, in instance order, for {@link #advanceTo}
     */
    RunningPipeline(final String name, final PipelineControl control, final List<? extends Agent> tasks, final ThreadPlan plan,
            final TaskThreadFactory threadFactory, final Clock clock, final List<TaskMonitor> monitors,
            final CheckpointCoordinator checkpoints, final List<PublisherFedTask> publisherTasks) {
        this.publisherTasks = publisherTasks.toArray(new PublisherFedTask[0]);
        this.publisherEnded = new boolean[this.publisherTasks.length];
        if (plan.taskCount() != tasks.size()) {
            throw new IllegalArgumentException("the thread plan has " + plan.taskCount() + " tasks, the pipeline " + tasks.size());
        }
        this.name = name;
        this.checkpoints = checkpoints;
        this.control = control;
        this.clock = clock;
        this.monitors = List.copyOf(monitors);
        // a thread ends once every one of its tasks has ended: counting threads counts tasks
        this.terminated = new CountDownLatch(plan.threadCount());
        final ErrorHandler errors = error -> {
            if (!(error instanceof AgentTerminationException) && !(error instanceof PipelineStoppedException && control.isStopping())) {
                control.fail(error);
            }
        };
        for (int thread = 0; thread < plan.threadCount(); thread++) {
            final int[] members = plan.tasksOf(thread);
            final List<Agent> agents = new ArrayList<>(members.length);
            for (final int task : members) {
                agents.add(new FailureBarrier(tasks.get(task), control));
            }
            final Agent agent = agents.size() == 1 ? agents.get(0) : new SharedThreadAgent(agents, errors);
            final AgentRunner runner = new AgentRunner(plan.idleStrategy(thread).create(), errors, null, agent);
            runners.add(runner);
            // counted down when the thread's body ends, however it ends (Agrona skips onClose when an Error escapes)
            final Runnable body = () -> {
                try {
                    runner.run();
                } finally {
                    terminated.countDown();
                }
            };
            threads.add(threadFactory.newThread(body, agent.roleName(), thread));
        }
        for (final TaskMonitor monitor : this.monitors) {
            if (monitor.taskIndex() >= 0) {
                final int thread = plan.threadOf(monitor.taskIndex());
                monitor.bind(threads.get(thread), plan.idleStrategy(thread));
            }
        }
        mbeans.register(name, this.monitors, clock);
        for (final Thread thread : threads) {
            thread.start();
        }
    }

    /**
     * Waits until every task has ended.
     *
     * @throws PipelineExecutionException if a task failed
     * @throws InterruptedException if interrupted while waiting
     */
    public void awaitTermination() throws InterruptedException {
        terminated.await();
        joinThreads();
        throwIfFailed();
    }

    /**
     * @param timeout how long to wait
     * @return true if every task ended in time
     * @throws PipelineExecutionException if a task failed
     * @throws InterruptedException if interrupted while waiting
     */
    public boolean awaitTermination(final Duration timeout) throws InterruptedException {
        final boolean done = terminated.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
        if (done) {
            joinThreads();
        }
        throwIfFailed();
        return done;
    }

    /**
     * Waits until every task has consumed everything published to its input channels so far
     * and has completed a full duty cycle after that (so it also saw the current processing
     * time): the pipeline has caught up with its publishers. Meant for a publishing thread
     * that drives a virtual clock (replays, tests): call it while nothing else publishes.
     *
     * @param timeout how long to wait at most
     * @return true once caught up, false if the time ran out
     * @throws PipelineStoppedException if the pipeline stops (fails or is closed) meanwhile
     */
    public boolean awaitQuiescent(final Duration timeout) {
        final long deadline = SystemClock.INSTANCE.millis() + timeout.toMillis();
        final IdleStrategy idle = new BackoffIdleStrategy(10, 10, TimeUnit.MICROSECONDS.toNanos(1), TimeUnit.MICROSECONDS.toNanos(50));
        control.checkRunning();
        while (true) {
            if (everyInputEmpty()) {
                final long[] cycles = new long[monitors.size()];
                for (int i = 0; i < cycles.length; i++) {
                    cycles[i] = monitors.get(i).dutyCycles();
                }
                // two more cycles: the one under way when the inputs were seen empty may have begun before
                while (!advancedTwice(cycles)) {
                    if (!waitABit(idle, deadline)) {
                        return false;
                    }
                }
                if (everyInputEmpty()) {
                    // a task that failed meanwhile is no longer running, but it did not catch up
                    control.checkRunning();
                    return true;
                }
            }
            if (!waitABit(idle, deadline)) {
                return false;
            }
        }
    }

    /**
     * Moves a virtual processing time forward on the threaded scheduler, from the one thread that
     * feeds the pipeline's publishers (a replay, a scenario, a test). The tasks run on their own
     * threads and see the clock by themselves; this call makes time pass only once they caught
     * up, as it would in real time: it waits until they are quiescent ({@link #awaitQuiescent}),
     * moves the clock to the next time a publisher-fed source has periodic work due (watermark
     * emission, idleness, timers, checkpoint barriers; quiet stretches are skipped as on the
     * deterministic scheduler) or a keyed task's processing-time timer is due (as the task's thread
     * published it), runs that work on the calling thread, source instance by source
     * instance, waiting for the tasks after each, and so on up to {@code millis}, where it
     * finally moves the clock and polls every publisher-fed source once more (a settled one moves
     * its emission schedule past the skipped emissions there). At {@code Long.MAX_VALUE} time ends:
     * an emission due there runs, and nothing after it.
     *
     * @param millis the new processing time, not before the current one
     * @param timeout how long to wait for the tasks at each step
     * @throws IllegalStateException if the pipeline's clock is not a {@link VirtualClock}, or the
     *     tasks did not catch up within the timeout
     * @throws IllegalArgumentException if processing time would go back
     * @throws PipelineStoppedException if the pipeline stops (fails or is closed) meanwhile
     */
    public void advanceTo(final long millis, final Duration timeout) {
        if (!(clock instanceof VirtualClock)) {
            throw new IllegalStateException("pipeline '" + name + "' runs on " + clock + ", not on a virtual clock");
        }
        final VirtualClock virtual = (VirtualClock) clock;
        if (millis < virtual.millis()) {
            throw new IllegalArgumentException("processing time went back from " + virtual.millis() + " to " + millis);
        }
        // at Long.MAX_VALUE nothing can come later: a due time of MAX is also "nothing due"
        for (long due = nextDueMillis(timeout); due <= millis && virtual.millis() < Long.MAX_VALUE; due = nextDueMillis(timeout)) {
            if (due <= virtual.millis()) {
                throw new IllegalStateException("pipeline '" + name + "': a publisher-fed source has work due at " + due
                        + " but did none at processing time " + virtual.millis());
            }
            virtual.advanceTo(due);
            pollPublishers(timeout);
        }
        if (millis > virtual.millis()) {
            caughtUp(timeout);
            virtual.advanceTo(millis);
            pollPublishers(timeout);
            caughtUp(timeout);
        }
    }

    /**
     * Polls every publisher-fed source, not only those with work due, as the deterministic
     * scheduler runs every task after it moved the clock: a source whose generator has settled
     * moves its emission schedule past the skipped ticks, so its next publish does not emit one
     * of them late, after the published record.
     */
    private void pollPublishers(final Duration timeout) {
        for (int i = 0; i < publisherTasks.length; i++) {
            if (!publisherEnded[i] && pollPublisher(i)) {
                caughtUp(timeout);
            }
        }
    }

    /** @return true if the source did work (or ended) */
    private boolean pollPublisher(final int i) {
        try {
            final boolean work = publisherTasks[i].doWork() > 0;
            while (!publisherTasks[i].drainOutput()) {
                // the tasks make room on their own threads
                control.checkRunning();
                Thread.onSpinWait();
            }
            return work;
        } catch (AgentTerminationException e) {
            publisherEnded[i] = true;
            return true;
        } catch (RuntimeException e) {
            control.fail(e);
            throw e;
        } catch (Exception e) {
            control.fail(e);
            throw new PipelineStoppedException(e);
        }
    }

    /**
     * Once the tasks caught up: the earliest of the publisher-fed sources' due times and the keyed
     * tasks' next processing-time timers (as their threads published them after catching up; one
     * that is no longer ahead of the clock is a stale reading and is left to the task itself).
     */
    private long nextDueMillis(final Duration timeout) {
        caughtUp(timeout);
        final long now = clock.millis();
        long due = nextPublisherDueMillis();
        for (final TaskMonitor monitor : monitors) {
            final long timer = monitor.publishedNextTimerMillis();
            if (timer > now && timer < due) {
                due = timer;
            }
        }
        return due;
    }

    private long nextPublisherDueMillis() {
        long due = Long.MAX_VALUE;
        for (int i = 0; i < publisherTasks.length; i++) {
            if (!publisherEnded[i]) {
                due = Math.min(due, publisherTasks[i].nextDueMillis());
            }
        }
        return due;
    }

    private void caughtUp(final Duration timeout) {
        if (!awaitQuiescent(timeout)) {
            throw new IllegalStateException("pipeline '" + name + "': the tasks did not catch up within " + timeout);
        }
    }

    private boolean waitABit(final IdleStrategy idle, final long deadlineMillis) {
        control.checkRunning();
        if (SystemClock.INSTANCE.millis() > deadlineMillis) {
            return false;
        }
        idle.idle();
        return true;
    }

    private boolean everyInputEmpty() {
        for (final TaskMonitor monitor : monitors) {
            if (monitor.readsChannels() && monitor.isRunning() && !monitor.inputsEmpty()) {
                return false;
            }
        }
        return true;
    }

    private boolean advancedTwice(final long[] cycles) {
        for (int i = 0; i < cycles.length; i++) {
            final TaskMonitor monitor = monitors.get(i);
            if (monitor.readsChannels() && monitor.isRunning() && monitor.dutyCycles() < cycles[i] + 2) {
                return false;
            }
        }
        return true;
    }

    private void joinThreads() throws InterruptedException {
        for (final Thread thread : threads) {
            if (thread != Thread.currentThread()) {
                thread.join();
            }
        }
    }

    private void throwIfFailed() {
        final Throwable failure = control.failure();
        if (failure != null) {
            throw new PipelineExecutionException(name, failure);
        }
    }

    /** @return the id of the last complete checkpoint (or the one the pipeline restored from), 0 if none */
    public long completedCheckpointId() {
        return checkpoints == null ? 0 : checkpoints.completedCheckpointId();
    }

    /**
     * Waits until checkpoint {@code checkpointId} (or a later one) has completed: its manifest is
     * written.
     *
     * @param checkpointId a checkpoint id
     * @param timeout how long to wait at most
     * @return true once it completed; false after the timeout, or as soon as no checkpoint can
     *     start any more (an input ended), or at once when the pipeline takes no checkpoints
     * @throws InterruptedException if interrupted while waiting
     */
    public boolean awaitCheckpoint(final long checkpointId, final Duration timeout) throws InterruptedException {
        return checkpoints != null && checkpoints.awaitCompleted(checkpointId, timeout);
    }

    /** @return true while any task runs */
    public boolean isRunning() {
        return terminated.getCount() > 0;
    }

    /** @return the pipeline's shared stop/failure state */
    public PipelineControl control() {
        return control;
    }

    /** @return the task threads (one per task, fewer when tasks share threads), for diagnostics */
    public List<Thread> threads() {
        return List.copyOf(threads);
    }

    /** @return the pipeline's name */
    public String name() {
        return name;
    }

    /**
     * Takes a snapshot of every task, from any thread, without stopping them: values are the
     * ones each task last published (after its last batch), so they may be slightly stale while
     * it runs, and are exact once it ended. Allocates; not for a hot path.
     *
     * @return the pipeline's metrics
     */
    public PipelineMetrics metrics() {
        return TaskMonitor.pipelineMetrics(name, clock.millis(), monitors);
    }

    /**
     * Stops every task, waits for every thread to end, closes the operators fused behind the
     * publishers (unless called from a task's thread: call it from the publishing thread, or once
     * no publisher call can be under way) and removes the pipeline's MBeans; idempotent. A publisher waiting on a full ring is released with a
     * {@link PipelineStoppedException}.
     */
    @Override
    public void close() {
        control.stop();
        for (int i = 0; i < runners.size(); i++) {
            // a task closing its own pipeline (say, from a sink) just stops: it cannot wait for itself
            if (threads.get(i) != Thread.currentThread()) {
                runners.get(i).close();
            }
        }
        boolean interrupted = false;
        for (final Thread thread : threads) {
            while (thread != Thread.currentThread() && thread.isAlive()) {
                try {
                    thread.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        synchronized (this) {
            if (!closed) {
                closed = true;
                mbeans.unregister();
            }
            // no task thread runs them: their operators close here, from outside the tasks (a sink
            // closing its pipeline must not close them under a publisher that is inside a call)
            if (!publisherTasksClosed && !threads.contains(Thread.currentThread())) {
                publisherTasksClosed = true;
                closePublisherTasks();
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private void closePublisherTasks() {
        for (final PublisherFedTask task : publisherTasks) {
            try {
                task.onClose();
            } catch (RuntimeException | Error e) {
                control.fail(e);
            }
        }
    }

    /**
     * Keeps a task's failure inside the pipeline: an {@link Error} thrown by a task (an
     * assertion, a stack overflow) would make Agrona's runner skip {@code onClose} and kill the
     * thread; it fails the pipeline instead and the task terminates normally, so its operators
     * are closed like after any other failure.
     */
    private static final class FailureBarrier implements Agent {
        private final Agent task;
        private final PipelineControl control;

        FailureBarrier(final Agent task, final PipelineControl control) {
            this.task = task;
            this.control = control;
        }

        @Override
        public void onStart() {
            try {
                task.onStart();
            } catch (Error e) {
                control.fail(e);
                throw new AgentTerminationException(e);
            }
        }

        @Override
        public int doWork() throws Exception {
            try {
                return task.doWork();
            } catch (Error e) {
                control.fail(e);
                throw new AgentTerminationException(e);
            }
        }

        @Override
        public void onClose() {
            task.onClose();
        }

        @Override
        public String roleName() {
            return task.roleName();
        }
    }
}
