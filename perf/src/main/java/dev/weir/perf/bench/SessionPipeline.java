package dev.weir.perf.bench;

import dev.weir.api.DataStream;
import dev.weir.perf.harness.Arrivals;
import dev.weir.perf.harness.EventFactory;
import dev.weir.perf.harness.PipelineFactory;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.EventTimeSessionWindows;
import java.util.function.ToLongFunction;

/**
 * {@code session}: keyBy, event-time session windows with a 30 s gap, count and sum of the values per key and
 * session, then the sink: merging windows, each event extending its key's open session. The input
 * ({@link SessionEvents}) makes every key active in 10 s bursts separated by at least 40 s of event time, so that
 * sessions close all through a run at any rate: 4 events per key and session, {@code 4 * keys} events per 50 s cycle
 * of event time ({@link BenchSettings#eventsPerSecondOfEventTime()} does not apply). The latency of a session result
 * runs from the intended send time of the event whose watermark fired it, 30 s of event time after the key's last
 * event. Stateless and thread-safe.
 */
public final class SessionPipeline implements NamedPipeline<BenchEvent> {
    /** The pipeline's name on the command line. */
    public static final String NAME = "session";

    /** The inactivity gap that ends a session, in milliseconds of event time. */
    public static final long GAP_MILLIS = 30_000;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "keyBy, session windows with a 30 s gap over keys active in bursts, count and sum per session; latency per session";
    }

    @Override
    public EventFactory<BenchEvent> events(final BenchSettings settings, final int poolSize) {
        return new SessionEvents(settings.keys(), poolSize);
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
        return BenchEvent.monotonousWatermarks(settings.watermarkIntervalMillis());
    }

    @Override
    public boolean windowed() {
        return true;
    }

    /**
     * The pipeline's operators without the sink: what {@link #applyTo} reports and what the tests compare with the
     * ceiling.
     *
     * @param source the source stream, timestamped and watermarked
     * @param settings the keyed stage's parallelism
     * @return one result per key and closed session
     */
    public DataStream<WindowCountSum> results(final DataStream<BenchEvent> source, final BenchSettings settings) {
        return CountSumWindows.of(source, settings, EventTimeSessionWindows.<BenchEvent>withGap(GAP_MILLIS));
    }

    @Override
    public void applyTo(final DataStream<BenchEvent> source, final BenchSettings settings, final Arrivals arrivals) {
        results(source, settings).sink(new WindowResultSink<>(arrivals, settings.parallelism()));
    }

    @Override
    public PipelineFactory<BenchEvent> ceiling(final BenchSettings settings) {
        return arrivals -> new SessionCeiling(arrivals, settings.keys(), CountSumResults.NONE);
    }
}
