package dev.weir.time;

import dev.weir.event.WatermarkSink;
import dev.weir.event.WatermarkStatus;
import dev.weir.event.Watermarks;
import java.util.ArrayList;
import java.util.List;

/** Records what reaches a stream's downstream as {@code WM n} and {@code STATUS IDLE|ACTIVE}, optionally prefixed with a time. */
final class RecordingSink implements WatermarkSink {
    final List<String> events = new ArrayList<>();
    private String prefix = "";

    /** @param millis processing time to prefix the following events with */
    void at(final long millis) {
        prefix = millis + " ";
    }

    @Override
    public void watermark(final long watermark) {
        events.add(prefix + "WM " + Watermarks.format(watermark));
    }

    @Override
    public void status(final WatermarkStatus status) {
        events.add(prefix + "STATUS " + status);
    }
}
