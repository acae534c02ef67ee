package dev.weir.timer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The code rules of docs/architecture.md (primitives on hot paths, zero garbage per operation) for the docs/semantics.md §3 timer
 * queue: once grown to its working size, adding, polling and removing timers with existing key
 * and namespace objects allocates less than one byte per operation on average.
 */
@Tag("allocation")
class TimerQueueAllocationTest {
    private static final int OPERATIONS = 100_000;
    private static final long SLACK_BYTES = 4096;
    private static final int WORKING_SIZE = 1024;

    private final String[] keys = new String[16];
    private final Long[] namespaces = new Long[8];

    @Test
    void addPollAndRemoveAllocateNothingAfterWarmUp() {
        for (int i = 0; i < keys.length; i++) {
            keys[i] = "key-" + i;
        }
        for (int i = 0; i < namespaces.length; i++) {
            namespaces[i] = 1_000_000L * i;
        }
        final com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        final long thread = Thread.currentThread().getId();
        final TimerQueue<String, Long> queue = new TimerQueue<>();
        threads.getThreadAllocatedBytes(thread);

        long time = 0;
        for (; time < WORKING_SIZE; time++) {
            queue.add(time, keys[(int) (time & 15)], namespaces[(int) (time & 7)]);
        }
        time = drive(queue, time, 200_000);
        final long before = threads.getThreadAllocatedBytes(thread);
        time = drive(queue, time, OPERATIONS);
        final long allocated = threads.getThreadAllocatedBytes(thread) - before;

        assertTrue(allocated < OPERATIONS + SLACK_BYTES, allocated + " bytes for " + OPERATIONS + " add/remove/poll rounds");
        assertEquals(WORKING_SIZE, queue.size());
        assertEquals(time - WORKING_SIZE, queue.peekTimestamp());
    }

    /**
     * Each round adds two timers, removes the second again (from the heap's bottom, through the
     * index) and polls the earliest: the queue stays at its working size.
     */
    private long drive(final TimerQueue<String, Long> queue, final long from, final int rounds) {
        long time = from;
        for (int i = 0; i < rounds; i++) {
            final String key = keys[(int) (time & 15)];
            final Long namespace = namespaces[(int) (time & 7)];
            queue.add(time, key, namespace);
            queue.add(time + 1, key, namespace);
            queue.remove(time + 1, key, namespace);
            if (queue.peekKey() == null || queue.peekNamespace() == null) {
                throw new AssertionError("a queued timer lost its key or namespace");
            }
            queue.poll();
            time++;
        }
        return time;
    }
}
