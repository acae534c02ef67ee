package dev.weir.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.state.KeyGroups;
import dev.weir.testing.TwoInputOperatorHarness;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * docs/semantics.md §7 "Keyed co-process" and §3: the keyed state and timers both callbacks share
 * are checkpointed per key group into real state files and restored at another parallelism (1 to
 * 3 and back to 1): each instance gets the state and timers of its key groups, and the results are
 * those of an uninterrupted run. Records go to the instance that owns their key, as a keyed edge
 * sends them. The same holds for a {@link CoProcessFunction} over keyed connected streams, which
 * runs in the same operator (it keeps the key in one more state per key).
 */
final class KeyedCoProcessRestoreTest {
    private static final int MAX_PARALLELISM = 128;

    @TempDir
    Path directory;

    /** The function the operator runs, and the state entries it has at the last restore. */
    enum Function {
        KEYED_CO_PROCESS(9),
        CO_PROCESS_ON_KEYED_STREAMS(15);

        final long entriesAtLastRestore;

        Function(final long entriesAtLastRestore) {
            this.entriesAtLastRestore = entriesAtLastRestore;
        }

        KeyedCoProcessOperator<String, String, String, String> operator() {
            return this == KEYED_CO_PROCESS ? new KeyedCoProcessOperator<>(KeyedCoProcessOperatorTest.KEY, KeyedCoProcessOperatorTest.KEY,
                    new KeyedCoProcessOperatorTest.SumAndSeen())
                    : KeyedCoProcessOperator.forCoProcess(KeyedCoProcessOperatorTest.KEY, KeyedCoProcessOperatorTest.KEY,
                            new CoProcessOnKeyedStreamsTest.SumAndSeenByState());
        }
    }

    private static TwoInputOperatorHarness<String, String, String> instance(final Function function, final int index, final int parallelism) {
        return new TwoInputOperatorHarness<>(function.operator(), index, parallelism, MAX_PARALLELISM);
    }

    private static int owner(final String record, final int parallelism) {
        final int keyGroup = KeyGroups.keyGroupOf(KeyedCoProcessOperatorTest.KEY.keyOf(record), MAX_PARALLELISM);
        for (int i = 0; i < parallelism; i++) {
            if (KeyGroups.rangeFor(MAX_PARALLELISM, parallelism, i).contains(keyGroup)) {
                return i;
            }
        }
        throw new AssertionError("no instance owns key group " + keyGroup);
    }

    /** Keys a, c, d go to instance 1 of 3, b and e to instance 0, j to instance 2. */
    private static void firstPart(final List<TwoInputOperatorHarness<String, String, String>> instances) {
        send(instances, 1, "a:5", 100);
        send(instances, 2, "a:x", 200);
        send(instances, 2, "b:y", 300);
        send(instances, 1, "c:3", 1500);
        send(instances, 1, "j:8", 2200);
        send(instances, 2, "d:z", 2300);
        send(instances, 1, "e:4", 2500);
    }

    private static void secondPart(final List<TwoInputOperatorHarness<String, String, String>> instances) {
        send(instances, 1, "a:1", 900); // the restored timer (999, a), now registered again: still one
        send(instances, 2, "j:w", 2900);
        send(instances, 1, "b:2", 3100);
    }

    private static void send(final List<TwoInputOperatorHarness<String, String, String>> instances, final int input, final String record,
            final long timestamp) {
        final TwoInputOperatorHarness<String, String, String> owner = instances.get(owner(record, instances.size()));
        if (input == 1) {
            owner.processElement1(record, timestamp);
        } else {
            owner.processElement2(record, timestamp);
        }
    }

    private static List<String> finish(final List<TwoInputOperatorHarness<String, String, String>> instances) {
        final List<String> results = new ArrayList<>();
        for (final TwoInputOperatorHarness<String, String, String> instance : instances) {
            instance.processWatermark1(Long.MAX_VALUE);
            instance.processWatermark2(Long.MAX_VALUE);
            for (final String event : instance.events()) {
                if (!event.startsWith("WM ")) {
                    results.add(event);
                }
            }
        }
        Collections.sort(results);
        return results;
    }

    private List<Path> snapshot(final List<TwoInputOperatorHarness<String, String, String>> instances, final String name) {
        final List<Path> files = new ArrayList<>();
        for (int i = 0; i < instances.size(); i++) {
            final Path file = directory.resolve(name + "-" + i + ".state");
            instances.get(i).snapshot(file, 1);
            files.add(file);
        }
        return files;
    }

