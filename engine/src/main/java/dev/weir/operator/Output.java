package dev.weir.operator;

import dev.weir.event.WatermarkSink;

/**
 * Where an operator emits records, side-output records, watermarks and status changes,
 * in stream order. Called from the operator's thread only.
 *
 * @param <T> the main output's record type
 */
public interface Output<T> extends WatermarkSink {
    /**
     * @param value a record
     * @param timestamp its event time in milliseconds
     */
    void record(T value, long timestamp);

    /**
     * @param tag the side output
     * @param value a record for it
     * @param timestamp its event time in milliseconds
     * @param <X> the side output's record type
     */
    <X> void sideOutput(OutputTag<X> tag, X value, long timestamp);
}
