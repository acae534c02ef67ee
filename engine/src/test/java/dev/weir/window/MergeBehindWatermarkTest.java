package dev.weir.window;

import static dev.weir.window.WindowFixtures.BY_KEY;
import static dev.weir.window.WindowFixtures.describing;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.testing.OperatorHarness;
import java.util.Collection;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §4 "If a merge produces a window whose end the watermark has already passed,
 * that is an error": Flink's WindowOperator throws UnsupportedOperationException naming the
 * watermark and the merged window when {@code merged.maxTimestamp + lateness <= watermark}.
 */
class MergeBehindWatermarkTest {
    @Test
    void mergeThatLandsBehindTheWatermarkThrowsNamingWatermarkAndMergedWindow() {
        final OperatorHarness<String, String> harness = describing(WindowOperatorBuilder.of(BY_KEY, new ShrinkingMergeAssigner()));
        harness.processElement("a:1", 5000);
        harness.processWatermark(100);

        final UnsupportedOperationException error = assertThrows(UnsupportedOperationException.class,
                () -> harness.processElement("a:2", 5500));
        assertTrue(error.getMessage().contains("watermark"), error.getMessage());
        assertTrue(error.getMessage().contains("100"), error.getMessage());
        assertTrue(error.getMessage().contains("[0,10)"), error.getMessage());
    }

    @Test
    void mergeThatLandsBehindTheWatermarkWithinAllowedLatenessIsAllowed() {
        // maxTimestamp 9 + lateness 200 > watermark 100: the merged window is still alive.
        final OperatorHarness<String, String> harness = describing(WindowOperatorBuilder.of(BY_KEY, new ShrinkingMergeAssigner()).allowedLateness(200));
        harness.processElement("a:1", 5000);
        harness.processWatermark(100);
        harness.clearOutput();
        harness.processElement("a:2", 5500);
        // The merged window [0,10) is past the watermark, so the trigger fires it at once.
        assertEquals(List.of("a [0,10) [1, 2] wm=100@9"), harness.events());
    }

    @Test
    void mergeThatEndsAfterTheWatermarkIsAllowed() {
        final OperatorHarness<String, String> harness = describing(WindowOperatorBuilder.of(BY_KEY, new ShrinkingMergeAssigner()));
        harness.processElement("a:1", 5000);
        harness.processElement("a:2", 5500);
        harness.processWatermark(9);
        assertEquals(List.of("a [0,10) [1, 2] wm=9@9", "WM 9"), harness.events());
    }

    /** Windows [t, t+1000) that merge, whenever two or more are in flight, into [0,10). */
    private static final class ShrinkingMergeAssigner extends MergingWindowAssigner<String, TimeWindow> {
        @Override
        public void assignWindows(final String element, final long timestamp, final WindowAssignerContext context, final List<TimeWindow> windows) {
            windows.add(new TimeWindow(timestamp, timestamp + 1000));
        }

        @Override
        public void mergeWindows(final Collection<TimeWindow> windows, final MergeCallback<TimeWindow> callback) {
            if (windows.size() > 1) {
                callback.merge(windows, new TimeWindow(0, 10));
            }
        }

        @Override
        public Trigger<String, TimeWindow> defaultTrigger() {
            return EventTimeTrigger.create();
        }

        @Override
        public boolean isEventTime() {
            return true;
        }

        @Override
        public Class<TimeWindow> windowType() {
            return TimeWindow.class;
        }
    }
}
