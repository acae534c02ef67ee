package dev.weir.perf.bench;

import java.io.Serializable;

/**
 * One result of {@code interval-join}: an order id and the latency of one of its executions, the execution's event
 * time minus the order's, with the intended send time of the later of the two events (the one whose arrival made the
 * pair). Mutable and reused: {@link OrderLatencyJoin} refills one per thread, so joining allocates nothing; whoever
 * receives one reads it and keeps no reference past the call. Not thread-safe. A plain class with a no-argument
 * constructor, so engines that copy records with a generic serializer (Flink's Kryo) can.
 */
public final class OrderLatency implements Serializable {
    private static final long serialVersionUID = 1L;

    private int id;
    private long latencyMillis;
    private long intendedNanos;

    /**
     * Refills this result.
     *
     * @param newId the order id
     * @param newLatencyMillis the execution's event time minus the order's
     * @param newIntendedNanos the intended send time of the later event of the pair
     * @return this result
     */
    public OrderLatency refill(final int newId, final long newLatencyMillis, final long newIntendedNanos) {
        this.id = newId;
        this.latencyMillis = newLatencyMillis;
        this.intendedNanos = newIntendedNanos;
        return this;
    }

    /** @return the order id */
    public int id() {
        return id;
    }

    /** @return the execution's event time minus the order's, in milliseconds */
    public long latencyMillis() {
        return latencyMillis;
    }

    /** @return the intended send time of the later event of the pair, in nanoseconds */
    public long intendedNanos() {
        return intendedNanos;
    }

    @Override
    public String toString() {
        return "order " + id + ": " + latencyMillis + " ms";
    }
}
