package dev.weir.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Never more busy-spinning task threads than free cores (ARCHITECTURE.md: 3 busy threads on
 * 2 cores push a hop's p50 from 0.6 µs to 61 µs). One core is left to the OS, the JVM and the
 * application's publishing thread: with {@code n} available processors at most {@code n - 1}
 * tasks busy-spin; the first ones, in task order, keep {@link IdleStrategyKind#BUSY_SPIN}, the
 * rest are degraded to {@link IdleStrategyKind#BACKOFF} with one warning.
 */
public final class BusySpinBudget {
    private static final Logger LOG = Logger.getLogger(BusySpinBudget.class.getName());

    private BusySpinBudget() {
    }

    /**
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
