package dev.weir.flink.window;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.weir.jobs.file.TriggerSpec;
import dev.weir.jobs.file.WindowKind;
import dev.weir.jobs.file.WindowSpec;
import org.junit.jupiter.api.Test;

/** {@link FlinkWindowRange}: records whose windows Flink would compute past the 64-bit range, per window type, and their neighbours. */
final class FlinkWindowRangeTest {
    private static final long MAX = Long.MAX_VALUE;
    private static final long MIN = Long.MIN_VALUE;

    private static WindowSpec tumbling(final long size, final long offset, final String trigger) {
        return new WindowSpec(WindowKind.TUMBLING, size, 0, offset, 0, trigger == null ? null : TriggerSpec.parse(trigger), 0, false);
    }

    private static WindowSpec sliding(final long size, final long slide, final long lateness) {
        return new WindowSpec(WindowKind.SLIDING, size, slide, 0, 0, null, lateness, false);
    }

    private static WindowSpec session(final long gap, final long lateness) {
        return new WindowSpec(WindowKind.SESSION, 0, 0, 0, gap, null, lateness, false);
    }

    @Test
    void tumblingWindowsPastEitherEndAreRefused() {
        assertNull(FlinkWindowRange.wrapped(tumbling(1000, 0, null), 0));
        assertNull(FlinkWindowRange.wrapped(tumbling(1000, 0, null), MAX - 1000 - MAX % 1000));
        assertNotNull(FlinkWindowRange.wrapped(tumbling(1000, 0, null), MAX - 1), "window end past Long.MAX_VALUE");
        assertNull(FlinkWindowRange.wrapped(tumbling(1000, 0, null), MIN + 808), "the first window that starts within the range");
        assertNotNull(FlinkWindowRange.wrapped(tumbling(1000, 0, null), MIN + 807), "window start before Long.MIN_VALUE");
        assertNotNull(FlinkWindowRange.wrapped(tumbling(1000, -300, null), MAX - 100), "timestamp - offset");
    }

    @Test
    void slidingWindowsAndTheirLatenessInAGapAreChecked() {
        assertNull(FlinkWindowRange.wrapped(sliding(3000, 1000, 0), 5000));
        assertNotNull(FlinkWindowRange.wrapped(sliding(3000, 1000, 0), MAX - 500), "last window's end");
        assertNotNull(FlinkWindowRange.wrapped(sliding(3000, 1000, 0), MIN + 3500), "the start stepped below timestamp - size");
        // slide 5000 > size 1000: 2500 lies in a gap, where Flink adds the lateness to the timestamp itself
        assertNotNull(FlinkWindowRange.wrapped(sliding(1000, 5000, MAX), 2500));
        assertNull(FlinkWindowRange.wrapped(sliding(1000, 5000, MAX), 500), "in a window: the saturating cleanup time decides");
        assertNull(FlinkWindowRange.wrapped(sliding(1000, 5000, 100), 2500));
    }

    @Test
    void sessionEndsAndTheirLatenessAreChecked() {
        assertNull(FlinkWindowRange.wrapped(session(1000, 2000), 1000));
        assertNotNull(FlinkWindowRange.wrapped(session(MAX, 0), 1000), "ts + gap");
        assertNotNull(FlinkWindowRange.wrapped(session(1000, MAX), 1000), "end + lateness, which Flink's merge check adds");
        assertNull(FlinkWindowRange.wrapped(session(1000, MAX - 2000), 1000));
    }

    @Test
    void continuousTriggerFireTimesAreChecked() {
        assertNull(FlinkWindowRange.wrapped(tumbling(10_000, 0, "continuous-event-time:1000"), 12_000));
        assertNotNull(FlinkWindowRange.wrapped(tumbling(10_000, 0, "continuous-event-time:" + (MAX / 2)), MAX / 2 + 20_000),
                "the next fire time after the window's last timestamp");
    }

    @Test
    void theGlobalWindowHasNoArithmetic() {
        final WindowSpec global = new WindowSpec(WindowKind.GLOBAL, 0, 0, 0, 0, TriggerSpec.parse("count:2"), MAX, true);
        assertNull(FlinkWindowRange.wrapped(global, MAX));
        assertNull(FlinkWindowRange.wrapped(global, MIN + 1));
    }

    @Test
    void aTimeEvictorsCutoffIsCheckedOnEveryWindow() {
        final WindowArithmetic global = new WindowArithmetic(WindowKind.GLOBAL, 0, 0, 0, 0, 0, 0, 100);
        assertNull(FlinkWindowRange.wrapped(global, 0, MIN + 100), "the cutoff is Long.MIN_VALUE itself");
        assertNotNull(FlinkWindowRange.wrapped(global, 0, MIN + 99));
        assertNotNull(FlinkWindowRange.wrapped(new WindowArithmetic(WindowKind.TUMBLING, 1000, 0, 0, 0, 0, 0, 5000), 0, MIN + 4000));
        assertNull(FlinkWindowRange.wrapped(new WindowArithmetic(WindowKind.GLOBAL, 0, 0, 0, 0, 0, 0, 0), 0, MIN), "no evictor");
    }

    @Test
    void aDynamicSessionIsCheckedWithEachRecordsGap() {
        final WindowArithmetic dynamic = new WindowArithmetic(WindowKind.SESSION, 0, 0, 0, 0, 50, 0, 0);
        assertNull(FlinkWindowRange.wrapped(dynamic, 100, MAX - 150));
        assertNotNull(FlinkWindowRange.wrapped(dynamic, 200, MAX - 150), "ts + gap");
        assertNotNull(FlinkWindowRange.wrapped(dynamic, 120, MAX - 150), "end + lateness");
    }
}
