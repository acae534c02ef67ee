package dev.weir.time;

import dev.weir.event.Watermarks;
import java.util.ArrayList;
import java.util.List;

/** Records the raw calls a generator makes, unfiltered: {@code emit n}, {@code idle}, {@code active}. */
final class RecordingOutput implements WatermarkOutput {
    final List<String> events = new ArrayList<>();
    private String prefix = "";

    /** @param millis processing time to prefix the following events with */
    void at(final long millis) {
        prefix = millis + " ";
    }

    @Override
    public void emitWatermark(final long watermark) {
        events.add(prefix + "emit " + Watermarks.format(watermark));
    }

    @Override
    public void markIdle() {
        events.add(prefix + "idle");
    }

    @Override
    public void markActive() {
        events.add(prefix + "active");
    }
}
