package dev.weir.window;

import static dev.weir.window.WindowFixtures.BY_KEY;
import static dev.weir.window.WindowFixtures.describe;
import static dev.weir.window.WindowFixtures.describeSorted;
import static dev.weir.window.WindowFixtures.describing;
import static dev.weir.window.WindowFixtures.harness;
import static dev.weir.window.WindowFixtures.operatorOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.state.ReducingState;
import dev.weir.state.ReducingStateDescriptor;
import dev.weir.state.ValueState;
import dev.weir.state.ValueStateDescriptor;
import dev.weir.testing.OperatorHarness;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §4 "Triggers": CountTrigger, PurgingTrigger, ContinuousEventTimeTrigger,
 * ProcessingTimeTrigger and user triggers with partitioned state, clear() and onMerge; triggers
 * that fire only at a window's end on the global window and non-merging triggers on sessions are
 * configuration errors; the global window's default trigger never fires. The continuous
 * event-time trigger on the global window: ContinuousTriggerTest.
 */
class TriggerTest {
    @Test
    void countTriggerFiresEveryNRecordsKeepingStateAndResettingTheCount() {
        final OperatorHarness<String, String> harness = describing(
                WindowOperatorBuilder.of(BY_KEY, GlobalWindows.<String>create()).trigger(CountTrigger.of(3)));
        for (int i = 1; i <= 7; i++) {
            harness.processElement("a:" + i, i);
        }
        assertEquals(List.of("a global [1, 2, 3] wm=MIN@MAX", "a global [1, 2, 3, 4, 5, 6] wm=MIN@MAX"), harness.events());
    }

    @Test
    void purgingCountTriggerFiresThenPurgesSoTheNextFiringHasOnlyNewElements() {
        final OperatorHarness<String, String> harness = describing(
                WindowOperatorBuilder.of(BY_KEY, GlobalWindows.<String>create()).trigger(PurgingTrigger.of(CountTrigger.of(3))));
        for (int i = 1; i <= 7; i++) {
            harness.processElement("a:" + i, i);
        }
        assertEquals(List.of("a global [1, 2, 3] wm=MIN@MAX", "a global [4, 5, 6] wm=MIN@MAX"), harness.events());
        // Element 7 is all that is left.
        assertEquals(2, operatorOf(harness).stateEntries());
    }

    @Test
    void continuousEventTimeTriggerFiresAtIntervalBoundariesCappedAtMaxTimestampAndAtTheEnd() {
        final OperatorHarness<String, String> harness = describing(WindowOperatorBuilder.of(BY_KEY, TumblingEventTimeWindows.<String>of(10_000))
                .trigger(ContinuousEventTimeTrigger.of(4000)));
        // First fire at 2500 - 2500 % 4000 + 4000 = 4000; then 8000; then min(12000, 9999).
        harness.processElement("a:x", 2500);
        assertEquals(2, operatorOf(harness).pendingTimers());
        harness.processWatermark(3999);
        assertEquals(List.of("WM 3999"), harness.events());
        harness.processWatermark(4000);
        assertEquals(List.of("WM 3999", "a [0,10000) [x] wm=4000@9999", "WM 4000"), harness.events());
        harness.clearOutput();

        harness.processElement("a:y", 5000);
        harness.processWatermark(9999);
        assertEquals(List.of(
                "a [0,10000) [x, y] wm=9999@9999",
                "a [0,10000) [x, y] wm=9999@9999",
                "WM 9999"), harness.events());
        assertEquals(0, operatorOf(harness).stateEntries());
        assertEquals(0, operatorOf(harness).pendingTimers());
    }

    @Test
    void continuousEventTimeTriggerFirstFireIsCappedAtWindowMaxTimestamp() {
        final OperatorHarness<String, String> harness = describing(WindowOperatorBuilder.of(BY_KEY, TumblingEventTimeWindows.<String>of(1000))
                .trigger(ContinuousEventTimeTrigger.of(4000)));
        // min(0 + 4000, 999) = 999: the same timer as the window's end, so one firing.
        harness.processElement("a:x", 500);
        assertEquals(1, operatorOf(harness).pendingTimers());
        harness.processWatermark(Long.MAX_VALUE);
        assertEquals(List.of("a [0,1000) [x] wm=MAX@999", "WM MAX"), harness.events());
    }

    @Test
    void continuousEventTimeTriggerFiresEveryIntervalPassedByOneWatermark() {
        final OperatorHarness<String, String> harness = describing(WindowOperatorBuilder.of(BY_KEY, TumblingEventTimeWindows.<String>of(10_000))
                .trigger(ContinuousEventTimeTrigger.of(1000)));
        harness.processElement("a:x", 1500);
        // Timers at 2000, then 3000 registered while firing 2000, are both <= 3500.
        harness.processWatermark(3500);
        assertEquals(List.of("a [0,10000) [x] wm=3500@9999", "a [0,10000) [x] wm=3500@9999", "WM 3500"), harness.events());
    }

