package dev.weir.flink.translation;

import dev.weir.operator.Collector;

/**
 * Weir's {@link Collector} over Flink's collector of the current call ({@link #enter}): a result
 * goes to Flink's collector, which stamps it as Flink's operator does. Reused for every call; not
 * thread-safe.
 */
final class WeirCollector implements Collector<Object> {
    private org.apache.flink.util.Collector<Object> out;

    /**
     * @param collector Flink's collector of the call
     * @return this collector, forwarding to it
     */
    WeirCollector enter(final org.apache.flink.util.Collector<Object> collector) {
        this.out = collector;
        return this;
    }

    @Override
    public void collect(final Object value) {
        out.collect(value);
    }
}
