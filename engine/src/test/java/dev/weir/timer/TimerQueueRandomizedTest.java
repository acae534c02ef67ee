package dev.weir.timer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.testing.CollidingKey;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §3: over many random add / remove / poll / contains operations, the queue behaves
 * exactly like a reference built from a {@link TreeSet} ordered by (timestamp, registration) and a
 * {@link HashMap} keyed by the triple. Keys with colliding hash codes and a tiny initial capacity
 * exercise growth and the open-addressing index's backward-shift deletion.
 */
@Tag("property")
class TimerQueueRandomizedTest {
    private static final long SEED = 0xC0FFEE_1234L;

    /** A key whose hash code collides with half of all keys, so index probes run long. */
    private record HalfCollidingKey(int id) {
        @Override
        public int hashCode() {
            return id & 1;
        }
    }

    /** A reference timer: the triple plus its registration number. */
    private record RefTimer(long timestamp, Object key, Object namespace, long registration) {
        List<Object> triple() {
            return List.of(timestamp, key, namespace);
        }
    }

    @Test
    void theQueueMatchesATreeSetReferenceOverRandomOperations() {
        run(new Random(SEED), TimerQueueRandomizedTest::randomTimestamp, TimerQueueRandomizedTest::randomKey, 60_000);
    }

    @Test
    void theIndexSurvivesLongProbeRunsThatWrapAroundTheTable() {
        // few timestamps and a constant key hash: a few home buckets with long runs that merge and wrap
        run(new Random(SEED + 1), random -> random.nextInt(8), random -> new CollidingKey(random.nextInt(400)), 60_000);
    }

    private static void run(
            final Random random,
            final java.util.function.ToLongFunction<Random> timestamps,
            final java.util.function.Function<Random, Object> keys,
            final int operations) {
        final TimerQueue<Object, Object> queue = new TimerQueue<>(1);
        final TreeSet<RefTimer> order = new TreeSet<>(
                Comparator.comparingLong(RefTimer::timestamp).thenComparingLong(RefTimer::registration));
        final Map<List<Object>, RefTimer> byTriple = new HashMap<>();
        final List<RefTimer> present = new ArrayList<>();
        long registrations = 0;
        int maxSize = 0;
        int removedFromMiddle = 0;

        for (int op = 0; op < operations; op++) {
            final boolean growing = (op / (operations / 8)) % 2 == 0;
            final double dice = random.nextDouble();
            final String where = "operation " + op;
            if (dice < (growing ? 0.55 : 0.2)) {
                final long timestamp = timestamps.applyAsLong(random);
                final Object key = keys.apply(random);
                final Object namespace = random.nextInt(4);
                final List<Object> triple = List.of(timestamp, key, namespace);
                final boolean expected = !byTriple.containsKey(triple);
                assertEquals(expected, queue.add(timestamp, key, namespace), where + " add " + triple);
                if (expected) {
                    final RefTimer timer = new RefTimer(timestamp, key, namespace, registrations++);
                    order.add(timer);
                    byTriple.put(triple, timer);
                    present.add(timer);
                }
            } else if (dice < (growing ? 0.75 : 0.6)) {
                final RefTimer target;
                if (!present.isEmpty() && random.nextInt(4) != 0) {
                    target = present.get(random.nextInt(present.size()));
                } else {
                    target = new RefTimer(timestamps.applyAsLong(random), keys.apply(random), random.nextInt(4), -1);
                }
                final RefTimer existing = byTriple.remove(target.triple());
                assertEquals(existing != null, queue.remove(target.timestamp(), target.key(), target.namespace()),
                        where + " remove " + target.triple());
                if (existing != null) {
                    if (existing != order.first() && existing != order.last()) {
                        removedFromMiddle++;
                    }
                    order.remove(existing);
                    present.remove(existing);
                }
            } else if (dice < 0.9) {
                if (!order.isEmpty()) {
                    final RefTimer first = order.pollFirst();
                    assertEquals(first.timestamp(), queue.peekTimestamp(), where + " poll");
                    assertEquals(first.key(), queue.peekKey(), where + " poll");
                    assertEquals(first.namespace(), queue.peekNamespace(), where + " poll");
                    queue.poll();
                    byTriple.remove(first.triple());
                    present.remove(first);
                }
            } else {
                final RefTimer probe = !present.isEmpty() && random.nextBoolean()
                        ? present.get(random.nextInt(present.size()))
                        : new RefTimer(timestamps.applyAsLong(random), keys.apply(random), random.nextInt(4), -1);
                assertEquals(byTriple.containsKey(probe.triple()),
                        queue.contains(probe.timestamp(), probe.key(), probe.namespace()), where + " contains");
            }
            assertEquals(order.size(), queue.size(), where);
            assertEquals(order.isEmpty() ? Long.MAX_VALUE : order.first().timestamp(), queue.peekTimestamp(), where);
            maxSize = Math.max(maxSize, queue.size());
            if (op % 1000 == 0) {
                final Set<List<Object>> visited = new HashSet<>();
                queue.forEach((timestamp, key, namespace) -> visited.add(List.of(timestamp, key, namespace)));
                assertEquals(byTriple.keySet(), visited, where + " forEach");
            }
        }
        while (!order.isEmpty()) {
            final RefTimer first = order.pollFirst();
            assertEquals(first.triple(), List.of(queue.peekTimestamp(), queue.peekKey(), queue.peekNamespace()));
            queue.poll();
        }
        assertTrue(queue.isEmpty());
        assertTrue(maxSize > 1000, "the queue grew to " + maxSize);
        assertTrue(removedFromMiddle > 1000, "removed from the middle " + removedFromMiddle);
    }

    private static long randomTimestamp(final Random random) {
        final int dice = random.nextInt(100);
        if (dice == 0) {
            return Long.MIN_VALUE;
        }
        if (dice == 1) {
            return Long.MAX_VALUE;
        }
        return random.nextInt(300); // few distinct timestamps: many ties
    }

    private static Object randomKey(final Random random) {
        return random.nextBoolean() ? new HalfCollidingKey(random.nextInt(12)) : "key-" + random.nextInt(12);
    }
}
