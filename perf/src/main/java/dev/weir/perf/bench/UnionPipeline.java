package dev.weir.perf.bench;

import dev.weir.api.DataStream;
import dev.weir.perf.harness.Arrivals;
import dev.weir.perf.harness.EventFactory;
import dev.weir.perf.harness.PipelineFactory;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.util.function.ToLongFunction;

/**
 * {@code union}: the trades of two venues ({@link VenueTrades}), each venue's stream with its own bounded
 * out-of-orderness watermarks ({@link InputSides#watermarks}), unioned, keyed by symbol, 1 s tumbling event-time
 * windows, count and sum of the sizes per symbol and window, then the sink. The harness sends one interleaved stream;
 * the pipeline splits it by venue ({@link InputSides#FIRST}, {@link InputSides#SECOND}) and assigns each venue's
 * timestamps and watermarks after the split, so the union's keyed stage merges two inputs whose watermarks move on
 * their own, and fires a window when the slower venue's watermark passes it.
 *
 * <p>The latency of a window result runs from the intended send time of the event after which the source's
 * watermark (the same bound over both venues, never behind the union's) first passed the window: that watermark
 * passes a window no later than the union's, so the figure never understates. No event is late: each venue's input
 * is at most the bound out of order. Weir runs the keyed stage behind rings only (a stage reading two streams
 * cannot run inline). Stateless and thread-safe; every function it gives the stream is serializable.
 */
public final class UnionPipeline implements NamedPipeline<BenchEvent> {
    /** The pipeline's name on the command line. */
    public static final String NAME = "union";

    /** The window size in milliseconds of event time. */
    public static final long WINDOW_MILLIS = 1_000;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "trades of two venues, each with its own out-of-order watermarks, unioned, keyBy symbol, 1 s tumbling count and sum;"
                + " latency per window result";
    }

    @Override
    public EventFactory<BenchEvent> events(final BenchSettings settings, final int poolSize) {
        return new VenueTrades(settings, poolSize);
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
        return true;
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
     * @param settings the keyed stage's parallelism, the venues' out-of-orderness and watermark interval
     * @return one result per symbol and fired window
     */
    public DataStream<WindowCountSum> results(final DataStream<BenchEvent> source, final BenchSettings settings) {
        final DataStream<BenchEvent> venueA = source.filter(InputSides.FIRST)
                .assignTimestampsAndWatermarks(InputSides.watermarks(settings));
        final DataStream<BenchEvent> venueB = source.filter(InputSides.SECOND)
                .assignTimestampsAndWatermarks(InputSides.watermarks(settings));
        return CountSumWindows.of(venueA.union(venueB), settings, TumblingEventTimeWindows.of(WINDOW_MILLIS));
    }

    @Override
    public void applyTo(final DataStream<BenchEvent> source, final BenchSettings settings, final Arrivals arrivals) {
        results(source, settings).sink(new WindowResultSink<>(arrivals, settings.parallelism()));
    }

    @Override
    public PipelineFactory<BenchEvent> ceiling(final BenchSettings settings) {
        return ceiling(settings, CountSumResults.NONE);
    }

    /**
     * The ceiling handing every window result it computes to a collector, for tests that compare an engine's results
     * with it.
     *
     * @param settings the run's settings
     * @param results receives each window result on the sending thread
     * @return builds the ceiling for each run
     */
    public PipelineFactory<BenchEvent> ceiling(final BenchSettings settings, final CountSumResults results) {
        return arrivals -> new UnionCeiling(arrivals, settings, results);
    }
}
