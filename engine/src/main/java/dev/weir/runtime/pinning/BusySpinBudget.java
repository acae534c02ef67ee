package dev.weir.runtime.pinning;

import dev.weir.runtime.IdleStrategyKind;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Never more busy-spinning task threads than free cores (docs/architecture.md, "The threaded runtime": 3 busy threads on
 * 2 cores push a hop's p50 from 0.6 µs to 61 µs). One core is left to the OS, the JVM and the
 * application's publishing thread: with {@code n} available processors at most {@code n - 1}
 * threads busy-spin. A pipeline asks {@link #plan}: busy-spinning tasks beyond the budget share
 * the budget's threads, several tasks per thread, a task switch being a method return rather
 * than a context switch (docs/architecture.md, "The threaded runtime"), and all keep
 * {@link IdleStrategyKind#BUSY_SPIN}. Only with no free core (one processor) does a task lose
 * its busy-spinning: {@link #limit} gives it {@link IdleStrategyKind#BACKOFF}, with one warning.
 */
public final class BusySpinBudget {
    private static final Logger LOG = Logger.getLogger(BusySpinBudget.class.getName());

    private BusySpinBudget() {
    }

    /**
     * Plans the task threads. When the busy-spinning tasks fit the budget, or the budget is zero
     * (one processor), every task gets a thread of its own with {@link #limit}'s idle strategy.
     * Otherwise the busy-spinning tasks run on exactly {@code budget} busy-spinning threads, the
     * {@code k}-th of them (in task order) on thread {@code k % budget}, with one informational
     * line naming which tasks share which thread; every other task keeps a thread of its own.
     *
     * @param pipeline the pipeline's name, for the log line
     * @param taskNames the tasks' names, in task order
     * @param requested each task's configured idle strategy, in task order
     * @param availableProcessors the processors the JVM may use ({@code Runtime.availableProcessors()})
     * @return the task threads
     */
    public static ThreadPlan plan(final String pipeline, final List<String> taskNames, final List<IdleStrategyKind> requested,
            final int availableProcessors) {
        final int budget = Math.max(0, availableProcessors - 1);
        int spinning = 0;
        for (final IdleStrategyKind kind : requested) {
            if (kind == IdleStrategyKind.BUSY_SPIN) {
                spinning++;
            }
        }
        if (spinning <= budget || budget == 0) {
            return ThreadPlan.onePerTask(limit(pipeline, taskNames, requested, availableProcessors));
        }
        final List<List<Integer>> shared = new ArrayList<>(budget);
        final List<int[]> threads = new ArrayList<>();
        final List<List<Integer>> members = new ArrayList<>();
        final List<IdleStrategyKind> kinds = new ArrayList<>();
        int spinner = 0;
        for (int i = 0; i < requested.size(); i++) {
            final IdleStrategyKind kind = requested.get(i);
            if (kind != IdleStrategyKind.BUSY_SPIN) {
                members.add(List.of(i));
                kinds.add(kind);
            } else if (spinner < budget) {
                final List<Integer> thread = new ArrayList<>();
                thread.add(i);
                shared.add(thread);
                members.add(thread);
                kinds.add(kind);
                spinner++;
            } else {
                shared.get(spinner++ % budget).add(i);
            }
        }
        final List<String> sharing = new ArrayList<>();
        for (int thread = 0; thread < members.size(); thread++) {
            final List<Integer> tasks = members.get(thread);
            final int[] indices = new int[tasks.size()];
            final List<String> names = new ArrayList<>();
            for (int j = 0; j < indices.length; j++) {
                indices[j] = tasks.get(j);
                names.add(taskNames.get(indices[j]));
            }
            threads.add(indices);
            if (indices.length > 1) {
                sharing.add("thread " + thread + " runs " + names);
            }
        }
        LOG.log(Level.INFO, "weir: pipeline ''{0}'' asks {1} tasks to busy-spin, {2} processor(s) leave room for {3} busy thread(s),"
                + " so tasks share them: {4}", new Object[] {pipeline, spinning, availableProcessors, budget, String.join("; ", sharing)});
        return new ThreadPlan(threads, kinds);
    }

    /**
     * The idle strategies of one thread per task: the first {@code n - 1} busy-spinning tasks,
     * in task order, keep {@link IdleStrategyKind#BUSY_SPIN}, the rest get
     * {@link IdleStrategyKind#BACKOFF}, with one warning. {@link #plan} uses it only where
     * that degrades nothing or there is no free core.
     *
     * @param pipeline the pipeline's name, for the warning
     * @param taskNames the tasks' names, in task order
     * @param requested each task's configured idle strategy, in task order
     * @param availableProcessors the processors the JVM may use ({@code Runtime.availableProcessors()})
     * @return each task's idle strategy within the budget, in task order
     */
    public static List<IdleStrategyKind> limit(final String pipeline, final List<String> taskNames, final List<IdleStrategyKind> requested,
            final int availableProcessors) {
        final int budget = Math.max(0, availableProcessors - 1);
        final List<IdleStrategyKind> granted = new ArrayList<>(requested.size());
        final List<String> degraded = new ArrayList<>();
        int spinning = 0;
        for (int i = 0; i < requested.size(); i++) {
            final IdleStrategyKind kind = requested.get(i);
            if (kind == IdleStrategyKind.BUSY_SPIN && spinning++ >= budget) {
                granted.add(IdleStrategyKind.BACKOFF);
                degraded.add(taskNames.get(i));
            } else {
                granted.add(kind);
            }
        }
        if (!degraded.isEmpty()) {
            LOG.log(Level.WARNING, "weir: pipeline ''{0}'' asks {1} tasks to busy-spin, but {2} processor(s) leave room for {3}:"
                    + " {4} run with BACKOFF instead", new Object[] {pipeline, spinning, availableProcessors, budget, degraded});
        }
        return granted;
    }
}
