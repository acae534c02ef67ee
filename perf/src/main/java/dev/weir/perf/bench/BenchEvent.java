package dev.weir.perf.bench;

import dev.weir.operator.KeySelector;
import dev.weir.time.Punctuation;
import dev.weir.time.TimestampAssigner;
import dev.weir.time.WatermarkStrategy;
import java.io.Serializable;
import java.util.function.ToLongFunction;

/**
 * The event of the {@code pass-through}, {@code tumbling}, {@code sliding} and {@code session} pipelines: a key, a
 * value, an event time and the time the load intended to send it. Mutable and pooled: the event factory refills it in
 * place, its key taken from a table of pre-boxed keys, so sending allocates nothing. Whoever receives one reads it and
 * keeps no reference past the call. Not thread-safe. A plain class with a no-argument constructor, so engines that
 * copy records with a generic serializer (Flink's Kryo) can.
 */
public final class BenchEvent {
    /** Its key, serializable (engines that ship functions need it). */
    public static final KeySelector<BenchEvent, Integer> BY_KEY = (KeySelector<BenchEvent, Integer> & Serializable) BenchEvent::key;

    /** Its value, serializable: what the count-sum pipelines sum. */
    public static final ToLongFunction<BenchEvent> VALUE = (ToLongFunction<BenchEvent> & Serializable) BenchEvent::value;

    /** Its intended send time, serializable. */
    public static final ToLongFunction<BenchEvent> INTENDED_NANOS = (ToLongFunction<BenchEvent> & Serializable) BenchEvent::intendedNanos;

    /** Its event time as the record's timestamp, serializable. */
    public static final TimestampAssigner<BenchEvent> EVENT_TIME =
            (TimestampAssigner<BenchEvent> & Serializable) (event, recordTimestamp) -> event.eventTimeMillis();

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

    /**
     * The strategy of an input whose event time never decreases (as {@link BenchEvents} makes it): watermarks of the
     * highest event time so far minus 1, emitted periodically, or after every record when the interval is 0.
     *
     * @param intervalMillis the periodic interval in milliseconds of processing time, 0 = after every record
     * @return the strategy, its assigner reading {@link #eventTimeMillis()}, every function serializable
     */
    public static WatermarkStrategy<BenchEvent> monotonousWatermarks(final long intervalMillis) {
        final WatermarkStrategy<BenchEvent> strategy = intervalMillis == 0
                // Weir's interval 0 means no periodic emission: the record itself carries the watermark instead
                ? WatermarkStrategy.forPunctuation((Punctuation<BenchEvent> & Serializable) (event, timestamp) -> timestamp - 1)
                : WatermarkStrategy.<BenchEvent>forMonotonousTimestamps().withPeriodicInterval(intervalMillis);
        return strategy.withTimestampAssigner(EVENT_TIME);
    }

    @Override
    public String toString() {
        return "BenchEvent{key=" + key + ", value=" + value + ", eventTimeMillis=" + eventTimeMillis + '}';
    }
}
