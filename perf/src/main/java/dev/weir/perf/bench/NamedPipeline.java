package dev.weir.perf.bench;

import dev.weir.api.DataStream;
import dev.weir.perf.harness.Arrivals;
import dev.weir.perf.harness.EventFactory;
import dev.weir.perf.harness.PipelineFactory;
import dev.weir.time.WatermarkStrategy;
import java.util.function.ToLongFunction;

/**
 * One benchmark pipeline shape of {@code weir bench}, described once and engine-neutral so that Weir, the ceiling and
 * every {@link ComparedEngine} run the same logical pipeline over the same input and compute the same results.
 *
 * <p>The input is deterministic: event {@code i}'s key, value and event time depend on {@code i} and the settings
 * only, never on the rate or the clock; only its intended send time differs between runs. A system builds its source
 * with {@link #watermarks} (wrapped by {@link Arrivals#attributed} when {@link #windowed}), then calls
 * {@link #applyTo} for the rest. Implementations are stateless and thread-safe; every function {@link #applyTo} and
 * {@link #watermarks} hand to the stream is {@code Serializable} (an engine such as Flink ships them to its tasks),
 * except the sink, which stays in the caller's JVM because it reports to {@code arrivals}.
 *
 * @param <E> the event type
 */
public interface NamedPipeline<E> {
    /** @return the name {@code weir bench} takes: {@code pass-through}, {@code tumbling}, {@code sliding}, ... */
    String name();

    /** @return one line saying what the pipeline computes, for {@code weir bench --help} and the docs */
    String description();

    /**
     * Makes the input: a pool of pre-allocated events refilled in place, allocating nothing per event. Event
     * {@code i}'s content depends on {@code i} and {@code settings} only; it carries its intended send time.
     *
     * @param settings the keys and the event-time pace ({@link BenchSettings#keys()},
     *     {@link BenchSettings#eventsPerSecondOfEventTime()})
     * @param poolSize events in the pool, at least as many as every system can hold in flight plus one
     * @return a new factory, used by one harness run on its generating thread
     */
    EventFactory<E> events(BenchSettings settings, int poolSize);

    /** @return reads the intended send time an event carries, in nanoseconds on the harness's clock */
    ToLongFunction<E> intendedNanos();

    /**
     * @param event an event of this pipeline
     * @return its event time in milliseconds (what its publisher passes as the record's timestamp)
     */
    long timestampOf(E event);

    /**
     * The source's watermark strategy: its timestamp assigner agrees with {@link #timestampOf}, monotonous or bounded
     * out-of-orderness as the pipeline's input needs, periodic at {@link BenchSettings#watermarkIntervalMillis()}, or
     * after every record when that is 0 (Weir's own interval 0 means no periodic emission: use a punctuated strategy
     * then, as {@link BenchEvent#monotonousWatermarks} does). Serializable in every function.
     *
     * @param settings the run's settings
     * @return the base strategy, not yet attributed
     */
    WatermarkStrategy<E> watermarks(BenchSettings settings);

    /**
     * @return true if results are windows, reported with {@link Arrivals#recordWindowResult(long)} (the source's
     *     strategy must then be {@link Arrivals#attributed}); false if each record is reported with
     *     {@link Arrivals#record(long)}
     */
    boolean windowed();

    /**
     * @return false if Weir cannot run the keyed stage inline ({@code StagePlacement.INLINE}): a stage reading two
     *     streams (a union's, a join's) runs behind rings only; true by default
     */
    default boolean inlineable() {
        return true;
    }

    /**
     * Adds the pipeline's operators after its source: keyBy, the keyed stage at {@link BenchSettings#parallelism()},
     * its window or process function, and a sink that reports every result to {@code arrivals}. The sink is
     * thread-safe when the keyed stage runs in several instances.
     *
     * @param source the source stream, already timestamped and watermarked by the caller
     * @param settings the run's settings
     * @param arrivals where the sink reports results
     */
    void applyTo(DataStream<E> source, BenchSettings settings, Arrivals arrivals);

    /**
     * The ceiling: a hand-written single-thread loop computing the same results on the sending thread, with no
     * engine, no thread hop and primitive maps; Weir's throughput is quoted as a fraction of it.
     *
     * @param settings the run's settings (keys, event-time pace, watermark interval)
     * @return builds the ceiling for each run
     */
    PipelineFactory<E> ceiling(BenchSettings settings);
}
