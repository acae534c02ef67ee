package dev.weir.window;

import static dev.weir.window.WindowFixtures.BY_KEY;
import static dev.weir.window.WindowFixtures.describing;
import static dev.weir.window.WindowFixtures.operatorOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.weir.state.HeapKeyedStateBackend;
import dev.weir.state.KeyGroupRange;
import dev.weir.state.KeyedStateBackend;
import dev.weir.state.ListState;
import dev.weir.state.ListStateDescriptor;
import dev.weir.testing.OperatorHarness;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §4 "Merging (session) windows": each record gets [t, t+gap); intersecting
 * windows (touching counts) merge into their cover; the merged window keeps the state window
 * of an existing window, never the new one's; old windows' timers go and the merged window
 * gets one at its maxTimestamp, unless the watermark has passed it; cleanup removes the
 * window -> state-window mapping.
 */
class SessionWindowTest {
    private static OperatorHarness<String, String> sessions(final long allowedLateness) {
        return describing(WindowOperatorBuilder.of(BY_KEY, EventTimeSessionWindows.<String>withGap(3000)).allowedLateness(allowedLateness));
    }

    @Test
    void touchingSessionWindowsMerge() {
        final OperatorHarness<String, String> harness = sessions(0);
        harness.processElement("a:1000", 1000);
        harness.processElement("a:4000", 4000);
        harness.processWatermark(3999);
        assertEquals(List.of("WM 3999"), harness.events());
        harness.processWatermark(6999);
        assertEquals(List.of("WM 3999", "a [1000,7000) [1000, 4000] wm=6999@6999", "WM 6999"), harness.events());
    }

    @Test
    void sessionsFurtherApartThanTheGapStaySeparate() {
        final OperatorHarness<String, String> harness = sessions(0);
        harness.processElement("a:1000", 1000);
        harness.processElement("a:4001", 4001);
        harness.processWatermark(Long.MAX_VALUE);
        assertEquals(List.of("a [1000,4000) [1000] wm=MAX@3999", "a [4001,7001) [4001] wm=MAX@7000", "WM MAX"), harness.events());
    }

    @Test
    void stateOfWindowBuiltFromLaterThenEarlierRecordListsArrivalOrder() {
        final OperatorHarness<String, String> harness = sessions(0);
        harness.processElement("a:10000", 10000);
        harness.processElement("a:7000", 7000);
        harness.processWatermark(12999);
        assertEquals(List.of("a [7000,13000) [10000, 7000] wm=12999@12999", "WM 12999"), harness.events());
    }

    @Test
    void recordBridgingTwoSessionsMergesAllThreeIntoOneWindow() {
        final OperatorHarness<String, String> harness = sessions(0);
        harness.processElement("a:1000", 1000);
        harness.processElement("a:7000", 7000);
        harness.processElement("a:4000", 4000);
        harness.processWatermark(3999);
        harness.processWatermark(9998);
        assertEquals(List.of("WM 3999", "WM 9998"), harness.events());
        harness.clearOutput();
        harness.processWatermark(9999);
        final List<String> events = harness.events();
        assertEquals(2, events.size(), () -> "events " + events);
        // The state window is [1000,4000)'s or [7000,10000)'s (Flink picks either); the
        // bridging record is added after the merge, so it always comes last.
        assertTrue(events.get(0).equals("a [1000,10000) [1000, 7000, 4000] wm=9999@9999")
                || events.get(0).equals("a [1000,10000) [7000, 1000, 4000] wm=9999@9999"), () -> "events " + events);
        assertEquals("WM 9999", events.get(1));
        assertEquals(0, operatorOf(harness).stateEntries());
    }

