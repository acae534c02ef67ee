package dev.weir.flink.scenario;

import org.apache.flink.api.common.eventtime.WatermarkGenerator;
import org.apache.flink.api.common.eventtime.WatermarkOutput;

/**
 * A job file's {@code interval: 0} on Flink: wraps one of Flink's periodic generators and emits
 * its watermark right after every record (Flink's punctuated style), instead of on a wall-clock
 * period, so the watermarks do not depend on timing. The job turns Flink's periodic emission off.
 * Not thread-safe (one per source reader, as every Flink generator).
 *
 * @param <T> the record type
 */
final class AfterEveryRecord<T> implements WatermarkGenerator<T> {
    private final WatermarkGenerator<T> periodic;

    AfterEveryRecord(final WatermarkGenerator<T> periodic) {
        this.periodic = periodic;
    }

    @Override
    public void onEvent(final T event, final long eventTimestamp, final WatermarkOutput output) {
        periodic.onEvent(event, eventTimestamp, output);
        periodic.onPeriodicEmit(output);
    }

    @Override
    public void onPeriodicEmit(final WatermarkOutput output) {
        // emitted after every record already; Flink's periodic timer is off for these jobs
    }
}
