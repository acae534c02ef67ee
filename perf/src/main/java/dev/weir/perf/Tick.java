package dev.weir.perf;

/**
 * The benchmarks' record: a key, a price, its event time and the time the load generator intended to send it.
 * Mutable and pooled ({@link TickPool}): the generator refills a tick in place, so publishing allocates nothing.
 * Whoever receives a tick reads it and keeps no reference.
 */
public final class Tick {
    private Integer key;
    private int keyIndex;
    private long price;
    private long eventTimeMillis;
    private long intendedNanos;

    /**
     * @param newKey the key object (pre-boxed, so keying allocates nothing)
     * @param newKeyIndex the key as a primitive, for the primitive-map baseline
     * @param newPrice the price
     * @param newEventTimeMillis its event time, in milliseconds
     * @param newIntendedNanos when the generator intended to send it, on the harness's clock
     * @return this tick
     */
    public Tick set(final Integer newKey, final int newKeyIndex, final long newPrice, final long newEventTimeMillis,
            final long newIntendedNanos) {
        this.key = newKey;
        this.keyIndex = newKeyIndex;
        this.price = newPrice;
        this.eventTimeMillis = newEventTimeMillis;
        this.intendedNanos = newIntendedNanos;
        return this;
    }

    /** @return the key object */
    public Integer key() {
        return key;
    }

    /** @return the key as a primitive */
    public int keyIndex() {
        return keyIndex;
    }

    /** @return the price */
    public long price() {
        return price;
    }

    /** @return its event time, in milliseconds */
    public long eventTimeMillis() {
        return eventTimeMillis;
    }

    /** @return when the generator intended to send it */
    public long intendedNanos() {
        return intendedNanos;
    }
}