    @Test
    void processingTimeTriggerFiresWhenProcessingTimeReachesMaxTimestamp() {
        final OperatorHarness<String, String> harness = describing(WindowOperatorBuilder.of(BY_KEY, TumblingEventTimeWindows.<String>of(1000))
                .trigger(ProcessingTimeTrigger.create()));
        harness.processElement("a:1", 500);
        harness.setProcessingTime(998);
        assertEquals(List.of(), harness.events());
        harness.setProcessingTime(999);
        assertEquals(List.of("a [0,1000) [1] wm=MIN@999"), harness.events());
        harness.clearOutput();
        // The event-time cleanup removes the state without firing.
        harness.processWatermark(999);
        assertEquals(List.of("WM 999"), harness.events());
        assertEquals(0, operatorOf(harness).stateEntries());
        assertEquals(0, operatorOf(harness).pendingTimers());
    }

    @Test
    void processingTimeTriggerWindowCleanedUpByWatermarkFirstNeverFires() {
        final OperatorHarness<String, String> harness = describing(WindowOperatorBuilder.of(BY_KEY, TumblingEventTimeWindows.<String>of(1000))
                .trigger(ProcessingTimeTrigger.create()));
        harness.processElement("a:1", 500);
        harness.processWatermark(999);
        // clear() deleted the processing-time timer.
        assertEquals(0, operatorOf(harness).pendingTimers());
        harness.setProcessingTime(5000);
        assertEquals(List.of("WM 999"), harness.events());
    }

    @Test
    void userTriggerKeepsPartitionedValueStateAndClearRemovesItsStateAndTimerAtCleanup() {
        final TimeoutTrigger trigger = new TimeoutTrigger(10_000);
        final OperatorHarness<String, String> harness = describing(
                WindowOperatorBuilder.of(BY_KEY, TumblingEventTimeWindows.<String>of(1000)).trigger(trigger));
        harness.processElement("a:1", 100);
        // Window contents and the deadline; the event-time timer at 999 and the deadline at 10000.
        assertEquals(2, operatorOf(harness).stateEntries());
        assertEquals(2, operatorOf(harness).pendingTimers());

        harness.processWatermark(999);
        assertEquals(List.of("a [0,1000) [1] wm=999@999", "WM 999"), harness.events());
        assertEquals(List.of(new TimeWindow(0, 1000)), trigger.cleared);
        assertEquals(0, operatorOf(harness).stateEntries());
        assertEquals(0, operatorOf(harness).pendingTimers());
        harness.clearOutput();

        harness.processElement("a:2", 1100);
        // Only [1000,2000) still has a deadline timer: [0,1000)'s was deleted by clear().
        harness.setProcessingTime(10_000);
        assertEquals(List.of("a [1000,2000) [2] wm=999@1999"), harness.events());
    }

    @Test
    void userTriggerMergesPartitionedStateOfSessionWindowsInOnMerge() {
        final OperatorHarness<String, String> harness = harness(WindowOperatorBuilder.of(BY_KEY, EventTimeSessionWindows.<String>withGap(3000))
                .trigger(new SessionCountTrigger(3)).process(describeSorted()));
        harness.processElement("a:1000", 1000);
        harness.processElement("a:7000", 7000);
        assertEquals(List.of(), harness.events());
        // The bridge merges counts 1 + 1 into [1000,10000); its own element makes 3.
        harness.processElement("a:4000", 4000);
        assertEquals(List.of("a [1000,10000) [1000, 4000, 7000] wm=MIN@9999"), harness.events());
        harness.clearOutput();
        harness.processWatermark(9999);
        assertEquals(List.of("WM 9999"), harness.events());
        assertEquals(0, operatorOf(harness).stateEntries());
    }

