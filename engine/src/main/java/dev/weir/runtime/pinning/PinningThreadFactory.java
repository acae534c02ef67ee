package dev.weir.runtime.pinning;

import dev.weir.runtime.Gauge;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Makes task threads that pin themselves to a CPU from a configured list before they run: the
 * thread of index {@code i} gets {@code cpus[i]} (with a thread per task, the task of index
 * {@code i}; {@link CpuAssignment} makes the list); threads beyond the list, or whose entry is
 * {@link CpuAssignment#UNPINNED}, run unpinned. A thread
 * that cannot be pinned (CPU not reservable, no native access) runs unpinned: the pipeline
 * never fails for it, and logs one warning per pipeline (the first failure; every task's
 * outcome shows in {@code TaskMetrics.cpu}). Thread-safe.
 */
public final class PinningThreadFactory implements TaskThreadFactory {
    private static final Logger LOG = Logger.getLogger(PinningThreadFactory.class.getName());

    private final String pipeline;
    private final TaskThreadFactory threads;
    private final int[] cpus;
    private final CpuBinder binder;
    private final List<List<Gauge>> pinnedCpus;
    private final AtomicBoolean warned = new AtomicBoolean();

    /**
     * @param pipeline the pipeline's name, for the warning
     * @param threads makes the threads
     * @param cpus the CPU of each thread, in thread order, or {@link CpuAssignment#UNPINNED}
     * @param binder pins a thread
     * @param pinnedCpus per thread, in thread order, the gauges of the tasks it runs: set to the CPU once pinned
     */
    public PinningThreadFactory(final String pipeline, final TaskThreadFactory threads, final int[] cpus, final CpuBinder binder,
            final List<List<Gauge>> pinnedCpus) {
        this.pipeline = pipeline;
        this.threads = threads;
        this.cpus = cpus.clone();
        this.binder = binder;
        this.pinnedCpus = List.copyOf(pinnedCpus);
    }

    @Override
    public Thread newThread(final Runnable body, final String roleName, final int index) {
        if (index >= cpus.length || cpus[index] == CpuAssignment.UNPINNED) {
            return threads.newThread(body, roleName, index);
        }
        final int cpu = cpus[index];
        return threads.newThread(() -> runPinned(body, roleName, index, cpu), roleName, index);
    }

    private void runPinned(final Runnable body, final String roleName, final int index, final int cpu) {
        CpuBinding binding = null;
        try {
            binding = binder.bind(cpu);
            if (index < pinnedCpus.size()) {
                for (final Gauge pinned : pinnedCpus.get(index)) {
                    pinned.set(cpu);
                }
            }
        } catch (CpuPinningException e) {
            warnOnce(roleName, cpu, e.getMessage());
        }
        try {
            body.run();
        } finally {
            if (binding != null) {
                binding.release();
            }
        }
    }

    private void warnOnce(final String roleName, final int cpu, final String reason) {
        if (warned.compareAndSet(false, true)) {
            LOG.log(Level.WARNING, "weir: pipeline ''{0}'': cannot pin task {1} to CPU {2}: {3}. Tasks that cannot be pinned run"
                    + " unpinned (see TaskMetrics.cpu); on a 2-core machine only CPU 1 can be reserved.",
                    new Object[] {pipeline, roleName, cpu, reason});
        } else {
            LOG.log(Level.FINE, "weir: pipeline ''{0}'': cannot pin task {1} to CPU {2}: {3}", new Object[] {pipeline, roleName, cpu, reason});
        }
    }
}
