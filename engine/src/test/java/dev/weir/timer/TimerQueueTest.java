package dev.weir.timer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §3: a timer is the triple (timestamp, key, namespace) and is stored once; timers
 * leave in timestamp order, ties in registration order; removal works anywhere in the queue.
 */
class TimerQueueTest {
    private final TimerQueue<String, String> queue = new TimerQueue<>();

    private List<String> drain() {
        final List<String> polled = new ArrayList<>();
        while (!queue.isEmpty()) {
            polled.add(queue.peekTimestamp() + " " + queue.peekKey() + " " + queue.peekNamespace());
            queue.poll();
        }
        return polled;
    }

    @Test
    void theSameTripleIsStoredOnce() {
        assertTrue(queue.add(10, "a", "w1"));
        assertFalse(queue.add(10, "a", "w1"));
        assertFalse(queue.add(10, new String("a"), new String("w1"))); // equal, not identical
        assertEquals(1, queue.size());
        assertEquals(List.of("10 a w1"), drain());
    }

    @Test
    void aDifferentTimestampKeyOrNamespaceIsADifferentTimer() {
        assertTrue(queue.add(10, "a", "w1"));
        assertTrue(queue.add(10, "a", "w2"));
        assertTrue(queue.add(10, "b", "w1"));
        assertTrue(queue.add(11, "a", "w1"));
        assertEquals(4, queue.size());
        assertTrue(queue.contains(10, "a", "w2"));
        assertFalse(queue.contains(10, "b", "w2"));

        assertEquals(List.of("10 a w1", "10 a w2", "10 b w1", "11 a w1"), drain());
    }

    @Test
    void timersLeaveInTimestampOrderAndTiesInRegistrationOrder() {
        queue.add(30, "a", "w");
        queue.add(10, "b", "w");
        queue.add(20, "c", "w");
        queue.add(10, "a", "w");
        queue.add(Long.MIN_VALUE, "z", "w");
        queue.add(10, "c", "w");
        queue.add(Long.MAX_VALUE, "y", "w");

        assertEquals(List.of("-9223372036854775808 z w", "10 b w", "10 a w", "10 c w", "20 c w", "30 a w",
                "9223372036854775807 y w"), drain());
    }

    @Test
    void aRemovedAndReAddedTimerIsRegisteredAnew() {
        queue.add(10, "a", "w");
        queue.add(10, "b", "w");
        queue.add(10, "c", "w");
        assertTrue(queue.remove(10, "a", "w"));
        assertTrue(queue.add(10, "a", "w"));

        assertEquals(List.of("10 b w", "10 c w", "10 a w"), drain());
    }

    @Test
    void removeWorksAnywhereIncludingTheMiddle() {
        for (long t = 1; t <= 10; t++) {
            queue.add(t, "k" + t, "w");
        }
        assertTrue(queue.remove(5, "k5", "w"));
        assertTrue(queue.remove(1, "k1", "w"));
        assertTrue(queue.remove(10, "k10", "w"));
        assertTrue(queue.remove(7, "k7", "w"));
        assertFalse(queue.remove(7, "k7", "w"));
        assertFalse(queue.remove(3, "k4", "w"));
        assertFalse(queue.contains(5, "k5", "w"));
        assertEquals(6, queue.size());

        assertEquals(List.of("2 k2 w", "3 k3 w", "4 k4 w", "6 k6 w", "8 k8 w", "9 k9 w"), drain());
    }

    @Test
    void anEmptyQueuePeeksMaxAndRefusesToPoll() {
        assertEquals(Long.MAX_VALUE, queue.peekTimestamp());
        assertTrue(queue.isEmpty());
        final IllegalStateException error = assertThrows(IllegalStateException.class, queue::poll);
        assertEquals("no timer queued", error.getMessage());
    }

    @Test
    void theQueueGrowsBeyondItsInitialCapacity() {
        final TimerQueue<Integer, Integer> small = new TimerQueue<>(1);
        for (int i = 99; i >= 0; i--) {
            assertTrue(small.add(i / 2, i, i % 3));
        }
        for (int i = 0; i < 100; i++) {
            assertFalse(small.add(i / 2, i, i % 3));
        }
        assertEquals(100, small.size());
        for (int i = 0; i < 100; i++) {
            // ties (i / 2) leave in registration order: the higher i was registered first
            final int expectedKey = i % 2 == 0 ? i + 1 : i - 1;
            assertEquals(i / 2, small.peekTimestamp());
            assertEquals(expectedKey, small.peekKey());
            assertEquals(expectedKey % 3, small.peekNamespace());
            small.poll();
        }
        assertTrue(small.isEmpty());
    }

    @Test
    void forEachVisitsEveryTimer() {
        queue.add(3, "a", "w");
        queue.add(1, "b", "w");
        queue.add(2, "c", "v");
        final List<String> visited = new ArrayList<>();
        queue.forEach((timestamp, key, namespace) -> visited.add(timestamp + " " + key + " " + namespace));
        visited.sort(null);

        assertEquals(List.of("1 b w", "2 c v", "3 a w"), visited);
    }
}
