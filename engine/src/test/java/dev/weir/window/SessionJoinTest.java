package dev.weir.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.weir.state.HeapKeyedStateBackend;
import dev.weir.state.KeyGroupRange;
import dev.weir.state.KeyedStateBackend;
import dev.weir.state.ListState;
import dev.weir.state.ListStateDescriptor;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link MergingWindowSet#addTimeWindow}, the session record's shortcut, against {@link MergingWindowSet#addWindow}:
 * where it answers, it gives the same window, the same in-flight windows with the same state windows and tells of
 * the same merge; where it does not, it changes nothing.
 */
final class SessionJoinTest {
    private final KeyedStateBackend<String> backend = new HeapKeyedStateBackend<>(new KeyGroupRange(0, 127), 128);
    private final EventTimeSessionWindows<String> assigner = EventTimeSessionWindows.withGap(1000);

    private MergingWindowSet<TimeWindow> set(final String namespace) {
        backend.setCurrentKey("a");
        final ListState<Object[]> state = backend.state(new ListStateDescriptor<Object[]>("merging-window-set"));
        state.setNamespace(namespace);
        return new MergingWindowSet<>(assigner, state);
    }

    /**
     * Each case: the in-flight sessions {@code [1000, 3000)} and {@code [5000, 6000)}, then a window; whether the
     * shortcut answers, and the window the record belongs to then.
     */
    @ParameterizedTest(name = "[{0}, {1}) -> {2}")
    @CsvSource({
        "1500, 2500, '[1000,3000)'", // inside
        "1000, 2000, '[1000,3000)'", // inside, same start
        "2500, 3500, '[1000,3500)'", // extends the end
        "3000, 4000, '[1000,4000)'", // touches the end
        "500, 1500, '[500,3000)'", // extends the start
        "0, 1000, '[0,3000)'", // touches the start
        "500, 3500, '[500,3500)'", // holds the session
        "1000, 3000, none", // equals a session: the general path maps it to itself
        "2500, 5000, none", // bridges two sessions
        "3500, 4500, none", // meets no session
    })
    void theShortcutAnswersExactlyWhenTheWindowMeetsOneSessionAndEqualsNone(final long start, final long end, final String expected) {
        final MergingWindowSet<TimeWindow> shortcut = set("shortcut");
        final MergingWindowSet<TimeWindow> general = set("general");
        final List<String> shortcutMerges = new ArrayList<>();
        final List<String> generalMerges = new ArrayList<>();
        for (final MergingWindowSet<TimeWindow> windows : List.of(shortcut, general)) {
            windows.addWindow(new TimeWindow(1000, 2000), SessionJoinTest::noMerge);
            windows.addWindow(new TimeWindow(2000, 3000), (r, m, s, ms) -> { });
            windows.addWindow(new TimeWindow(5000, 6000), SessionJoinTest::noMerge);
        }
        final TimeWindow joined = shortcut.addTimeWindow(start, end, (r, m, s, ms) -> shortcutMerges.add(r + " " + m + " " + s + " " + ms));
        if (expected.equals("none")) {
            assertNull(joined);
            assertEquals(mapping(general), mapping(shortcut));
            return;
        }
        final TimeWindow added = general.addWindow(new TimeWindow(start, end), (r, m, s, ms) -> generalMerges.add(r + " " + m + " " + s + " " + ms));
        assertEquals(expected, joined.toString());
        assertEquals(added, joined);
        assertEquals(generalMerges, shortcutMerges);
        assertEquals(mapping(general), mapping(shortcut));
    }

    /** Random session records of one key, each added both ways (the shortcut falling back to the general path). */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 42, 1234})
    void theShortcutAndTheGeneralPathKeepTheSameWindows(final long seed) {
        final Random random = new Random(seed);
        final MergingWindowSet<TimeWindow> shortcut = set("shortcut");
        final MergingWindowSet<TimeWindow> general = set("general");
        for (int i = 0; i < 2000; i++) {
            final long start = random.nextInt(200) * 100L;
            final long end = start + 100L * (1 + random.nextInt(15));
            final List<String> shortcutMerges = new ArrayList<>();
            final List<String> generalMerges = new ArrayList<>();
            TimeWindow joined = shortcut.addTimeWindow(start, end, (r, m, s, ms) -> shortcutMerges.add(r + " " + m + " " + s + " " + ms));
            if (joined == null) {
                joined = shortcut.addWindow(new TimeWindow(start, end), (r, m, s, ms) -> shortcutMerges.add(r + " " + m + " " + s + " " + ms));
            }
            final TimeWindow added = general.addWindow(new TimeWindow(start, end), (r, m, s, ms) -> generalMerges.add(r + " " + m + " " + s + " " + ms));
            assertEquals(added, joined, "window of record " + i);
            assertEquals(generalMerges, shortcutMerges, "merges of record " + i);
            assertEquals(mapping(general), mapping(shortcut), "windows after record " + i);
            if (random.nextInt(10) == 0 && !mapping(general).isEmpty()) {
                // a session closes
                final TimeWindow done = mapping(general).firstKey();
                general.retireWindow(done);
                shortcut.retireWindow(done);
            }
        }
    }

    /** @return the in-flight windows and their state windows, by start */
    private static TreeMap<TimeWindow, TimeWindow> mapping(final MergingWindowSet<TimeWindow> windows) {
        final TreeMap<TimeWindow, TimeWindow> mapping = new TreeMap<>((a, b) -> Long.compare(a.start(), b.start()));
        for (final TimeWindow window : windows.windows()) {
            mapping.put(window, windows.stateWindow(window));
        }
        return mapping;
    }

    private static void noMerge(final TimeWindow result, final List<TimeWindow> merged, final TimeWindow stateWindow,
            final List<TimeWindow> mergedStateWindows) {
        throw new AssertionError("no merge expected: " + merged + " into " + result);
    }
}
