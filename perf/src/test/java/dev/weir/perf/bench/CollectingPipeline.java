package dev.weir.perf.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.api.DataStream;
import dev.weir.clock.SystemNanoClock;
import dev.weir.perf.harness.Arrivals;
import dev.weir.perf.harness.BenchmarkedPipeline;
import dev.weir.perf.harness.EventFactory;
import dev.weir.perf.harness.PipelineFactory;
import dev.weir.runtime.sink.Sink;
import dev.weir.time.WatermarkStrategy;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.BiFunction;
import java.util.function.ToLongFunction;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/**
 * A named pipeline as the benchmark runs it, whose sink also keeps every result: the same operators as the pipeline's
 * {@code applyTo} (its {@code results} method), reported to the arrivals the same way. For tests that compare what an
 * engine computed with what a ceiling computed; {@link #drive} runs a system over the first events of an input, as
 * one harness run does but untimed, every result measured.
 *
 * @param <E> the event type
 * @param <R> the result type
 */
final class CollectingPipeline<E, R> implements NamedPipeline<E> {
    private final NamedPipeline<E> pipeline;
    private final BiFunction<DataStream<E>, BenchSettings, DataStream<R>> operators;
    private final ToLongFunction<? super R> intendedNanos;
    private final Queue<R> results = new ConcurrentLinkedQueue<>();

    /**
     * @param pipeline a windowed pipeline
     * @param operators its operators without the sink, e.g. {@code pipeline::results}
     */
    CollectingPipeline(final NamedPipeline<E> pipeline, final BiFunction<DataStream<E>, BenchSettings, DataStream<R>> operators) {
        this(pipeline, operators, null);
    }

    /**
     * @param pipeline the pipeline
     * @param operators its operators without the sink; their results must not be reused objects
     * @param intendedNanos for a per-record pipeline, reads a result's intended send time; null for a windowed one
     */
    CollectingPipeline(final NamedPipeline<E> pipeline, final BiFunction<DataStream<E>, BenchSettings, DataStream<R>> operators,
            final ToLongFunction<? super R> intendedNanos) {
        this.pipeline = pipeline;
        this.operators = operators;
        this.intendedNanos = intendedNanos;
    }

    /** @return the results the sink received so far, in arrival order */
    List<R> results() {
        return new ArrayList<>(results);
    }

    /**
     * @param system the system
     * @param events its input
     * @param count events to send
     * @param <E> the event type
     * @return the arrivals, every result since the first event measured
     * @throws InterruptedException if interrupted while the system finishes
     */
    static <E> Arrivals drive(final PipelineFactory<E> system, final EventFactory<E> events, final long count) throws InterruptedException {
        final Arrivals arrivals = new Arrivals(SystemNanoClock.INSTANCE);
        arrivals.measureFrom(Long.MIN_VALUE);
        final BenchmarkedPipeline<E> pipeline = system.create(arrivals);
        pipeline.start();
        for (long i = 0; i < count; i++) {
            pipeline.send(events.next(i, SystemNanoClock.INSTANCE.nanos()));
        }
        pipeline.finish();
        return arrivals;
    }

    /**
     * @param base small settings
     * @return the kinds of Weir settings the agreement tests run: one record per hand-off, batches of 7, the keyed
     *     stage at parallelism 2, off-heap state
     */
    static Stream<Arguments> settingsKinds(final BenchSettings base) {
        return Stream.of(
                Arguments.of("one record per hand-off", base),
                Arguments.of("batches of 7", base.withBatched(true).withBatchSize(7)),
                Arguments.of("keyed stage at parallelism 2", base.withParallelism(2)),
                Arguments.of("off-heap state", base.withState(StateChoice.CHRONICLE)));
    }

