package dev.weir.window;

import java.util.List;

/**
 * Removes elements from a window before and/or after its function runs; removal is by the
 * list's iterator, in the list's (arrival) order.
 *
 * @param <T> the record type
 * @param <W> the window type
 */
public interface Evictor<T, W extends Window> {
    /**
     * @param elements the window's elements, mutable
     * @param window the window
     * @param currentWatermark the operator's watermark
     */
    void evictBefore(List<TimestampedValue<T>> elements, W window, long currentWatermark);

    /**
     * @param elements the window's elements, mutable
     * @param window the window
     * @param currentWatermark the operator's watermark
     */
    void evictAfter(List<TimestampedValue<T>> elements, W window, long currentWatermark);
}
