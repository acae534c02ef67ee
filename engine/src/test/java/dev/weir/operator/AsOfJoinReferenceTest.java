package dev.weir.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.event.Watermarks;
import dev.weir.state.KeyGroups;
import dev.weir.testing.TwoInputOperatorHarness;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * docs/joins.md, "As-of join" against a plain loop over the same random run: keys, left and
 * right records out of order within a bound, watermarks of both inputs that sometimes overtake
 * the records (late ones of both sides), then end of input. The loop knows nothing of buckets,
 * timers or cleanup; it applies the rules as stated: a left record on time is emitted at the
 * first combined watermark at or above its timestamp with the newest right record of its key at
 * or before it among all that arrived (the last of equal timestamps); a late one at once, with
 * that record if it is not older than the newest right timestamp at or below the watermark, else
 * with none; a late right record is dropped when a right record of its key lies between it and
 * the watermark. Half the records come over the keyed path (key and key group handed over).
 * The outputs must be equal event for event, in order.
 */
final class AsOfJoinReferenceTest {
    private static final String[] KEYS = {"a", "b", "c", "d", "e"};

    /** A right record seen by the loop. */
    private record Version(long timestamp, String value, int arrival) {
    }

    /** A left record waiting in the loop. */
    private record Waiting(String key, long timestamp, String value, int bucketOrder, int arrival) {
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 7, 42, 1234, 99_999})
    void theJoinAgreesWithAPlainLoopEventForEvent(final long seed) {
        final Random random = new Random(seed);
        final AsOfJoinOperator<String, String, String, String> join = new AsOfJoinOperator<>(AsOfJoinOperatorTest.KEY,
                AsOfJoinOperatorTest.KEY, AsOfJoinOperatorTest.PAIR);
        final TwoInputOperatorHarness<String, String, String> harness = new TwoInputOperatorHarness<>(join);

        final List<String> expected = new ArrayList<>();
        final Map<String, List<Version>> rights = new HashMap<>();
        final List<Waiting> waiting = new ArrayList<>();
        final Map<String, Integer> bucketOrders = new HashMap<>();
        final long[] inputWatermarks = {Long.MIN_VALUE, Long.MIN_VALUE};
        long watermark = Long.MIN_VALUE;
        long dropped = 0;
        long lateLefts = 0;
        long clock = 1000;
        for (int arrival = 0; arrival < 3000; arrival++) {
            clock += random.nextInt(4);
            final int kind = random.nextInt(20);
            if (kind < 2) {
                // a watermark of one input, mostly behind the records, sometimes ahead of some
                final int input = random.nextInt(2);
                final long proposed = clock - 50 + random.nextInt(60);
                if (proposed > inputWatermarks[input]) {
                    inputWatermarks[input] = proposed;
                    harness.processWatermark(input + 1, 0, proposed);
                    watermark = combine(inputWatermarks, watermark, waiting, rights, expected);
                }
                continue;
            }
            final String key = KEYS[random.nextInt(KEYS.length)];
            final long timestamp = clock - random.nextInt(60);
            final String value = key + ":" + arrival;
            final boolean keyed = random.nextBoolean();
            final int keyGroup = random.nextBoolean() ? KeyGroups.keyGroupOf(key, KeyGroups.DEFAULT_MAX_PARALLELISM) : -1;
            if (kind < 11) {
                if (keyed) {
                    join.processKeyedRecord1(value, timestamp, key, keyGroup);
                } else {
                    harness.processElement1(value, timestamp);
                }
                if (timestamp <= watermark) {
                    lateLefts++;
                    final Version newestBelowWatermark = newest(rights.get(key), watermark);
                    final Version version = newest(rights.get(key), timestamp);
                    final boolean kept = version != null && version.timestamp() >= newestBelowWatermark.timestamp();
                    expected.add(line(value, kept ? version : null, timestamp));
                } else {
                    final Integer order = bucketOrders.putIfAbsent(key + "@" + timestamp, arrival);
                    waiting.add(new Waiting(key, timestamp, value, order == null ? arrival : order, arrival));
                }
            } else {
                if (keyed) {
                    join.processKeyedRecord2(value, timestamp, key, keyGroup);
                } else {
                    harness.processElement2(value, timestamp);
                }
                final List<Version> versions = rights.computeIfAbsent(key, k -> new ArrayList<>());
                final Version newestBelowWatermark = newest(versions, watermark);
                if (timestamp <= watermark && newestBelowWatermark != null && newestBelowWatermark.timestamp() > timestamp) {
                    dropped++;
                }
                versions.add(new Version(timestamp, value, arrival));
            }
        }
        for (int input = 0; input < 2; input++) {
            harness.processWatermark(input + 1, 0, Long.MAX_VALUE); // end of input
            inputWatermarks[input] = Long.MAX_VALUE;
            watermark = combine(inputWatermarks, watermark, waiting, rights, expected);
        }

        assertSameEvents(expected, harness.events());
        assertEquals(dropped, join.lateRecordsDropped());
        assertEquals(lateLefts, join.lateLeftRecordsJoined());
        assertTrue(lateLefts > 10 && dropped > 10, "the run has late records of both sides: " + lateLefts + " left, " + dropped + " right");
        assertEquals(0, join.pendingTimers());
        assertTrue(join.stateEntries() <= KEYS.length, "one version map per key stays");
    }

    /** Fails at the first event that differs, naming its index and the events around it. */
    private static void assertSameEvents(final List<String> expected, final List<String> actual) {
        final int common = Math.min(expected.size(), actual.size());
        for (int i = 0; i < common; i++) {
            if (!expected.get(i).equals(actual.get(i))) {
                final int from = Math.max(0, i - 5);
                assertEquals(expected.subList(from, Math.min(common, i + 5)), actual.subList(from, Math.min(common, i + 5)), "event " + i);
            }
        }
        assertEquals(expected.size(), actual.size(), "events");
    }

    /** @return the combined watermark of both inputs; when it rose, the waiting left records it reached and the watermark are emitted */
    private static long combine(final long[] inputWatermarks, final long watermark, final List<Waiting> waiting,
            final Map<String, List<Version>> rights, final List<String> expected) {
        final long combined = Math.min(inputWatermarks[0], inputWatermarks[1]);
        if (combined <= watermark) {
            return watermark;
        }
        fire(waiting, rights, combined, expected);
        expected.add("WM " + Watermarks.format(combined));
        return combined;
    }

    /** Emits the waiting left records at or below {@code watermark}: by timestamp, then the key's first arrival there, then arrival. */
    private static void fire(final List<Waiting> waiting, final Map<String, List<Version>> rights, final long watermark,
            final List<String> expected) {
        final List<Waiting> due = new ArrayList<>();
        for (final Waiting left : waiting) {
            if (left.timestamp() <= watermark) {
                due.add(left);
            }
        }
        waiting.removeAll(due);
        due.sort(Comparator.comparingLong(Waiting::timestamp).thenComparingInt(Waiting::bucketOrder).thenComparingInt(Waiting::arrival));
        for (final Waiting left : due) {
            expected.add(line(left.value(), newest(rights.get(left.key()), left.timestamp()), left.timestamp()));
        }
    }

    /** @return of the versions, the one with the greatest timestamp at or below {@code timestamp}, the last arrived among equals */
    private static Version newest(final List<Version> versions, final long timestamp) {
        Version newest = null;
        if (versions != null) {
            for (final Version version : versions) {
                if (version.timestamp() <= timestamp && (newest == null || version.timestamp() >= newest.timestamp())) {
                    newest = version;
                }
            }
        }
        return newest;
    }

    private static String line(final String left, final Version right, final long timestamp) {
        return left + " " + (right == null ? "none" : right.value() + "(" + right.timestamp() + ")") + "@" + timestamp;
    }
}
