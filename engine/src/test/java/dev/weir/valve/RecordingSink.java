package dev.weir.valve;

import dev.weir.event.WatermarkSink;
import dev.weir.event.WatermarkStatus;
import dev.weir.event.Watermarks;
import java.util.ArrayList;
import java.util.List;

/** Records a valve's output as {@code WM n} and {@code STATUS IDLE|ACTIVE}. */
final class RecordingSink implements WatermarkSink {
    final List<String> events = new ArrayList<>();

    @Override
    public void watermark(final long watermark) {
        events.add("WM " + Watermarks.format(watermark));
    }

    @Override
    public void status(final WatermarkStatus status) {
        events.add("STATUS " + status);
    }
}
