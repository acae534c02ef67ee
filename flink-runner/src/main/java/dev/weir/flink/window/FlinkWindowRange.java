package dev.weir.flink.window;

import dev.weir.jobs.file.TriggerSpec;
import dev.weir.jobs.file.WindowSpec;

/**
 * Whether Flink's window arithmetic stays within 64 bits for a record. Weir's windows saturate at
 * {@code Long.MIN_VALUE} and {@code Long.MAX_VALUE} (docs/semantics.md §4); Flink computes window
 * starts, ends, session ends and continuous-trigger fire times with plain {@code long} arithmetic,
 * which wraps. A record for which any of those computations would wrap is refused instead of run
 * with a different result. Stateless.
 */
public final class FlinkWindowRange {
    private FlinkWindowRange() {
    }

    /**
     * @param window the job's window section
     * @param timestamp a record's event time
     * @return null if Flink computes this record's windows exactly, else why not
     */
    public static String wrapped(final WindowSpec window, final long timestamp) {
        final TriggerSpec trigger = window.trigger();
        final long interval = trigger != null && trigger.kind() == TriggerSpec.Kind.CONTINUOUS_EVENT_TIME ? trigger.parameter() : 0;
        return wrapped(new WindowArithmetic(window.kind(), window.sizeMillis(), window.slideMillis(), window.offsetMillis(),
                window.gapMillis(), window.allowedLatenessMillis(), interval, 0), window.gapMillis(), timestamp);
    }

    /**
     * @param window the window's parameters
     * @param gapMillis the record's session gap (session windows): the window's, or the one a dynamic gap gives the record
     * @param timestamp a record's event time
     * @return null if Flink computes this record's windows exactly, else why not
     */
    public static String wrapped(final WindowArithmetic window, final long gapMillis, final long timestamp) {
        if (window.timeEvictorMillis() > 0 && timestamp < Long.MIN_VALUE + window.timeEvictorMillis()) {
            return timestamp + " takes Flink's time evictor's cutoff (the newest timestamp minus " + window.timeEvictorMillis()
                    + " ms) past the 64-bit range: Weir saturates at Long.MIN_VALUE, Flink wraps around; not run on Flink";
        }
        try {
            final long lastEnd;
            switch (window.kind()) {
                case TUMBLING:
                    lastEnd = Math.addExact(flinkStart(timestamp, window.offsetMillis(), window.sizeMillis()), window.sizeMillis());
                    break;
                case SLIDING:
                    final long lastStart = flinkStart(timestamp, window.offsetMillis(), window.slideMillis());
                    lastEnd = Math.addExact(lastStart, window.sizeMillis());
                    // Flink steps the start down by the slide until it is at or below timestamp - size
                    Math.subtractExact(Math.subtractExact(timestamp, window.sizeMillis()), window.slideMillis());
                    if (lastEnd <= timestamp) {
                        // in no window: Flink's late check adds the lateness to the timestamp itself
                        Math.addExact(timestamp, window.allowedLatenessMillis());
                    }
                    break;
                case SESSION:
                    lastEnd = Math.addExact(timestamp, gapMillis);
                    // merging checks the merged window's end plus the lateness against the watermark, unsaturated
                    Math.addExact(lastEnd - 1, window.allowedLatenessMillis());
                    break;
                case GLOBAL:
                default:
                    return null;
            }
            final long interval = window.continuousMillis();
            if (interval > 0) {
                // the first fire time, and the next one Flink computes from a fire time before the window's end
                Math.addExact(timestamp - timestamp % interval, interval);
                Math.addExact(lastEnd - 1, interval);
            }
            return null;
        } catch (ArithmeticException e) {
            return timestamp + " takes Flink's " + window.kind().id() + " window arithmetic (window bounds, a bound plus"
                    + " allowedLateness, continuous-trigger fire times) past the 64-bit range: Weir saturates at Long.MIN_VALUE and"
                    + " Long.MAX_VALUE, Flink wraps around; not run on Flink";
        }
    }

    /** Flink's window start (TimeWindow.getWindowStartWithOffset), refusing where it would wrap. */
    private static long flinkStart(final long timestamp, final long offset, final long size) {
        final long remainder = Math.subtractExact(timestamp, offset) % size;
        return remainder < 0 ? Math.subtractExact(timestamp, remainder + size) : timestamp - remainder;
    }
}
