package dev.weir.runtime.channel;

import dev.weir.event.StreamEvent;

/**
 * The events a {@link Channel}'s producer wrote while the ring was full, in order (first in,
 * first out): preallocated slots, filled in place like the ring's, doubled when all are in use
 * and never shrunk, so that a producer that overflows again reuses them and allocates nothing.
 * The producer's thread only.
 */
final class EventOverflow {
    private StreamEvent[] slots;
    private int head;
    private int size;

    /** @param capacity the slots preallocated; a power of two */
    EventOverflow(final int capacity) {
        if (Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("capacity must be a power of two: " + capacity);
        }
        slots = new StreamEvent[capacity];
        for (int i = 0; i < capacity; i++) {
            slots[i] = new StreamEvent();
        }
    }

    /** @return the slot after the last event, now counted as held; the caller fills it at once */
    StreamEvent append() {
        if (size == slots.length) {
            grow();
        }
        final StreamEvent slot = slots[(head + size) & (slots.length - 1)];
        size++;
        return slot;
    }

    /** @return the oldest event held; only while not {@link #isEmpty()} */
    StreamEvent first() {
        return slots[head];
    }

    /** Drops the oldest event (and its record reference, so the slot does not keep it alive). */
    void removeFirst() {
        slots[head].release();
        head = (head + 1) & (slots.length - 1);
        size--;
    }

    /** @return the events held */
    int size() {
        return size;
    }

    /** @return true when no event is held */
    boolean isEmpty() {
        return size == 0;
    }

    /** @return the slots allocated so far */
    int capacity() {
        return slots.length;
    }

    private void grow() {
        final StreamEvent[] grown = new StreamEvent[slots.length * 2];
        for (int i = 0; i < size; i++) {
            grown[i] = slots[(head + i) & (slots.length - 1)];
        }
        for (int i = size; i < grown.length; i++) {
            grown[i] = new StreamEvent();
        }
        slots = grown;
        head = 0;
    }
}
