package dev.weir.pipelines.replay;

import java.util.function.Supplier;

/**
 * A ring of pre-allocated, mutable events that a {@link PayloadDecoder} refills in place instead of allocating
 * one per message. An event handed to the pipeline is read by the stage after the source's ring, which copies
 * what it keeps (a window keeps an aggregate, never the event); the ring is large enough that an event comes
 * round again only after it has left every ring and overflow of the pipeline ({@link ReplayContext#eventPoolSize()}).
 * Not thread-safe: the reading thread owns it.
 *
 * @param <E> the event type
 */
public final class EventPool<E> {
    private final Object[] events;
    private final int mask;
    private int next;

    /**
     * @param size events in the ring; a power of two
     * @param factory makes each event once, here
     */
    public EventPool(final int size, final Supplier<E> factory) {
        if (size <= 0 || Integer.bitCount(size) != 1) {
            throw new IllegalArgumentException("an event pool's size must be a power of two: " + size);
        }
        events = new Object[size];
        for (int i = 0; i < size; i++) {
            events[i] = factory.get();
        }
        mask = size - 1;
    }

    /** @return the next event of the ring, to be refilled by the caller */
    @SuppressWarnings("unchecked")
    public E next() {
        final E event = (E) events[next];
        next = (next + 1) & mask;
        return event;
    }

    /** @return events in the ring */
    public int size() {
        return events.length;
    }
}
