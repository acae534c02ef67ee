package dev.weir.flink.scenario;

import org.apache.flink.runtime.event.WatermarkEvent;
import org.apache.flink.streaming.runtime.io.PushingAsyncDataInput;
import org.apache.flink.streaming.runtime.streamrecord.LatencyMarker;
import org.apache.flink.streaming.runtime.streamrecord.RecordAttributes;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

/**
 * A data output of Flink's watermark classes ({@code WatermarkToDataOutput}, {@code StatusWatermarkValve})
 * that carries watermarks and status only, which is all a scenario's channels put through them; records
 * take their own path. Subclasses say where watermarks and status go.
 */
abstract class WatermarksOnlyOutput implements PushingAsyncDataInput.DataOutput<Object> {
    @Override
    public void emitRecord(final StreamRecord<Object> record) {
        throw new UnsupportedOperationException("records do not go through a scenario's watermark outputs");
    }

    @Override
    public void emitLatencyMarker(final LatencyMarker latencyMarker) {
        throw new UnsupportedOperationException("no latency markers in a scenario");
    }

    @Override
    public void emitRecordAttributes(final RecordAttributes recordAttributes) {
        throw new UnsupportedOperationException("no record attributes in a scenario");
    }

    @Override
    public void emitWatermark(final WatermarkEvent watermark) {
        throw new UnsupportedOperationException("no generalized watermarks in a scenario");
    }
}
