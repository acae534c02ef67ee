package dev.weir.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.checkpoint.SnapshotEntryVisitor;
import dev.weir.checkpoint.SnapshotFileReader;
import dev.weir.state.KeyGroups;
import dev.weir.state.ReadOnlyBroadcastState;
import dev.weir.testing.TwoInputOperatorHarness;
import dev.weir.timer.TimeDomain;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/semantics.md §7 "Broadcast state": broadcast state is operator state, written once per
 * checkpoint (by instance 0, every instance holds the same) into real state files and restored
 * into every instance at any parallelism, 1 to 3 and back to 1; the keyed side's state and timers
 * go by key group as any keyed state. Files are written and read as the runtime does
 * ({@code ChainCheckpointer.writeState / restoreState}).
 */
final class BroadcastStateRestoreTest {
    private static final int MAX_PARALLELISM = 128;
    private static final List<String> KEYS = List.of("a", "b", "c", "d", "e", "j");

    @TempDir
    Path directory;

    /** @return per file: its broadcast entries, keyed entries and timers */
    private static List<String> contents(final List<Path> files) {
        final List<String> contents = new ArrayList<>();
        for (final Path file : files) {
            final long[] counts = new long[3];
            SnapshotFileReader.readState(file, new SnapshotEntryVisitor() {
                @Override
                public void stateEntry(final String stateName, final int keyGroup, final Object key, final Object namespace, final Object value) {
                    counts[1]++;
                }

                @Override
                public void timer(final TimeDomain domain, final int keyGroup, final long timestamp, final Object key, final Object namespace) {
                    counts[2]++;
                }

                @Override
                public void broadcastStateEntry(final String stateName, final Object key, final Object value) {
                    counts[0]++;
                }
            });
            contents.add(counts[0] + " broadcast, " + counts[1] + " keyed, " + counts[2] + " timers");
        }
        return contents;
    }

    private static <K, V> List<String> entries(final ReadOnlyBroadcastState<K, V> state) {
        final List<String> entries = new ArrayList<>();
        for (final Map.Entry<K, V> entry : state.immutableEntries()) {
            entries.add(entry.getKey() + "=" + entry.getValue());
        }
        return entries;
    }

    private List<Path> snapshot(final List<? extends TwoInputOperatorHarness<?, ?, ?>> instances, final String name) {
        final List<Path> files = new ArrayList<>();
        for (int i = 0; i < instances.size(); i++) {
            final Path file = directory.resolve(name + "-" + i + ".state");
            instances.get(i).snapshot(file, 1);
            files.add(file);
        }
        return files;
    }

    @Test
    void theNonKeyedBroadcastStateIsWrittenOnceAndRestoredIntoEveryInstanceFromOneToThreeAndBack() {
        final CoBroadcastWithNonKeyedOperator<String, String, String> single = CoBroadcastWithNonKeyedOperatorTest.operator();
        final TwoInputOperatorHarness<String, String, String> one = new TwoInputOperatorHarness<>(single, 0, 1, MAX_PARALLELISM);
        one.processElement2("cpu=40", 1);
        one.processElement2("mem=70", 2);
        final List<Path> first = snapshot(List.of(one), "p1");
        assertEquals(List.of("2 broadcast, 0 keyed, 0 timers"), contents(first));

        final List<TwoInputOperatorHarness<String, String, String>> three = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            final TwoInputOperatorHarness<String, String, String> instance = new TwoInputOperatorHarness<>(
                    CoBroadcastWithNonKeyedOperatorTest.operator(), i, 3, MAX_PARALLELISM);
            instance.restore(first);
            instance.processElement1("cpu:" + (39 + i), 10);
            // the broadcast side reaches every instance
            instance.processElement2("cpu=none", 20);
            instance.processElement2("disk=10", 21);
            instance.processElement1("disk:" + (9 + i), 30);
            three.add(instance);
        }
        assertEquals(List.of("SIDE below cpu:39 < 40@10", "thresholds 1 at 20@20", "thresholds 2 at 21@21", "SIDE below disk:9 < 10@30"),
                three.get(0).events());
        assertEquals(List.of("cpu:40 >= 40@10", "thresholds 1 at 20@20", "thresholds 2 at 21@21", "disk:10 >= 10@30"), three.get(1).events());
        assertEquals(List.of("cpu:41 >= 40@10", "thresholds 1 at 20@20", "thresholds 2 at 21@21", "disk:11 >= 10@30"), three.get(2).events());
        final List<Path> second = snapshot(three, "p3");
        assertEquals(List.of("2 broadcast, 0 keyed, 0 timers", "0 broadcast, 0 keyed, 0 timers", "0 broadcast, 0 keyed, 0 timers"),
                contents(second));

