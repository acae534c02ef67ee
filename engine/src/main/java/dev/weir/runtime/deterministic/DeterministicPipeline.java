package dev.weir.runtime.deterministic;

import dev.weir.checkpoint.CheckpointCoordinator;
import dev.weir.clock.VirtualClock;
import dev.weir.metrics.PipelineMetrics;
import dev.weir.runtime.PipelineControl;
import dev.weir.runtime.PipelineExecutionException;
import dev.weir.runtime.PipelineStoppedException;
import dev.weir.runtime.PipelineTask;
import dev.weir.runtime.PublisherFedTask;
import dev.weir.runtime.PublisherWait;
import dev.weir.runtime.task.CompiledPipeline;
import dev.weir.runtime.task.PlannedTask;
import dev.weir.runtime.task.TaskMonitor;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.agrona.concurrent.AgentTerminationException;

/**
 * A compiled pipeline on the deterministic scheduler: one thread (the caller's) runs every task's
 * duty cycle, in a fixed order, on a {@link VirtualClock}, so the same input gives byte-identical
 * output, run after run, for any pipeline the API builds. See docs/runtime.md, "The deterministic
 * scheduler".
 *
 * <p><b>The order.</b> Stages are numbered in plan order, which is a topological order of the
 * pipeline's graph: every stage reads only stages of lower numbers (several sources, unions and
 * two-input stages included). Tasks are ranked by stage, the last stage first, and within a
 * stage by instance. The scheduler always runs the first task in that ranking whose duty cycle finds work:
 * after every duty cycle that did something it starts again from the top. So what a task emits is
 * carried downstream before its upstream goes on, and the pipeline is <em>quiescent</em> when a
 * full pass finds no work anywhere.
 *
 * <p><b>Time.</b> Processing time moves only when the pipeline is quiescent: to the next time a
 * task has work without new input ({@link PipelineTask#nextDueMillis()}: a timer, a periodic
 * watermark emission, a checkpoint, an alignment update), never past the target of
 * {@link #advanceTo} and, in {@link #runToEnd()}, until every task has ended. Quiet stretches in
 * which no periodic emission could change anything are skipped.
 *
 * <p><b>Publishers.</b> A publisher call runs the pipeline until it is quiescent before it returns,
 * so whatever the call caused has reached the sink; a full ring makes the publisher run the tasks
 * instead of waiting. A sink that publishes into its own pipeline is refused.
 *
 * <p>A task's failure stops every task (each is closed) and is thrown as the cause of a
 * {@link PipelineExecutionException}; a source's input failure lets the other tasks drain first,
 * as on the threaded scheduler. Not thread-safe: one thread drives the pipeline and its publishers.
 */
public final class DeterministicPipeline implements AutoCloseable {
    private final String name;
    private final PipelineControl control;
    private final VirtualClock clock;
    private final List<TaskMonitor> monitors;
    private final CheckpointCoordinator checkpoints;
    /** The tasks in scheduling order: the last stage first, then by instance. */
    private final PipelineTask[] tasks;
    private final boolean[] ended;
    private int live;
    private boolean running;
    private boolean closed;

    /**
     * Connects the publishers; no task runs before the first call.
     *
     * @param plan the compiled pipeline, not run before, compiled with {@code clock} as its processing time
     * @param clock the pipeline's processing time
     */
    public DeterministicPipeline(final CompiledPipeline plan, final VirtualClock clock) {
        if (plan.clock() != clock) {
            throw new IllegalArgumentException("pipeline '" + plan.name() + "' was compiled with another clock");
        }
        this.name = plan.name();
        this.control = plan.control();
        this.clock = clock;
        this.monitors = plan.monitors();
        this.checkpoints = plan.checkpoints();
        final List<PlannedTask> order = new ArrayList<>(plan.tasks());
        order.sort(Comparator.comparingInt(PlannedTask::stage).reversed().thenComparingInt(PlannedTask::instance));
        this.tasks = new PipelineTask[order.size()];
        for (int i = 0; i < tasks.length; i++) {
            tasks[i] = order.get(i).task();
        }
        this.ended = new boolean[tasks.length];
        this.live = tasks.length;
        final PublisherWait publisherWait = new DeterministicPublisherWait();
        for (final PipelineTask task : tasks) {
            if (task instanceof PublisherFedTask) {
                ((PublisherFedTask) task).connect(publisherWait);
            }
        }
        for (final TaskMonitor monitor : monitors) {
            monitor.bind(Thread.currentThread(), null);
        }
        for (int i = 0; i < tasks.length; i++) {
            try {
                tasks[i].onStart();
            } catch (RuntimeException | Error e) {
                control.fail(e);
            }
        }
    }

