package dev.weir.runtime.chain;

import dev.weir.operator.OperatorStatistics;
import dev.weir.runtime.Gauge;

/**
 * The statistics one operator keeps about itself, copied into gauges by the task's thread
 * after each batch so that other threads can read them safely. Operators without
 * {@link OperatorStatistics} report zeros.
 */
final class OperatorGauges {
    private final OperatorStatistics statistics;
    final Gauge lateRecordsDropped = new Gauge(0);
    final Gauge lateRecordsSideOutput = new Gauge(0);
    final Gauge pendingTimers = new Gauge(0);
    final Gauge stateEntries = new Gauge(0);
    final Gauge stateOffHeapBytes = new Gauge(0);

    OperatorGauges(final Object operator) {
        this.statistics = operator instanceof OperatorStatistics ? (OperatorStatistics) operator : null;
    }

    /** Copies the operator's current statistics; the task's thread only. */
    void publish() {
        if (statistics != null) {
            lateRecordsDropped.set(statistics.lateRecordsDropped());
            lateRecordsSideOutput.set(statistics.lateRecordsSideOutput());
            pendingTimers.set(statistics.pendingTimers());
            stateEntries.set(statistics.stateEntries());
            stateOffHeapBytes.set(statistics.stateOffHeapBytes());
        }
    }
}
