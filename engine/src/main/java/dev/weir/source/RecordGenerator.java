package dev.weir.source;

/**
 * Makes the records of a {@link GeneratorSource}. Called from every source instance's thread:
 * keep it stateless or thread-safe.
 *
 * @param <T> the record type
 */
@FunctionalInterface
public interface RecordGenerator<T> {
    /**
     * @param sequence the record's number, from 0, unique across the source's instances
     * @param intendedNanos when the record was due on the source's {@link dev.weir.clock.NanoClock}
     *     (the fixed-rate schedule, not the moment of the call: a latency measured from it is
     *     free of coordinated omission)
     * @return the record
     */
    T generate(long sequence, long intendedNanos);
}
