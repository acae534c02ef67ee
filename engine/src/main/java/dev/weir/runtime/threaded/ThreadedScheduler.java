package dev.weir.runtime.threaded;

import dev.weir.runtime.Gauge;
import dev.weir.runtime.IdleStrategyKind;
import dev.weir.runtime.IdlingPublisherWait;
import dev.weir.runtime.PipelineTask;
import dev.weir.runtime.PublisherFedTask;
import dev.weir.runtime.pinning.BusySpinBudget;
import dev.weir.runtime.pinning.CpuAssignment;
import dev.weir.runtime.pinning.CpuBinder;
import dev.weir.runtime.pinning.PinningThreadFactory;
import dev.weir.runtime.pinning.TaskThreadFactory;
import dev.weir.runtime.pinning.ThreadPlan;
import dev.weir.runtime.task.CompiledPipeline;
import dev.weir.runtime.task.PlannedTask;
import dev.weir.runtime.task.TaskMonitor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Runs a {@link CompiledPipeline} on threads: each task is an Agrona agent on a thread of its
 * own, or, beyond the busy-spin budget, several busy-spinning tasks share a thread
 * ({@link BusySpinBudget#plan}); threads are pinned to CPUs as the stages and the pipeline ask
 * ({@link CpuAssignment}). Publisher-fed source instances get no thread: the application's
 * thread feeds them. See docs/runtime.md, "The threaded scheduler". Immutable.
 */
public final class ThreadedScheduler {
    private final int availableProcessors;
    private final int[] cpus;
    private final CpuBinder cpuBinder;
    private final TaskThreadFactory threadFactory;

    /**
     * @param availableProcessors the processors the busy-spin budget counts
     * @param cpus the pipeline's CPU list (see {@code StreamPipeline.cpus})
     * @param cpuBinder pins threads to CPUs
     * @param threadFactory makes the threads
     */
    public ThreadedScheduler(final int availableProcessors, final int[] cpus, final CpuBinder cpuBinder, final TaskThreadFactory threadFactory) {
        this.availableProcessors = availableProcessors;
        this.cpus = cpus.clone();
        this.cpuBinder = cpuBinder;
        this.threadFactory = threadFactory;
    }

    /**
     * Connects the publishers, plans the threads and starts them.
     *
     * @param plan the compiled pipeline, not run before
     * @return the running pipeline
     */
    public RunningPipeline start(final CompiledPipeline plan) {
        final List<PipelineTask> tasks = new ArrayList<>();
        final List<String> roles = new ArrayList<>();
        final List<IdleStrategyKind> idle = new ArrayList<>();
        final List<Integer> stageCpus = new ArrayList<>();
        final List<PublisherFedTask> publisherTasks = new ArrayList<>();
        for (final PlannedTask planned : plan.tasks()) {
            if (!planned.threaded()) {
                final PublisherFedTask publisherTask = (PublisherFedTask) planned.task();
                publisherTask.connect(new IdlingPublisherWait(plan.control()));
                publisherTasks.add(publisherTask);
                continue;
            }
            tasks.add(planned.task());
            roles.add(planned.task().roleName());
            idle.add(planned.idleStrategy());
            stageCpus.add(planned.cpu());
        }
        final String name = plan.name();
        final ThreadPlan threads = BusySpinBudget.plan(name, roles, idle, availableProcessors);
        final List<List<Gauge>> pinned = new ArrayList<>();
        for (int thread = 0; thread < threads.threadCount(); thread++) {
            pinned.add(new ArrayList<>());
        }
        for (final TaskMonitor monitor : plan.monitors()) {
            if (monitor.taskIndex() >= 0) {
                pinned.get(threads.threadOf(monitor.taskIndex())).add(monitor.cpu());
            }
        }
        final int[] threadCpus = CpuAssignment.threadCpus(name, roles, stageCpus, cpus, threads);
        final TaskThreadFactory factory = Arrays.stream(threadCpus).allMatch(cpu -> cpu == CpuAssignment.UNPINNED) ? threadFactory
                : new PinningThreadFactory(name, threadFactory, threadCpus, cpuBinder, pinned);
        return new RunningPipeline(name, plan.control(), tasks, threads, factory, plan.clock(), plan.monitors(), plan.checkpoints(),
                publisherTasks);
    }
}
