package dev.weir.perf.bench;

/**
 * The event of the {@code pass-through}, {@code tumbling}, {@code sliding} and {@code session} pipelines: a key, a
 * value, an event time and the time the load intended to send it. Mutable and pooled: the event factory refills it in
 * place, its key taken from a table of pre-boxed keys, so sending allocates nothing. Whoever receives one reads it and
 * keeps no reference past the call. Not thread-safe. A plain class with a no-argument constructor, so engines that
 * copy records with a generic serializer (Flink's Kryo) can.
 */
public final class BenchEvent {
    private Integer key;
    private long value;
    private long eventTimeMillis;
    private long intendedNanos;

    /**
     * Refills this event.
     *
     * @param newKey the key object, from a pre-boxed table
     * @param newValue the value
     * @param newEventTimeMillis the event time in milliseconds
     * @param newIntendedNanos when the load intended to send it, in nanoseconds on the harness's clock
     * @return this event
     */
    public BenchEvent refill(final Integer newKey, final long newValue, final long newEventTimeMillis, final long newIntendedNanos) {
        this.key = newKey;
        this.value = newValue;
        this.eventTimeMillis = newEventTimeMillis;
        this.intendedNanos = newIntendedNanos;
        return this;
    }

    /** @return the key */
    public Integer key() {
        return key;
    }

    /** @return the value */
    public long value() {
        return value;
    }

    /** @return the event time in milliseconds */
    public long eventTimeMillis() {
        return eventTimeMillis;
    }

    /** @return the intended send time in nanoseconds */
    public long intendedNanos() {
        return intendedNanos;
    }

    @Override
    public String toString() {
        return "BenchEvent{key=" + key + ", value=" + value + ", eventTimeMillis=" + eventTimeMillis + '}';
    }
}
