package dev.weir.jobs.scenario;

import dev.weir.time.WatermarkGenerator;
import dev.weir.time.WatermarkOutput;

/**
 * The scenario convenience {@code interval: 0}: the wrapped generator's periodic emission runs
 * right after each record, instead of on a processing-time interval (docs/scenarios.md).
 *
 * @param <T> the record type
 */
public final class EmissionAfterEveryRecord<T> implements WatermarkGenerator<T> {
    private final WatermarkGenerator<T> generator;

    /** @param generator the strategy's generator, asked to emit after every record */
    public EmissionAfterEveryRecord(final WatermarkGenerator<T> generator) {
        this.generator = generator;
    }

    @Override
    public void onEvent(final T event, final long timestamp, final WatermarkOutput output) {
        generator.onEvent(event, timestamp, output);
        generator.onPeriodicEmit(output);
    }

    @Override
    public void onPeriodicEmit(final WatermarkOutput output) {
        generator.onPeriodicEmit(output);
    }
}
