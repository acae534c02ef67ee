package dev.weir.source;

import dev.weir.clock.Clock;
import dev.weir.event.WatermarkStatus;
import dev.weir.event.Watermarks;
import dev.weir.operator.OutputTag;
import dev.weir.runtime.chain.ChainEnd;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The end of a source's chain in tests: records what leaves the source as
 * {@code "<time> R <value>@<ts>"}, {@code "<time> WM <n>"}, {@code "<time> STATUS IDLE"} and
 * {@code "<time> END"}, the time read from the clock. Thread-safe.
 */
final class RecordingChainEnd implements ChainEnd<Object> {
    private final Clock clock;
    private final boolean withRecords;
    private final List<String> events = Collections.synchronizedList(new ArrayList<>());

    /**
     * @param clock the processing time to prefix each event with
     * @param withRecords false to leave records out of {@link #events()}
     */
    RecordingChainEnd(final Clock clock, final boolean withRecords) {
        this.clock = clock;
        this.withRecords = withRecords;
    }

    @Override
    public void record(final Object value, final long timestamp) {
        if (withRecords) {
            events.add(clock.millis() + " R " + value + "@" + timestamp);
        }
    }

    @Override
    public <X> void sideOutput(final OutputTag<X> tag, final X value, final long timestamp) {
        throw new AssertionError("no side output expected");
    }

    @Override
    public void watermark(final long watermark) {
        events.add(clock.millis() + " WM " + Watermarks.format(watermark));
    }

    @Override
    public void status(final WatermarkStatus status) {
        events.add(clock.millis() + " STATUS " + status);
    }

    @Override
    public void end() {
        events.add(clock.millis() + " END");
    }

    @Override
    public void flush() {
        // every event was recorded at once
    }

    /** @return a copy of the events so far */
    List<String> events() {
        synchronized (events) {
            return new ArrayList<>(events);
        }
    }
}
