package dev.weir.flink.source;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * A bounded ring that hands events from one producing thread of this JVM to the {@link FlinkHandoffSource} of a job
 * on a local MiniCluster (docs/flink.md, "Feeding a local job from your own thread"): {@link #send} copies the event
 * into a pre-allocated slot, busy-waiting while the ring is full (back-pressure), and the source's reader, on
 * Flink's task thread, emits the slots in order. The source finds the ring by {@link #id()} in this JVM's registry,
 * so it runs only on a local target. {@link #end()} ends the input: the source then ends, and Flink emits the final
 * watermark.
 *
 * <p>One producer thread calls {@link #send} and {@link #end}; one reader (parallelism 1) reads. Sending allocates
 * nothing; it wakes a reader that parked on an empty ring.
 *
 * @param <E> the event type
 */
public final class LocalHandoff<E> implements AutoCloseable {
    private static final Map<String, LocalHandoff<?>> OPEN = new ConcurrentHashMap<>();

    private final String id = UUID.randomUUID().toString();
    private final Object[] slots;
    private final int mask;
    private final BiConsumer<? super E, ? super E> copy;
    /** Slots filled: written by the producer only. */
    private final AtomicLong published = new AtomicLong();
    /** Slots emitted and free again: written by the reader only. */
    private final AtomicLong consumed = new AtomicLong();
    /** The reader's wake-up while it waits on an empty ring, else null. */
    private final AtomicReference<CompletableFuture<Void>> parked = new AtomicReference<>();
    private final CompletableFuture<Thread> reader = new CompletableFuture<>();
    private volatile boolean ended;
    private volatile WatermarkAttribution<E> attribution;

    private LocalHandoff(final int capacity, final Supplier<? extends E> slot, final BiConsumer<? super E, ? super E> copy) {
        this.slots = new Object[capacity];
        for (int i = 0; i < capacity; i++) {
            slots[i] = slot.get();
        }
        this.mask = capacity - 1;
        this.copy = copy;
    }

    /**
     * Opens a registered handoff; {@link #close()} it when the run is over.
     *
     * @param capacity slots in the ring, a power of two
     * @param slot makes one slot's event
     * @param copy copies a sent event into a slot: {@code (sent, slot)}
     * @param <E> the event type
     * @return the handoff
     */
    public static <E> LocalHandoff<E> open(final int capacity, final Supplier<? extends E> slot,
            final BiConsumer<? super E, ? super E> copy) {
        if (capacity < 1 || Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("a handoff's capacity is a power of two: " + capacity);
        }
        final LocalHandoff<E> handoff = new LocalHandoff<>(capacity, slot, copy);
        OPEN.put(handoff.id, handoff);
        return handoff;
    }

    /**
     * @param id a handoff's id
     * @param <E> its event type
     * @return the open handoff of that id
     * @throws IllegalStateException if none is open in this JVM (the job runs in another JVM)
     */
    @SuppressWarnings("unchecked")
    static <E> LocalHandoff<E> of(final String id) {
        final LocalHandoff<?> handoff = OPEN.get(id);
        if (handoff == null) {
            throw new IllegalStateException("no handoff " + id + " in this JVM: a handoff source runs on a local MiniCluster only");
        }
        return (LocalHandoff<E>) handoff;
    }

    /** @return the id the source carries to find this handoff */
    public String id() {
        return id;
    }

    /**
     * Logs every watermark the source's generator emits, with a mark read from the last event emitted before it (for
     * a benchmark, its intended send time); set before the job starts.
     *
     * @param mark reads the mark from an event, on the reader's thread
     * @param log receives each watermark greater than the ones before, with its mark, before Flink forwards it
     */
    public void attributeWatermarks(final ToLongFunction<? super E> mark, final WatermarkLog log) {
        this.attribution = new WatermarkAttribution<>(mark, log);
    }

    /** @return the attribution set, or null */
    WatermarkAttribution<E> attribution() {
        return attribution;
    }

    /**
     * Copies the event into the next slot, waiting (spinning) while the ring is full. Producer thread only.
     *
     * @param event the event; not kept
     */
    public void send(final E event) {
        final long position = published.get();
        while (position - consumed.get() >= slots.length) {
            Thread.onSpinWait(); // back-pressure: the reader has not freed a slot yet
        }
        copy.accept(event, slotAt(position));
        // a volatile write, so that the reader's parking (a write, then a read of published) cannot miss it
        published.set(position + 1);
        wakeReader();
    }

    /** Ends the input: the reader ends after the last event sent. Producer thread only. */
    public void end() {
        ended = true;
        wakeReader();
    }

    /**
     * Waits until the source's reader has started on its task thread.
     *
     * @param timeout how long to wait
     * @return the reader's thread
     * @throws TimeoutException if it did not start in time
     * @throws InterruptedException if interrupted
     */
    public Thread awaitReader(final Duration timeout) throws TimeoutException, InterruptedException {
        try {
            return reader.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (final ExecutionException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    /** Unregisters the handoff; a reader still running then fails to find it only if it starts after this. */
    @Override
    public void close() {
        OPEN.remove(id);
    }

    /** The reader started on the calling thread. */
    void readerStarted() {
        reader.complete(Thread.currentThread());
    }

    /** @return the next event to emit, or null if the ring is empty; reader only */
    E next() {
        final long position = consumed.get();
        return position < published.get() ? slotAt(position) : null;
    }

    /** Frees the slot {@link #next()} returned; reader only, once the event was emitted. */
    void release() {
        consumed.lazySet(consumed.get() + 1);
    }

    /** @return true when the input has ended and every event was released; reader only */
    boolean finished() {
        return ended && consumed.get() == published.get();
    }

    /**
     * Parks the reader: the future completes at the next send or the end, or at once if either came meanwhile.
     * Reader only.
     *
     * @return the wake-up
     */
    CompletableFuture<Void> whenAvailable() {
        final CompletableFuture<Void> wake = new CompletableFuture<>();
        parked.set(wake);
        if (ended || consumed.get() < published.get()) {
            wakeReader();
        }
        return wake;
    }

    private void wakeReader() {
        final CompletableFuture<Void> wake = parked.get();
        if (wake != null && parked.compareAndSet(wake, null)) {
            wake.complete(null);
        }
    }

    @SuppressWarnings("unchecked")
    private E slotAt(final long position) {
        return (E) slots[(int) (position & mask)];
    }
}