    /**
     * Runs duty cycles in the fixed order until the pipeline is quiescent; processing time stands still.
     *
     * @throws PipelineExecutionException if a task failed
     */
    public void runUntilQuiescent() {
        checkOpen();
        enter();
        try {
            int i = 0;
            while (i < tasks.length) {
                i = dutyCycle(i) ? 0 : i + 1;
            }
        } finally {
            leave();
        }
        throwIfStopped();
    }

    /**
     * Moves processing time to {@code millis}: runs the pipeline until quiescent, then, while a
     * task has work due by {@code millis}, moves the clock to the earliest such time and runs the
     * pipeline again; finally moves the clock to {@code millis} and runs it once more. At
     * {@code Long.MAX_VALUE} time ends: work due there runs, and nothing after it.
     *
     * @param millis the new processing time, not before the current one
     * @throws IllegalArgumentException if processing time would go back
     * @throws PipelineExecutionException if a task failed
     */
    public void advanceTo(final long millis) {
        if (millis < clock.millis()) {
            throw new IllegalArgumentException("processing time went back from " + clock.millis() + " to " + millis);
        }
        runUntilQuiescent();
        // at Long.MAX_VALUE nothing can come later: a due time of MAX is also "nothing due"
        for (long due = nextDueMillis(); due <= millis && clock.millis() < Long.MAX_VALUE; due = nextDueMillis()) {
            moveClockTo(due);
            runUntilQuiescent();
        }
        if (millis > clock.millis()) {
            clock.advanceTo(millis);
            runUntilQuiescent();
        }
    }

    /**
     * Runs the pipeline until every task has ended, moving processing time from one due time to
     * the next whenever it is quiescent. The sources must end on their own: a bounded source
     * reaches its end, and every publisher must have been ended ({@code Publisher.end()}).
     *
     * @throws IllegalStateException if the pipeline waits for input that cannot come: a publisher
     *     that has not ended, or a source with nothing available and nothing due
     * @throws PipelineExecutionException if a task failed
     */
    public void runToEnd() {
        runUntilQuiescent();
        for (int i = 0; i < tasks.length; i++) {
            // only the application ends a publisher: without this check a custom watermark
            // generator, whose emissions are always due, would step the clock on forever
            if (!ended[i] && tasks[i] instanceof PublisherFedTask) {
                throw new IllegalStateException("pipeline '" + name + "' cannot end: publisher-fed source " + tasks[i].roleName()
                        + " has not ended (call end() on its publisher first)");
            }
        }
        while (live > 0) {
            final long due = nextDueMillis();
            if (due == Long.MAX_VALUE) {
                throw new IllegalStateException("pipeline '" + name + "' cannot end: " + waitingTask() + " waits for input, and no timer,"
                        + " periodic watermark or checkpoint is due");
            }
            moveClockTo(due);
            runUntilQuiescent();
        }
        throwIfStopped();
    }

    /** @return true once every task has ended */
    public boolean isFinished() {
        return live == 0;
    }

    /** @return the pipeline's processing time */
    public VirtualClock clock() {
        return clock;
    }

    /** @return the pipeline's name */
    public String name() {
        return name;
    }

    /** @return the pipeline's shared stop/failure state */
    public PipelineControl control() {
        return control;
    }

    /** @return the id of the last complete checkpoint (or the one the pipeline restored from), 0 if none */
    public long completedCheckpointId() {
        return checkpoints == null ? 0 : checkpoints.completedCheckpointId();
    }

