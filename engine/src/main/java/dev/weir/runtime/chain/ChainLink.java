package dev.weir.runtime.chain;

import dev.weir.runtime.Counter;
import dev.weir.runtime.Gauge;

/**
 * A point of a task's operator chain that records and watermarks pass: the entry of the
 * chain, between two operators, or its exit. It counts the records and remembers the last
 * watermark, so that one link is both an operator's output and the next one's input in the
 * metrics. Written by the task's thread only; read by any (see {@link Counter}, {@link Gauge}).
 */
final class ChainLink {
    final Counter records = new Counter();
    final Gauge watermark = new Gauge(Long.MIN_VALUE);
}
