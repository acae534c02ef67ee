package dev.weir.perf.bench;

import dev.weir.perf.harness.EventFactory;
import dev.weir.time.WatermarkStrategy;
import java.util.function.ToLongFunction;

/**
 * The part every pipeline over {@link BenchEvent}s shares: the input ({@link BenchEvents}: event time never
 * decreases), its intended send times, its timestamps and monotonous watermarks at the settings' interval. A pipeline
 * over {@code BenchEvent}s extends it and adds its name, description, operators and ceiling. Stateless and
 * thread-safe.
 */
public abstract class BenchEventPipeline implements NamedPipeline<BenchEvent> {
    @Override
    public final EventFactory<BenchEvent> events(final BenchSettings settings, final int poolSize) {
        return BenchEvents.of(settings, poolSize);
    }

    @Override
    public final ToLongFunction<BenchEvent> intendedNanos() {
        return BenchEvent.INTENDED_NANOS;
    }

    @Override
    public final long timestampOf(final BenchEvent event) {
        return event.eventTimeMillis();
    }

    @Override
    public WatermarkStrategy<BenchEvent> watermarks(final BenchSettings settings) {
        return BenchEvent.monotonousWatermarks(settings.watermarkIntervalMillis());
    }
}
