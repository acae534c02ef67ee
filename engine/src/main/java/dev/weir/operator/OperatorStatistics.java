package dev.weir.operator;

/**
 * What an operator can tell about itself beyond the records and watermarks that pass it
 * (docs/semantics.md §6). Called only from the operator's own thread (the runtime copies the values
 * into metrics gauges after each batch); each call must be cheap and allocation-free.
 */
public interface OperatorStatistics {
    /** @return late records dropped and counted ({@code numLateRecordsDropped}) */
    default long lateRecordsDropped() {
        return 0;
    }

    /** @return late records sent to the late side output */
    default long lateRecordsSideOutput() {
        return 0;
    }

    /** @return pending event-time plus processing-time timers */
    int pendingTimers();

    /** @return keyed state entries held */
    long stateEntries();

    /** @return bytes of memory outside the Java heap the operator's keyed state holds */
    default long stateOffHeapBytes() {
        return 0;
    }
}
