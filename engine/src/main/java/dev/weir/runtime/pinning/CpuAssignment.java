package dev.weir.runtime.pinning;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Which CPU each task thread is pinned to, from the stages' lists and the pipeline's list. A
 * stage's list wins for its instances: a thread runs on the stage CPU of its first task that has
 * one. When tasks sharing a thread ({@link BusySpinBudget#plan}) have different stage CPUs, the
 * thread keeps its first task's and one warning names the others, which stay unused. Every other
 * thread, in thread order, takes the next CPU of the pipeline's list, skipping the CPUs stages
 * pin; threads beyond that list run unpinned. So no two threads are pinned to one CPU as long as
 * no two tasks have the same stage CPU, which the pipeline checks before it starts.
 */
public final class CpuAssignment {
    /** A thread's CPU when it runs unpinned. */
    public static final int UNPINNED = -1;

    private static final Logger LOG = Logger.getLogger(CpuAssignment.class.getName());

    private CpuAssignment() {
    }

    /**
     * @param pipeline the pipeline's name, for the warning
     * @param taskNames the tasks' names, in task order
     * @param stageCpus each task's CPU from its stage's list, or {@link #UNPINNED}, in task order
     * @param pipelineCpus the pipeline's list, distinct CPUs
     * @param plan the task threads
     * @return each thread's CPU, or {@link #UNPINNED}, in thread order
     */
    public static int[] threadCpus(final String pipeline, final List<String> taskNames, final List<Integer> stageCpus,
            final int[] pipelineCpus, final ThreadPlan plan) {
        final Set<Integer> pinnedByStages = new HashSet<>(stageCpus);
        pinnedByStages.remove(UNPINNED);
        final int[] cpus = new int[plan.threadCount()];
        final List<String> mixed = new ArrayList<>();
        int next = 0;
        for (int thread = 0; thread < cpus.length; thread++) {
            int cpu = UNPINNED;
            final List<String> names = new ArrayList<>();
            final List<String> ignored = new ArrayList<>();
            for (final int task : plan.tasksOf(thread)) {
                final int asked = stageCpus.get(task);
                names.add(taskNames.get(task));
                if (cpu == UNPINNED) {
                    cpu = asked;
                } else if (asked != UNPINNED && asked != cpu) {
                    ignored.add(taskNames.get(task) + " asked for CPU " + asked);
                }
            }
            if (!ignored.isEmpty()) {
                mixed.add("thread " + thread + " runs " + names + " on CPU " + cpu + " (" + String.join(", ", ignored) + ")");
            }
            if (cpu == UNPINNED) {
                while (next < pipelineCpus.length && pinnedByStages.contains(pipelineCpus[next])) {
                    next++;
                }
                if (next < pipelineCpus.length) {
                    cpu = pipelineCpus[next++];
                }
            }
            cpus[thread] = cpu;
        }
        if (!mixed.isEmpty()) {
            LOG.log(Level.WARNING, "weir: pipeline ''{0}'': tasks pinned to different CPUs share a thread, which runs on the CPU of its"
                    + " first pinned task: {1}", new Object[] {pipeline, String.join("; ", mixed)});
        }
        return cpus;
    }
}