    @Test
    void mergedWindowKeepsStateWindowOfAnExistingWindowNeverTheNewOne() {
        final KeyedStateBackend<String> backend = new HeapKeyedStateBackend<>(new KeyGroupRange(0, 127), 128);
        backend.setCurrentKey("a");
        final ListState<Object[]> mappingState = backend.state(new ListStateDescriptor<Object[]>("merging-window-set"));
        mappingState.setNamespace("mapping");
        final MergingWindowSet<TimeWindow> windows = new MergingWindowSet<>(EventTimeSessionWindows.<String>withGap(3000), mappingState);
        final TimeWindow first = new TimeWindow(1000, 4000);
        final TimeWindow second = new TimeWindow(7000, 10000);
        final TimeWindow bridge = new TimeWindow(4000, 7000);

        assertEquals(first, windows.addWindow(first, (r, m, s, ms) -> fail("no merge expected")));
        assertEquals(second, windows.addWindow(second, (r, m, s, ms) -> fail("no merge expected")));
        assertEquals(first, windows.stateWindow(first));
        assertEquals(second, windows.stateWindow(second));

        final List<Object[]> merges = new ArrayList<>();
        final TimeWindow merged = windows.addWindow(bridge,
                (mergeResult, mergedWindows, stateWindowResult, mergedStateWindows) -> merges.add(new Object[] {
                    mergeResult, new HashSet<>(mergedWindows), stateWindowResult, new ArrayList<>(mergedStateWindows)}));

        assertEquals(new TimeWindow(1000, 10000), merged);
        assertEquals(1, merges.size());
        final Object[] merge = merges.get(0);
        assertEquals(merged, merge[0]);
        // The new window is not among the merged in-flight windows: it never had state.
        assertEquals(Set.of(first, second), merge[1]);
        final TimeWindow stateWindow = (TimeWindow) merge[2];
        assertTrue(stateWindow.equals(first) || stateWindow.equals(second), "state window " + stateWindow);
        assertNotEquals(bridge, stateWindow);
        assertEquals(List.of(stateWindow.equals(first) ? second : first), merge[3]);
        assertEquals(stateWindow, windows.stateWindow(merged));
        assertEquals(Set.of(merged), new HashSet<>(windows.windows()));
    }

    @Test
    void newWindowInsideAnExistingWindowDoesNotMerge() {
        final KeyedStateBackend<String> backend = new HeapKeyedStateBackend<>(new KeyGroupRange(0, 127), 128);
        backend.setCurrentKey("a");
        final ListState<Object[]> mappingState = backend.state(new ListStateDescriptor<Object[]>("merging-window-set"));
        mappingState.setNamespace("mapping");
        final MergingWindowSet<TimeWindow> windows = new MergingWindowSet<>(EventTimeSessionWindows.<String>withGap(3000), mappingState);
        final TimeWindow outer = new TimeWindow(1000, 10000);
        windows.addWindow(outer, (r, m, s, ms) -> fail("no merge expected"));
        assertEquals(outer, windows.addWindow(new TimeWindow(2000, 5000), (r, m, s, ms) -> fail("no merge expected")));
        assertEquals(outer, windows.stateWindow(outer));
        assertEquals(Set.of(outer), new HashSet<>(windows.windows()));
    }

    @Test
    void mergingWindowMappingIsPersistedAsKeyedState() {
        final KeyedStateBackend<String> backend = new HeapKeyedStateBackend<>(new KeyGroupRange(0, 127), 128);
        backend.setCurrentKey("a");
        final ListState<Object[]> mappingState = backend.state(new ListStateDescriptor<Object[]>("merging-window-set"));
        mappingState.setNamespace("mapping");
        final EventTimeSessionWindows<String> assigner = EventTimeSessionWindows.withGap(3000);
        final MergingWindowSet<TimeWindow> windows = new MergingWindowSet<>(assigner, mappingState);
        windows.addWindow(new TimeWindow(10000, 13000), (r, m, s, ms) -> fail("no merge expected"));
        windows.addWindow(new TimeWindow(7000, 10000), (r, m, s, ms) -> { });
        assertEquals(null, mappingState.get());
        windows.persist();

        final MergingWindowSet<TimeWindow> reread = new MergingWindowSet<>(assigner, mappingState);
        assertEquals(Set.of(new TimeWindow(7000, 13000)), new HashSet<>(reread.windows()));
        assertEquals(new TimeWindow(10000, 13000), reread.stateWindow(new TimeWindow(7000, 13000)));

        // Another key has its own mapping.
        backend.setCurrentKey("b");
        assertFalse(new MergingWindowSet<>(assigner, mappingState).windows().iterator().hasNext());
    }

