package dev.weir.time;

/**
 * Generates watermarks from the records of one stream (docs/semantics.md §1).
 * Called from the thread that reads the stream only.
 *
 * @param <T> the record type
 */
public interface WatermarkGenerator<T> {
    /**
     * Sees every record; may emit (punctuated generators) or only update state (periodic ones).
     *
     * @param event the record
     * @param timestamp its event time in milliseconds
     * @param output where watermarks go
     */
    void onEvent(T event, long timestamp, WatermarkOutput output);

    /**
     * Called every periodic interval of processing time.
     *
     * @param output where watermarks go
     */
    void onPeriodicEmit(WatermarkOutput output);
}