    private static List<TwoInputOperatorHarness<String, String, String>> restored(final Function function, final int parallelism,
            final List<Path> files) {
        final List<TwoInputOperatorHarness<String, String, String>> instances = new ArrayList<>();
        for (int i = 0; i < parallelism; i++) {
            final TwoInputOperatorHarness<String, String, String> instance = instance(function, i, parallelism);
            instance.restore(files);
            instances.add(instance);
        }
        return instances;
    }

    @ParameterizedTest
    @EnumSource(Function.class)
    void stateAndTimersOfBothCallbacksAreRescaledByKeyGroupFromOneToThreeAndBack(final Function function) {
        final List<TwoInputOperatorHarness<String, String, String>> uninterrupted = List.of(instance(function, 0, 1));
        firstPart(uninterrupted);
        secondPart(uninterrupted);
        final List<String> expected = finish(uninterrupted);
        if (function == Function.KEYED_CO_PROCESS) {
            assertEquals(List.of(
                    "SIDE log fired a 999@999", "SIDE log fired b 3999@3999", "SIDE log fired b 999@999", "SIDE log fired c 1999@1999",
                    "SIDE log fired d 2999@2999", "SIDE log fired e 2999@2999", "SIDE log fired j 2999@2999",
                    "a EVENT_TIME at 999: sum 6 seen [x]@999", "a sum so far 5@200",
                    "b EVENT_TIME at 3999: sum null seen null@3999", "b EVENT_TIME at 999: sum 2 seen [y]@999", "b sum so far null@300",
                    "c EVENT_TIME at 1999: sum 3 seen null@1999", "d EVENT_TIME at 2999: sum null seen [z]@2999", "d sum so far null@2300",
                    "e EVENT_TIME at 2999: sum 4 seen null@2999", "j EVENT_TIME at 2999: sum 8 seen [w]@2999", "j sum so far 8@2900"),
                    expected);
        } else {
            // b's timer at 999 clears the key it keeps: its timer at 3999 finds none
            assertEquals(List.of(
                    "SIDE log fired a 999@999", "SIDE log fired b 999@999", "SIDE log fired c 1999@1999",
                    "SIDE log fired d 2999@2999", "SIDE log fired e 2999@2999", "SIDE log fired j 2999@2999", "SIDE log fired null 3999@3999",
                    "a EVENT_TIME at 999: sum 6 seen [x]@999", "a sum so far 5@200",
                    "b EVENT_TIME at 999: sum 2 seen [y]@999", "b sum so far null@300",
                    "c EVENT_TIME at 1999: sum 3 seen null@1999", "d EVENT_TIME at 2999: sum null seen [z]@2999", "d sum so far null@2300",
                    "e EVENT_TIME at 2999: sum 4 seen null@2999", "j EVENT_TIME at 2999: sum 8 seen [w]@2999", "j sum so far 8@2900",
                    "null EVENT_TIME at 3999: sum null seen null@3999"), expected);
        }

        final List<TwoInputOperatorHarness<String, String, String>> one = List.of(instance(function, 0, 1));
        firstPart(one);
        final List<String> beforeCheckpoint = new ArrayList<>(one.get(0).events());
        final List<TwoInputOperatorHarness<String, String, String>> three = restored(function, 3, snapshot(one, "p1"));
        for (int i = 0; i < 3; i++) {
            assertEquals(i == 0 ? 2 : i == 1 ? 3 : 1, ((KeyedCoProcessOperator<?, ?, ?, ?>) three.get(i).operator()).pendingTimers());
        }
        secondPart(three);
        final List<TwoInputOperatorHarness<String, String, String>> back = restored(function, 1, snapshot(three, "p3"));
        // a 999 and j 2999 were registered again after the restore: stored once
        final KeyedCoProcessOperator<?, ?, ?, ?> backOperator = (KeyedCoProcessOperator<?, ?, ?, ?>) back.get(0).operator();
        assertEquals(7, backOperator.pendingTimers());
        // sums of a b c e j, lists of a b d j (and the keys a b c d e j a co-process function keeps)
        assertEquals(function.entriesAtLastRestore, backOperator.stateEntries());
        final List<String> resumed = new ArrayList<>(beforeCheckpoint);
        resumed.addAll(finish(back));
        for (final TwoInputOperatorHarness<String, String, String> instance : three) {
            resumed.addAll(instance.events());
        }
        Collections.sort(resumed);
        assertEquals(expected, resumed);
        assertEquals(0, backOperator.pendingTimers());
        assertEquals(0, backOperator.stateEntries());
    }
}
