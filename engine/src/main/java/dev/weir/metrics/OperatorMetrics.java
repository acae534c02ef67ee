package dev.weir.metrics;

/**
 * One operator instance at the moment of a snapshot (docs/semantics.md §6). Operators that keep no
 * timers or state report 0 for them. Immutable.
 *
 * @param name the operator's name in its chain ({@code map}, {@code window}, ...)
 * @param recordsIn records the operator received
 * @param recordsOut records it emitted (side outputs not included)
 * @param inputWatermark the last watermark it received ({@code Long.MIN_VALUE} if none)
 * @param outputWatermark the last watermark it emitted
 * @param watermarkLagMillis processing time minus the input watermark, see {@link WatermarkLag}
 * @param lateRecordsDropped late records dropped and counted ({@code numLateRecordsDropped})
 * @param lateRecordsSideOutput late records sent to the late side output
 * @param pendingTimers event-time plus processing-time timers waiting to fire
 * @param stateEntries keyed state entries held (window contents: one per key and window)
 * @param stateOffHeapBytes memory outside the Java heap the keyed state holds (0 on the heap backend)
 */
public record OperatorMetrics(
        String name,
        long recordsIn,
        long recordsOut,
        long inputWatermark,
        long outputWatermark,
        long watermarkLagMillis,
        long lateRecordsDropped,
        long lateRecordsSideOutput,
        long pendingTimers,
        long stateEntries,
        long stateOffHeapBytes) {
}