    @Test
    void mergeDeletesOldWindowsTimersAndRegistersOneAtMergedMaxTimestamp() {
        final OperatorHarness<String, String> harness = sessions(0);
        harness.processElement("a:1000", 1000);
        harness.processElement("a:7000", 7000);
        assertEquals(2, operatorOf(harness).pendingTimers());
        harness.processElement("a:4000", 4000);
        // [1000,4000)@3999 and [7000,10000)@9999 are gone; [1000,10000)@9999 remains.
        assertEquals(1, operatorOf(harness).pendingTimers());
        harness.processWatermark(3999);
        assertEquals(List.of("WM 3999"), harness.events());
        harness.processWatermark(9999);
        assertEquals(3, harness.events().size(), () -> "events " + harness.events());
        assertTrue(harness.events().get(1).startsWith("a [1000,10000) "), () -> "events " + harness.events());
        assertEquals("WM 9999", harness.events().get(2));
        assertEquals(0, operatorOf(harness).pendingTimers());
    }

    @Test
    void mergeDeletesCleanupTimersOfMergedWindowsWithAllowedLateness() {
        final OperatorHarness<String, String> harness = sessions(1000);
        harness.processElement("a:1000", 1000);
        harness.processElement("a:4000", 4000);
        // Only [1000,7000) remains: its fire timer at 6999 and its cleanup timer at 7999.
        assertEquals(2, operatorOf(harness).pendingTimers());
        harness.processWatermark(Long.MAX_VALUE);
        assertEquals(List.of("a [1000,7000) [1000, 4000] wm=MAX@6999", "WM MAX"), harness.events());
    }

    @Test
    void onMergeDoesNotRegisterTimerWhenWatermarkHasPassedMergedWindowEnd() {
        final OperatorHarness<String, String> harness = sessions(5000);
        harness.processElement("a:1000", 1000);
        harness.processWatermark(4500);
        assertEquals(List.of("a [1000,4000) [1000] wm=4500@3999", "WM 4500"), harness.events());
        harness.clearOutput();

        // [500,3500) merges with [1000,4000) into [500,4000), already past the watermark but
        // kept alive by the allowed lateness (cleanup at 8999): the element fires it at once.
        harness.processElement("a:500", 500);
        assertEquals(List.of("a [500,4000) [1000, 500] wm=4500@3999"), harness.events());
        // No timer at 3999 for the merged window, or the next watermark would fire it twice.
        assertEquals(1, operatorOf(harness).pendingTimers());

        harness.clearOutput();
        harness.processWatermark(5000);
        assertEquals(List.of("WM 5000"), harness.events());
        harness.processWatermark(8999);
        assertEquals(List.of("WM 5000", "WM 8999"), harness.events());
        assertEquals(0, operatorOf(harness).stateEntries());
        assertEquals(0, operatorOf(harness).pendingTimers());
    }

    @Test
    void cleanupRemovesMergingWindowMappingSoALaterTouchingRecordStartsAFreshSession() {
        final OperatorHarness<String, String> harness = sessions(0);
        harness.processElement("a:1000", 1000);
        harness.processWatermark(3999);
        assertEquals(List.of("a [1000,4000) [1000] wm=3999@3999", "WM 3999"), harness.events());
        // Window contents and the window -> state-window mapping are both gone.
        assertEquals(0, operatorOf(harness).stateEntries());
        harness.clearOutput();

        // [4000,7000) touches the cleaned-up [1000,4000); with its mapping gone it stays alone.
        harness.processElement("a:4000", 4000);
        harness.processWatermark(6999);
        assertEquals(List.of("a [4000,7000) [4000] wm=6999@6999", "WM 6999"), harness.events());
    }

    @Test
    void dynamicGapSessionsMergeWithEachRecordsOwnGap() {
        final OperatorHarness<String, String> harness = describing(WindowOperatorBuilder.of(BY_KEY,
                EventTimeSessionWindows.<String>withDynamicGap(record -> Long.parseLong(WindowFixtures.payloadOf(record)))));
        // Gaps 1000 and 5000: [1000,2000) and [2500,7500) do not touch.
        harness.processElement("a:1000", 1000);
        harness.processElement("a:5000", 2500);
        harness.processWatermark(2000);
        assertEquals(List.of("a [1000,2000) [1000] wm=2000@1999", "WM 2000"), harness.events());
        harness.clearOutput();
        // Gap 600: [2000,2600) touches the cleaned-up [1000,2000) (gone) and overlaps [2500,7500).
        harness.processElement("a:600", 2000);
        harness.processWatermark(Long.MAX_VALUE);
        assertEquals(List.of("a [2000,7500) [5000, 600] wm=MAX@7499", "WM MAX"), harness.events());
    }
}