    /**
     * Runs a pipeline on Weir and asserts that it computed exactly the ceiling's results (as multisets) and reported
     * as many to the arrivals, measured and unattributed alike.
     *
     * @param pipeline the pipeline
     * @param operators its operators without the sink
     * @param settings Weir's settings
     * @param events events to send
     * @param order sorts results, to compare them as multisets
     * @param ceilingResults what the ceiling computed over the same events
     * @param ceilingArrivals what the ceiling reported
     * @param <E> the event type
     * @param <R> the result type
     * @return Weir's results, sorted
     * @throws InterruptedException if interrupted while Weir finishes
     */
    static <E, R> List<R> assertAgrees(final NamedPipeline<E> pipeline, final BiFunction<DataStream<E>, BenchSettings, DataStream<R>> operators,
            final BenchSettings settings, final long events, final Comparator<R> order, final List<R> ceilingResults,
            final Arrivals ceilingArrivals) throws InterruptedException {
        return assertAgrees(new CollectingPipeline<>(pipeline, operators), settings, events, order, ceilingResults, ceilingArrivals);
    }

    /**
     * {@link #assertAgrees(NamedPipeline, BiFunction, BenchSettings, long, Comparator, List, Arrivals)} with a collecting
     * pipeline made beforehand (a per-record one, say).
     *
     * @param collecting the pipeline and its operators, collecting nothing yet
     * @param settings Weir's settings
     * @param events events to send
     * @param order sorts results, to compare them as multisets
     * @param ceilingResults what the ceiling computed over the same events
     * @param ceilingArrivals what the ceiling reported
     * @param <E> the event type
     * @param <R> the result type
     * @return Weir's results, sorted
     * @throws InterruptedException if interrupted while Weir finishes
     */
    static <E, R> List<R> assertAgrees(final CollectingPipeline<E, R> collecting, final BenchSettings settings, final long events,
            final Comparator<R> order, final List<R> ceilingResults, final Arrivals ceilingArrivals) throws InterruptedException {
        final NamedPipeline<E> pipeline = collecting.pipeline;
        final Arrivals weir = drive(new WeirSystem<>(collecting, settings), pipeline.events(settings, WeirSystem.eventsInFlight(settings) + 1),
                events);
        final List<R> actual = collecting.results();
        final List<R> expected = new ArrayList<>(ceilingResults);
        actual.sort(order);
        expected.sort(order);
        assertEquals(expected, actual);
        assertEquals(ceilingArrivals.received(), weir.received());
        assertEquals(ceilingArrivals.histogram().getTotalCount(), weir.histogram().getTotalCount());
        assertEquals(ceilingArrivals.unattributed(), weir.unattributed());
        return actual;
    }

    @Override
    public String name() {
        return pipeline.name();
    }

    @Override
    public String description() {
        return pipeline.description();
    }

    @Override
    public EventFactory<E> events(final BenchSettings settings, final int poolSize) {
        return pipeline.events(settings, poolSize);
    }

    @Override
    public ToLongFunction<E> intendedNanos() {
        return pipeline.intendedNanos();
    }

    @Override
    public long timestampOf(final E event) {
        return pipeline.timestampOf(event);
    }

    @Override
    public WatermarkStrategy<E> watermarks(final BenchSettings settings) {
        return pipeline.watermarks(settings);
    }

    @Override
    public boolean windowed() {
        return pipeline.windowed();
    }

    @Override
    public boolean inlineable() {
        return pipeline.inlineable();
    }

    @Override
    public void applyTo(final DataStream<E> source, final BenchSettings settings, final Arrivals arrivals) {
        final Sink<R> report = intendedNanos == null ? new WindowResultSink<>(arrivals, settings.parallelism())
                : new RecordSink<>(arrivals, intendedNanos, settings.parallelism());
        operators.apply(source, settings).sink((result, timestamp) -> {
            results.add(result);
            report.accept(result, timestamp);
        });
    }

    @Override
    public PipelineFactory<E> ceiling(final BenchSettings settings) {
        return pipeline.ceiling(settings);
    }
}
