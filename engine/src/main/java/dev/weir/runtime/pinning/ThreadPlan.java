package dev.weir.runtime.pinning;

import dev.weir.runtime.IdleStrategyKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Which tasks run on which thread, and with which idle strategy: one thread per task, or
 * several busy-spinning tasks on one thread when there are fewer free cores than such tasks
 * (see {@link BusySpinBudget#plan}). Threads are in the order of their first task. Immutable.
 */
public final class ThreadPlan {
    private final int[][] tasks;
    private final IdleStrategyKind[] idleStrategies;
    private final int[] threadOfTask;

    ThreadPlan(final List<int[]> tasksOfThreads, final List<IdleStrategyKind> idleStrategies) {
        this.tasks = tasksOfThreads.toArray(new int[0][]);
        this.idleStrategies = idleStrategies.toArray(new IdleStrategyKind[0]);
        int taskCount = 0;
        for (final int[] thread : tasks) {
            taskCount += thread.length;
        }
        this.threadOfTask = new int[taskCount];
        for (int thread = 0; thread < tasks.length; thread++) {
            for (final int task : tasks[thread]) {
                threadOfTask[task] = thread;
            }
        }
    }

    /**
     * @param idleStrategies each task's idle strategy, in task order
     * @return a plan giving every task a thread of its own
     */
    public static ThreadPlan onePerTask(final List<IdleStrategyKind> idleStrategies) {
        final List<int[]> threads = new ArrayList<>(idleStrategies.size());
        for (int i = 0; i < idleStrategies.size(); i++) {
            threads.add(new int[] {i});
        }
        return new ThreadPlan(threads, idleStrategies);
    }

    /** @return the number of threads */
    public int threadCount() {
        return tasks.length;
    }

    /** @return the number of tasks */
    public int taskCount() {
        return threadOfTask.length;
    }

    /**
     * @param thread a thread's index
     * @return the indices of the tasks it runs, in task order
     */
    public int[] tasksOf(final int thread) {
        return tasks[thread].clone();
    }

    /**
     * @param thread a thread's index
     * @return its idle strategy
     */
    public IdleStrategyKind idleStrategy(final int thread) {
        return idleStrategies[thread];
    }

    /**
     * @param task a task's index
     * @return the index of the thread that runs it
     */
    public int threadOf(final int task) {
        return threadOfTask[task];
    }

    @Override
    public String toString() {
        return Arrays.deepToString(tasks);
    }
}
