package dev.weir.perf.bench;

import dev.weir.api.DataStream;
import dev.weir.api.KeyedStream;
import dev.weir.perf.harness.Arrivals;
import dev.weir.perf.harness.EventFactory;
import dev.weir.perf.harness.PipelineFactory;
import dev.weir.time.WatermarkStrategy;
import java.io.Serializable;
import java.time.Duration;
import java.util.function.ToLongFunction;

/**
 * {@code interval-join}: orders joined with the executions of the same order id whose event time is 0 to 100 ms
 * after the order's, both bounds inclusive ({@code intervalJoin(...).between(0 ms, 100 ms)}), a
 * {@link OrderLatencyJoin} emitting the id and the latency of each pair, then the sink; latency per pair, from the
 * intended send time of the later event of the pair. The input ({@link OrdersAndExecutions}) has a configurable match
 * rate and out-of-orderness; the harness sends one interleaved stream, which the pipeline splits into orders and
 * executions ({@link InputSides}), each with its own bounded out-of-orderness watermarks, keyed by id. The join runs
 * at the settings' parallelism, behind rings only on Weir (a two-input stage cannot run inline). No event is late:
 * each input is at most the bound out of order. Stateless and thread-safe; every function it gives the stream is
 * serializable.
 */
public final class IntervalJoinPipeline implements NamedPipeline<BenchEvent> {
    /** The pipeline's name on the command line. */
    public static final String NAME = "interval-join";

    /** The join's upper bound: an execution joins an order up to this many milliseconds of event time after it. */
    public static final long UPPER_BOUND_MILLIS = 100;

    private static final ToLongFunction<OrderLatency> PAIR_INTENDED_NANOS =
            (ToLongFunction<OrderLatency> & Serializable) OrderLatency::intendedNanos;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "orders interval-joined with their executions within [0, 100 ms], emitting id and latency; latency per pair";
    }

    @Override
    public EventFactory<BenchEvent> events(final BenchSettings settings, final int poolSize) {
        return new OrdersAndExecutions(settings, poolSize);
    }

    @Override
    public ToLongFunction<BenchEvent> intendedNanos() {
        return BenchEvent.INTENDED_NANOS;
    }

    @Override
    public long timestampOf(final BenchEvent event) {
        return event.eventTimeMillis();
    }

    @Override
    public WatermarkStrategy<BenchEvent> watermarks(final BenchSettings settings) {
        return InputSides.watermarks(settings);
    }

    @Override
    public boolean windowed() {
        return false;
    }

    @Override
    public boolean inlineable() {
        return false;
    }

    /**
     * The pipeline's operators after the source, without the sink: what {@link #applyTo} reports and what the tests
     * compare with the ceiling.
     *
     * @param source the source stream
     * @param settings the join's parallelism, the inputs' out-of-orderness and watermark interval
     * @return one result per joined pair, reused per thread ({@link OrderLatency})
     */
    public DataStream<OrderLatency> results(final DataStream<BenchEvent> source, final BenchSettings settings) {
        final KeyedStream<BenchEvent, Integer> orders = source.filter(InputSides.FIRST)
                .assignTimestampsAndWatermarks(InputSides.watermarks(settings)).keyBy(BenchEvent.BY_KEY);
        final KeyedStream<BenchEvent, Integer> executions = source.filter(InputSides.SECOND)
                .assignTimestampsAndWatermarks(InputSides.watermarks(settings)).keyBy(BenchEvent.BY_KEY);
        return orders.intervalJoin(executions).between(Duration.ZERO, Duration.ofMillis(UPPER_BOUND_MILLIS))
                .parallelism(settings.parallelism())
                .process(new OrderLatencyJoin());
    }

    @Override
    public void applyTo(final DataStream<BenchEvent> source, final BenchSettings settings, final Arrivals arrivals) {
        results(source, settings).sink(new RecordSink<>(arrivals, PAIR_INTENDED_NANOS, settings.parallelism()));
    }

    @Override
    public PipelineFactory<BenchEvent> ceiling(final BenchSettings settings) {
        return ceiling(settings, JoinPairs.NONE);
    }

    /**
     * The ceiling handing every pair it joins to a collector, for tests that compare an engine's pairs with it.
     *
     * @param settings the run's settings
     * @param pairs receives each pair on the sending thread
     * @return builds the ceiling for each run
     */
    public PipelineFactory<BenchEvent> ceiling(final BenchSettings settings, final JoinPairs pairs) {
        return arrivals -> new IntervalJoinCeiling(arrivals, settings, pairs);
    }
}
