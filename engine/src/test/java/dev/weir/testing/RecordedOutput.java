package dev.weir.testing;

import dev.weir.event.WatermarkStatus;
import dev.weir.event.Watermarks;
import dev.weir.operator.Output;
import dev.weir.operator.OutputTag;
import java.util.ArrayList;
import java.util.List;

/**
 * An operator's output recorded for a test harness, in order, as strings: {@code value@timestamp} for records,
 * {@code WM n} for watermarks, {@code STATUS IDLE|ACTIVE}, and {@code SIDE tag value@timestamp} for side outputs.
 * Not thread-safe: the harness's thread writes and reads it.
 *
 * @param <OUT> the main output's type
 */
public final class RecordedOutput<OUT> implements Output<OUT> {
    private final List<String> events = new ArrayList<>();
    private final List<OUT> records = new ArrayList<>();
    private final List<Object> sideRecords = new ArrayList<>();

    @Override
    public void record(final OUT value, final long timestamp) {
        records.add(value);
        events.add(value + "@" + Watermarks.format(timestamp));
    }

    @Override
    public <X> void sideOutput(final OutputTag<X> tag, final X value, final long timestamp) {
        sideRecords.add(value);
        events.add("SIDE " + tag.id() + " " + value + "@" + Watermarks.format(timestamp));
    }

    @Override
    public void watermark(final long watermark) {
        events.add("WM " + Watermarks.format(watermark));
    }

    @Override
    public void status(final WatermarkStatus status) {
        events.add("STATUS " + status);
    }

    /** @return every output event so far, in order */
    public List<String> events() {
        return new ArrayList<>(events);
    }

    /** @return the main output's records so far */
    public List<OUT> records() {
        return new ArrayList<>(records);
    }

    /** @return every side-output record so far */
    public List<Object> sideRecords() {
        return new ArrayList<>(sideRecords);
    }

    /** Forgets the output so far. */
    public void clear() {
        events.clear();
        records.clear();
        sideRecords.clear();
    }
}