    /**
     * Takes a snapshot of every task. Allocates; not for a hot path.
     *
     * @return the pipeline's metrics
     */
    public PipelineMetrics metrics() {
        return TaskMonitor.pipelineMetrics(name, clock.millis(), monitors);
    }

    /**
     * Stops the pipeline and closes every task that has not ended; idempotent. Called from inside
     * a duty cycle (a sink), it stops the pipeline, and the tasks are closed once that cycle has
     * returned: none is closed under its own running operators.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        control.stop();
        if (!running) {
            endRemaining();
        }
    }

    /** Ends every task that has not ended; once the pipeline is closed and no duty cycle runs. */
    private void endRemaining() {
        for (int i = 0; i < tasks.length; i++) {
            if (!ended[i]) {
                end(i);
            }
        }
    }

    /** Leaves a run of duty cycles; a close() from inside one closes the tasks now. */
    private void leave() {
        running = false;
        if (closed) {
            endRemaining();
        }
    }

    /** @return true if task {@code i} did work; a task that ends is closed and skipped from then on */
    private boolean dutyCycle(final int i) {
        if (ended[i]) {
            return false;
        }
        try {
            return tasks[i].doWork() > 0;
        } catch (AgentTerminationException e) {
            end(i);
            return true;
        } catch (Exception | Error e) {
            control.fail(e);
            end(i);
            return true;
        }
    }

    private void end(final int i) {
        ended[i] = true;
        live--;
        try {
            tasks[i].onClose();
        } catch (RuntimeException | Error e) {
            control.fail(e);
        }
    }

    /** @return the earliest time a task that has not ended has work due without new input */
    private long nextDueMillis() {
        long due = Long.MAX_VALUE;
        for (int i = 0; i < tasks.length; i++) {
            if (!ended[i]) {
                due = Math.min(due, tasks[i].nextDueMillis());
            }
        }
        return due;
    }

    /** Moves the clock to a due time; a due time that has passed means a task claims work its duty cycle does not do. */
    private void moveClockTo(final long due) {
        if (due <= clock.millis()) {
            throw new IllegalStateException("pipeline '" + name + "': " + dueTask(due) + " has work due at " + due
                    + " but did none at processing time " + clock.millis());
        }
        clock.advanceTo(due);
    }

    private String dueTask(final long due) {
        for (int i = 0; i < tasks.length; i++) {
            if (!ended[i] && tasks[i].nextDueMillis() == due) {
                return "task " + tasks[i].roleName();
            }
        }
        return "a task";
    }

    private String waitingTask() {
        for (int i = tasks.length - 1; i >= 0; i--) {
            if (!ended[i]) {
                return "task " + tasks[i].roleName();
            }
        }
        return "no task";
    }

    private void enter() {
        if (running) {
            throw new IllegalStateException("pipeline '" + name + "' is running already on this thread: a sink or operator may not"
                    + " drive its own deterministic pipeline");
        }
        running = true;
    }

    private void checkOpen() {
        if (closed) {
            throw new PipelineStoppedException(control.failure());
        }
    }

    /** After a failure every task is stopped and closed, and the failure is thrown. */
    private void throwIfStopped() {
        final Throwable failure = control.failure();
        if (failure == null) {
            return;
        }
        if (control.isStopping() || live == 0) {
            close();
            throw new PipelineExecutionException(name, failure);
        }
    }

    /** Runs the tasks where a threaded publisher would wait, and after each publisher call. */
    private final class DeterministicPublisherWait implements PublisherWait {
        @Override
        public void awaitRoom() {
            checkOpen();
            enter();
            boolean progress = false;
            try {
                for (int i = 0; i < tasks.length && !progress; i++) {
                    if (!(tasks[i] instanceof PublisherFedTask)) {
                        progress = dutyCycle(i);
                    }
                }
            } finally {
                leave();
            }
            throwIfStopped();
            if (!progress) {
                throw new IllegalStateException("pipeline '" + name + "': a publisher's rings are full and no task can take from them");
            }
        }

        @Override
        public void callEnded() {
            runUntilQuiescent();
        }
    }
}
