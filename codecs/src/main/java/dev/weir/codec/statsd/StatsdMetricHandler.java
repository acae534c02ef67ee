package dev.weir.codec.statsd;

/**
 * Receives each well-formed metric of a datagram from {@link StatsdParser}, on the parsing thread,
 * in line order.
 */
@FunctionalInterface
public interface StatsdMetricHandler {
    /**
     * @param metric the parser's flyweight, valid only during this call (and while the payload's bytes
     *     are unchanged); copy what must outlive it, e.g. with {@link ByteSpan#asString}
     */
    void onMetric(StatsdMetric metric);
}
