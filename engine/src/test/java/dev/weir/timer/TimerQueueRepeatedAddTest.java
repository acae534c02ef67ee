package dev.weir.timer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §3 dedup when the same timer is registered again and again (a window operator
 * registers (maxTimestamp, key, window) from its trigger and its cleanup for every record):
 * the repeat is a duplicate while the timer is queued, and a new timer once it has fired or
 * been removed, whichever path the queue takes to find it.
 */
class TimerQueueRepeatedAddTest {
    private final TimerQueue<Object, Object> queue = new TimerQueue<>(2);
    private final Object key = "k";
    private final Object window = "w";

    @Test
    void aRepeatedRegistrationIsADuplicateWhileQueued() {
        assertTrue(queue.add(10, key, window));
        assertFalse(queue.add(10, key, window));
        assertFalse(queue.add(10, key, window));
        assertTrue(queue.add(11, key, window));
        assertFalse(queue.add(10, key, window));
        assertFalse(queue.add(10, "k", "w"));
        assertEquals(2, queue.size());
    }

    @Test
    void aFiredTimerRegisteredAgainIsNew() {
        assertTrue(queue.add(10, key, window));
        assertFalse(queue.add(10, key, window));
        queue.poll();
        assertTrue(queue.isEmpty());
        assertTrue(queue.add(10, key, window));
        assertEquals(1, queue.size());
        assertFalse(queue.add(10, key, window));
    }

    @Test
    void aRemovedTimerRegisteredAgainIsNew() {
        assertTrue(queue.add(10, key, window));
        assertTrue(queue.remove(10, key, window));
        assertTrue(queue.add(10, key, window));
        assertTrue(queue.contains(10, key, window));
        assertEquals(1, queue.size());
    }

    @Test
    void aFreedSlotReusedByAnotherTimerIsNotMistakenForTheRepeat() {
        assertTrue(queue.add(10, key, window));
        queue.poll();
        assertTrue(queue.add(20, "other", window));
        assertTrue(queue.add(10, key, window));
        assertEquals(2, queue.size());
    }

    @Test
    void repeatsStayDuplicatesAcrossGrowth() {
        for (int i = 0; i < 100; i++) {
            assertTrue(queue.add(i, key, window));
            assertFalse(queue.add(i, key, window));
        }
        for (int i = 0; i < 100; i++) {
            assertFalse(queue.add(i, key, window), "timer " + i);
        }
        assertEquals(100, queue.size());
    }

    @Test
    void aNullKeyIsDeduplicatedByTheIndex() {
        assertTrue(queue.add(10, null, window));
        assertFalse(queue.add(10, null, window));
        queue.poll();
        assertTrue(queue.add(10, null, window));
        assertEquals(1, queue.size());
    }
}
