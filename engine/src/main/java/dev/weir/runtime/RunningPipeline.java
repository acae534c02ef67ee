package dev.weir.runtime;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.AgentTerminationException;

/**
 * A started pipeline: one thread per task, each an Agrona {@link AgentRunner} with its idle
 * strategy. An exception in any task stops every task; {@link #awaitTermination()} then
 * throws it as the cause of a {@link PipelineExecutionException}. No thread outlives
 * {@link #close()}.
 */
public final class RunningPipeline implements AutoCloseable {
    private final String name;
    private final PipelineControl control;
    private final List<AgentRunner> runners = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final CountDownLatch terminated;

    /**
     * Starts a thread per task.
     *
     * @param name the pipeline's name
     * @param control the pipeline's shared stop/failure state
     * @param tasks the tasks
     * @param idleStrategies the idle strategy of each task, in task order
     * @param threadFactory makes (and may pin) each task's thread
     */
    public RunningPipeline(final String name, final PipelineControl control, final List<? extends Agent> tasks,
            final List<IdleStrategyKind> idleStrategies, final TaskThreadFactory threadFactory) {
        this.name = name;
        this.control = control;
        this.terminated = new CountDownLatch(tasks.size());
        for (int i = 0; i < tasks.size(); i++) {
            final Agent task = tasks.get(i);
            final AgentRunner runner = new AgentRunner(idleStrategies.get(i).create(), error -> {
                if (!(error instanceof AgentTerminationException)) {
                    control.fail(error);
                }
            }, null, new TerminationSignal(task, terminated));
            runners.add(runner);
        }
        for (int i = 0; i < runners.size(); i++) {
            final Thread thread = threadFactory.newThread(runners.get(i), tasks.get(i).roleName(), i);
            threads.add(thread);
        }
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

    private void joinThreads() throws InterruptedException {
        for (final Thread thread : threads) {
            thread.join();
        }
    }

    private void throwIfFailed() {
        final Throwable failure = control.failure();
        if (failure != null) {
            throw new PipelineExecutionException(name, failure);
        }
    }

    /** @return true while any task runs */
    public boolean isRunning() {
        return terminated.getCount() > 0;
    }

    /** @return the pipeline's shared stop/failure state */
    public PipelineControl control() {
        return control;
    }

    /** @return the task threads, for diagnostics */
    public List<Thread> threads() {
        return List.copyOf(threads);
    }

    /** Stops every task and waits for its thread to end; idempotent. */
    @Override
    public void close() {
        control.stop();
        for (final AgentRunner runner : runners) {
            runner.close();
        }
    }

    /** Counts a task down when its runner closes it, however it ended. */
    private static final class TerminationSignal implements Agent {
        private final Agent task;
        private final CountDownLatch terminated;

        TerminationSignal(final Agent task, final CountDownLatch terminated) {
            this.task = task;
            this.terminated = terminated;
        }

        @Override
        public void onStart() {
            task.onStart();
        }

        @Override
        public int doWork() throws Exception {
            return task.doWork();
        }

        @Override
        public void onClose() {
            try {
                task.onClose();
            } finally {
                terminated.countDown();
            }
        }

        @Override
        public String roleName() {
            return task.roleName();
        }
    }
}