    @Test
    void eventTimeTriggerOnGlobalWindowsIsRejectedAtBuildTime() {
        final WindowOperatorBuilder<String, String, GlobalWindow> builder =
                WindowOperatorBuilder.of(BY_KEY, GlobalWindows.<String>create()).trigger(onGlobalWindow(EventTimeTrigger.create()));
        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> builder.process(describe()));
        assertTrue(error.getMessage().contains("EventTimeTrigger"), error.getMessage());
        assertTrue(error.getMessage().contains("GlobalWindow"), error.getMessage());
        assertTrue(error.getMessage().contains("TimeWindow"), error.getMessage());
    }

    @Test
    void processingTimeTriggerOnGlobalWindowsIsRejectedAtBuildTime() {
        final WindowOperatorBuilder<String, String, GlobalWindow> builder =
                WindowOperatorBuilder.of(BY_KEY, GlobalWindows.<String>create()).trigger(onGlobalWindow(ProcessingTimeTrigger.create()));
        assertThrows(IllegalArgumentException.class, () -> builder.reduce((x, y) -> x));
    }

    @Test
    void nonMergingTriggerOnSessionWindowsIsRejectedAtBuildTime() {
        final WindowOperatorBuilder<String, String, TimeWindow> builder =
                WindowOperatorBuilder.of(BY_KEY, EventTimeSessionWindows.<String>withGap(3000)).trigger(new TimeoutTrigger(1000));
        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> builder.process(describe()));
        assertTrue(error.getMessage().contains("merg"), error.getMessage());
        assertTrue(error.getMessage().contains("TimeoutTrigger"), error.getMessage());
    }

    @Test
    void globalWindowsWithDefaultTriggerNeverFireEvenAtMaxWatermark() {
        final OperatorHarness<String, String> harness = describing(WindowOperatorBuilder.of(BY_KEY, GlobalWindows.<String>create()));
        harness.processElement("a:1", 100);
        harness.processElement("a:2", Long.MAX_VALUE - 1);
        harness.setProcessingTime(Long.MAX_VALUE);
        harness.processWatermark(Long.MAX_VALUE);
        assertEquals(List.of("WM MAX"), harness.events());
        assertEquals(0, operatorOf(harness).pendingTimers());
        assertEquals(1, operatorOf(harness).stateEntries());
    }

    /** What a user gets by casting away the window type: the operator must catch it. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Trigger<String, GlobalWindow> onGlobalWindow(final Trigger<String, TimeWindow> timeTrigger) {
        return (Trigger) timeTrigger;
    }

    /**
     * Fires at the window's end, and early once a processing-time timeout after its first
     * element; the deadline lives in partitioned value state. Does not support merging.
     */
    private static final class TimeoutTrigger implements Trigger<String, TimeWindow> {
        private final ValueStateDescriptor<Long> deadlineDescriptor = new ValueStateDescriptor<>("deadline");
        private final long timeoutMillis;
        private final List<TimeWindow> cleared = new ArrayList<>();

        TimeoutTrigger(final long timeoutMillis) {
            this.timeoutMillis = timeoutMillis;
        }

        @Override
        public TriggerResult onElement(final String element, final long timestamp, final TimeWindow window, final TriggerContext ctx) {
            if (window.maxTimestamp() <= ctx.currentWatermark()) {
                return TriggerResult.FIRE;
            }
            ctx.registerEventTimeTimer(window.maxTimestamp());
            final ValueState<Long> deadline = ctx.partitionedState(deadlineDescriptor);
            if (deadline.value() == null) {
                final long at = ctx.currentProcessingTime() + timeoutMillis;
                deadline.update(at);
                ctx.registerProcessingTimeTimer(at);
            }
            return TriggerResult.CONTINUE;
        }

        @Override
        public TriggerResult onEventTime(final long time, final TimeWindow window, final TriggerContext ctx) {
            return time == window.maxTimestamp() ? TriggerResult.FIRE : TriggerResult.CONTINUE;
        }

        @Override
        public TriggerResult onProcessingTime(final long time, final TimeWindow window, final TriggerContext ctx) {
            ctx.partitionedState(deadlineDescriptor).clear();
            return TriggerResult.FIRE;
        }

        @Override
        public void clear(final TimeWindow window, final TriggerContext ctx) {
            cleared.add(window);
            final ValueState<Long> deadline = ctx.partitionedState(deadlineDescriptor);
            if (deadline.value() != null) {
                ctx.deleteProcessingTimeTimer(deadline.value());
                deadline.clear();
            }
            ctx.deleteEventTimeTimer(window.maxTimestamp());
        }

        @Override
        public String toString() {
            return "TimeoutTrigger";
        }
    }

    /** Fires each time a (possibly merged) session has received {@code n} more elements. */
    private static final class SessionCountTrigger implements Trigger<String, TimeWindow> {
        private final ReducingStateDescriptor<Long> countDescriptor = new ReducingStateDescriptor<>("session-count", Long::sum);
        private final long n;

        SessionCountTrigger(final long n) {
            this.n = n;
        }

        @Override
        public TriggerResult onElement(final String element, final long timestamp, final TimeWindow window, final TriggerContext ctx) {
            final ReducingState<Long> count = ctx.partitionedState(countDescriptor);
            count.add(1L);
            if (count.get() >= n) {
                count.clear();
                return TriggerResult.FIRE;
            }
            return TriggerResult.CONTINUE;
        }

        @Override
        public TriggerResult onEventTime(final long time, final TimeWindow window, final TriggerContext ctx) {
            return TriggerResult.CONTINUE;
        }

        @Override
        public TriggerResult onProcessingTime(final long time, final TimeWindow window, final TriggerContext ctx) {
            return TriggerResult.CONTINUE;
        }

        @Override
        public void clear(final TimeWindow window, final TriggerContext ctx) {
            ctx.partitionedState(countDescriptor).clear();
        }

        @Override
        public boolean canMerge() {
            return true;
        }

        @Override
        public void onMerge(final TimeWindow window, final OnMergeContext ctx) {
            ctx.mergePartitionedState(countDescriptor);
        }
    }
}