        final CoBroadcastWithNonKeyedOperator<String, String, String> back = CoBroadcastWithNonKeyedOperatorTest.operator();
        final TwoInputOperatorHarness<String, String, String> again = new TwoInputOperatorHarness<>(back, 0, 1, MAX_PARALLELISM);
        again.restore(second);
        assertEquals(List.of("mem=70", "disk=10"), entries(back.broadcastStates().readOnly(CoBroadcastWithNonKeyedOperatorTest.THRESHOLDS)));
        again.processElement1("mem:80", 40);
        assertEquals(List.of("mem:80 >= 70@40"), again.events());
    }

    private static int owner(final String key, final int parallelism) {
        final int keyGroup = KeyGroups.keyGroupOf(key, MAX_PARALLELISM);
        for (int i = 0; i < parallelism; i++) {
            if (KeyGroups.rangeFor(MAX_PARALLELISM, parallelism, i).contains(keyGroup)) {
                return i;
            }
        }
        throw new AssertionError("no instance owns key group " + keyGroup);
    }

    /** Key {@code KEYS[i]} gets {@code i % 3 + 1} records at 100; labels for a and c. */
    private static void feed(final TwoInputOperatorHarness<String, String, String> harness) {
        harness.processElement2("label:a=alpha", 1);
        harness.processElement2("label:c=gamma", 2);
        for (int i = 0; i < KEYS.size(); i++) {
            for (int n = 0; n <= i % 3; n++) {
                harness.processElement1(KEYS.get(i) + ":" + n, 100 + i);
            }
        }
    }

    private static List<String> timerLines(final List<String> events) {
        final List<String> lines = new ArrayList<>();
        for (final String event : events) {
            if (event.contains(" EVENT_TIME ")) {
                lines.add(event);
            }
        }
        Collections.sort(lines);
        return lines;
    }

    @Test
    void keyedStateGoesByKeyGroupAndTheBroadcastStateToEveryInstanceFromOneToThreeAndBack() {
        final TwoInputOperatorHarness<String, String, String> uninterrupted = new TwoInputOperatorHarness<>(
                CoBroadcastWithKeyedOperatorTest.operator(), 0, 1, MAX_PARALLELISM);
        feed(uninterrupted);
        uninterrupted.processWatermark1(Long.MAX_VALUE);
        uninterrupted.processWatermark2(Long.MAX_VALUE);
        final List<String> expectedTimers = timerLines(uninterrupted.events());
        assertEquals(List.of("a EVENT_TIME 200 count 1 label alpha@200", "b EVENT_TIME 201 count 2 label null@201",
                "c EVENT_TIME 202 count 3 label gamma@202", "d EVENT_TIME 203 count 1 label null@203",
                "e EVENT_TIME 204 count 2 label null@204", "j EVENT_TIME 205 count 3 label null@205"), expectedTimers);

        final TwoInputOperatorHarness<String, String, String> one = new TwoInputOperatorHarness<>(
                CoBroadcastWithKeyedOperatorTest.operator(), 0, 1, MAX_PARALLELISM);
        feed(one);
        final List<Path> first = snapshot(List.of(one), "p1");
        assertEquals(List.of("2 broadcast, 6 keyed, 6 timers"), contents(first));

        final List<TwoInputOperatorHarness<String, String, String>> three = new ArrayList<>();
        final List<List<String>> ownedKeys = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            final TwoInputOperatorHarness<String, String, String> instance = new TwoInputOperatorHarness<>(
                    CoBroadcastWithKeyedOperatorTest.operator(), i, 3, MAX_PARALLELISM);
            instance.restore(first);
            instance.processElement2("report", 300);
            three.add(instance);
            final List<String> owned = new ArrayList<>();
            for (int k = 0; k < KEYS.size(); k++) {
                if (owner(KEYS.get(k), 3) == i) {
                    owned.add(KEYS.get(k) + "=" + (k % 3 + 1));
                }
            }
            ownedKeys.add(owned);
            assertEquals(List.of("report " + owned + "@300"), instance.events());
            assertEquals(List.of("a=alpha", "c=gamma"),
                    entries(((CoBroadcastWithKeyedOperator<?, ?, ?, ?>) instance.operator()).broadcastStates()
                            .readOnly(CoBroadcastWithKeyedOperatorTest.LABELS)));
        }
        assertTrue(ownedKeys.stream().allMatch(owned -> !owned.isEmpty()), "every instance owns a key: " + ownedKeys);

        final List<Path> second = snapshot(three, "p3");
        final List<String> secondContents = contents(second);
        for (int i = 0; i < 3; i++) {
            final int keys = ownedKeys.get(i).size();
            assertEquals((i == 0 ? 2 : 0) + " broadcast, " + keys + " keyed, " + keys + " timers", secondContents.get(i));
        }

        // the three instances fire exactly the uninterrupted run's timers between them
        final List<String> fired = new ArrayList<>();
        for (final TwoInputOperatorHarness<String, String, String> instance : three) {
            instance.processWatermark1(Long.MAX_VALUE);
            instance.processWatermark2(Long.MAX_VALUE);
            fired.addAll(timerLines(instance.events()));
        }
        Collections.sort(fired);
        assertEquals(expectedTimers, fired);

        final TwoInputOperatorHarness<String, String, String> again = new TwoInputOperatorHarness<>(
                CoBroadcastWithKeyedOperatorTest.operator(), 0, 1, MAX_PARALLELISM);
        again.restore(second);
        again.processElement2("report", 400);
        again.processWatermark1(Long.MAX_VALUE);
        again.processWatermark2(Long.MAX_VALUE);
        assertEquals("report [a=1, b=2, c=3, d=1, e=2, j=3]@400", again.events().get(0));
        assertEquals(expectedTimers, timerLines(again.events()));
        assertEquals(2, ((CoBroadcastWithKeyedOperator<?, ?, ?, ?>) again.operator()).broadcastStates().entryCount());
    }
}
