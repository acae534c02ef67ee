package dev.weir.timer;

import java.util.Arrays;
import java.util.Objects;

/**
 * A priority queue of timers (docs/semantics.md §3): each timer is the triple (timestamp, key,
 * namespace) and is stored once. Timers leave in timestamp order, ties in registration order.
 * Timestamps live in primitive arrays, the heap is an {@code int[]} of slot indexes and the
 * deduplication index is an open-addressing table of slots, so adding, removing and polling
 * allocate nothing once the queue has grown to its working size. Not thread-safe.
 *
 * @param <K> the key type
 * @param <N> the namespace type
 */
public final class TimerQueue<K, N> {
    private static final int EMPTY = -1;

    private long[] timestamps;
    private long[] sequences;
    private Object[] keys;
    private Object[] namespaces;
    private int[] heapPositions;
    private int[] heap;
    private int[] freeSlots;
    private int freeCount;
    private int slotsUsed;
    private int size;
    private long nextSequence;
    private int[] index;
    private int indexMask;
    private int lastSlot;

    /** Creates an empty queue. */
    public TimerQueue() {
        this(64);
    }

    /** @param initialCapacity the number of timers held before the queue grows */
    public TimerQueue(final int initialCapacity) {
        final int capacity = Math.max(4, initialCapacity);
        timestamps = new long[capacity];
        sequences = new long[capacity];
        keys = new Object[capacity];
        namespaces = new Object[capacity];
        heapPositions = new int[capacity];
        heap = new int[capacity];
        freeSlots = new int[capacity];
        final int indexSize = Integer.highestOneBit(capacity * 4 - 1) << 1;
        index = new int[indexSize];
        Arrays.fill(index, EMPTY);
        indexMask = indexSize - 1;
    }

    /** @return the number of timers */
    public int size() {
        return size;
    }

    /** @return true when no timer is queued */
    public boolean isEmpty() {
        return size == 0;
    }

    /** @return the earliest timestamp, or {@link Long#MAX_VALUE} when empty */
    public long peekTimestamp() {
        return size == 0 ? Long.MAX_VALUE : timestamps[heap[0]];
    }

    /** @return the key of the earliest timer; the queue must not be empty */
    @SuppressWarnings("unchecked")
    public K peekKey() {
        return (K) keys[heap[0]];
    }

    /** @return the namespace of the earliest timer; the queue must not be empty */
    @SuppressWarnings("unchecked")
    public N peekNamespace() {
        return (N) namespaces[heap[0]];
    }

    /**
     * Adds a timer unless the same (timestamp, key, namespace) is queued already.
     *
     * @param timestamp when it fires
     * @param key the key it belongs to
     * @param namespace its namespace (the window, for window operators)
     * @return true if it was added, false if it was a duplicate
     */
    public boolean add(final long timestamp, final K key, final N namespace) {
        final int last = lastSlot;
        if (key != null && keys[last] == key && namespaces[last] == namespace && timestamps[last] == timestamp) {
            // the timer added or found last is still queued (a freed slot's key is null): a
            // window operator registers the same timer from its trigger and its cleanup
            return false;
        }
        final int bucket = find(timestamp, key, namespace);
        if (bucket != EMPTY) {
            lastSlot = index[bucket];
            return false;
        }
        if (size == heap.length) {
            grow();
        }
        final int slot = freeCount > 0 ? freeSlots[--freeCount] : slotsUsed++;
        timestamps[slot] = timestamp;
        sequences[slot] = nextSequence++;
        keys[slot] = key;
        namespaces[slot] = namespace;
        insertIndex(slot);
        lastSlot = slot;
        heap[size] = slot;
        heapPositions[slot] = size;
        size++;
        siftUp(size - 1);
        return true;
    }

    /**
     * Removes a timer if it is queued.
     *
     * @param timestamp when it would fire
     * @param key its key
     * @param namespace its namespace
     * @return true if a timer was removed
     */
    public boolean remove(final long timestamp, final K key, final N namespace) {
        final int bucket = find(timestamp, key, namespace);
        if (bucket == EMPTY) {
            return false;
        }
        removeSlot(index[bucket], bucket);
        return true;
    }

    /**
     * @param timestamp when it would fire
     * @param key its key
     * @param namespace its namespace
     * @return true if that timer is queued
     */
    public boolean contains(final long timestamp, final K key, final N namespace) {
        return find(timestamp, key, namespace) != EMPTY;
    }

    /** Removes the earliest timer; read it first with the {@code peek} methods. */
    public void poll() {
        if (size == 0) {
            throw new IllegalStateException("no timer queued");
        }
        final int slot = heap[0];
        removeSlot(slot, find(timestamps[slot], keys[slot], namespaces[slot]));
    }

    /**
     * Visits every queued timer, in no particular order.
     *
     * @param visitor receives each timer
     */
    @SuppressWarnings("unchecked")
    public void forEach(final TimerVisitor<K, N> visitor) {
        for (int i = 0; i < size; i++) {
            final int slot = heap[i];
            visitor.visit(timestamps[slot], (K) keys[slot], (N) namespaces[slot]);
        }
    }

    /**
     * Receives timers from {@link #forEach}.
     *
     * @param <K> the key type
     * @param <N> the namespace type
     */
    @FunctionalInterface
    public interface TimerVisitor<K, N> {
        /**
         * @param timestamp when the timer fires
         * @param key its key
         * @param namespace its namespace
         */
        void visit(long timestamp, K key, N namespace);
    }

    private void removeSlot(final int slot, final int bucket) {
        deleteIndex(bucket);
        final int position = heapPositions[slot];
        size--;
        if (position != size) {
            final int last = heap[size];
            heap[position] = last;
            heapPositions[last] = position;
            siftDown(position);
            siftUp(heapPositions[last]);
        }
        keys[slot] = null;
        namespaces[slot] = null;
        freeSlots[freeCount++] = slot;
    }

    private boolean before(final int a, final int b) {
        final long ta = timestamps[a];
        final long tb = timestamps[b];
        return ta < tb || (ta == tb && sequences[a] < sequences[b]);
    }

    private void siftUp(final int from) {
        int i = from;
        final int slot = heap[i];
        while (i > 0) {
            final int parent = (i - 1) >>> 1;
            if (!before(slot, heap[parent])) {
                break;
            }
            place(heap[parent], i);
            i = parent;
        }
        place(slot, i);
    }

    private void siftDown(final int from) {
        int i = from;
        final int slot = heap[i];
        while (true) {
            final int left = 2 * i + 1;
            if (left >= size) {
                break;
            }
            final int right = left + 1;
            final int child = right < size && before(heap[right], heap[left]) ? right : left;
            if (!before(heap[child], slot)) {
                break;
            }
            place(heap[child], i);
            i = child;
        }
        place(slot, i);
    }

    private void place(final int slot, final int position) {
        heap[position] = slot;
        heapPositions[slot] = position;
    }

    private static int hash(final long timestamp, final Object key, final Object namespace) {
        int h = Long.hashCode(timestamp * 0x9E3779B97F4A7C15L);
        h = 31 * h + Objects.hashCode(key);
        h = 31 * h + Objects.hashCode(namespace);
        return h ^ (h >>> 16);
    }

    private int find(final long timestamp, final Object key, final Object namespace) {
        int bucket = hash(timestamp, key, namespace) & indexMask;
        while (true) {
            final int slot = index[bucket];
            if (slot == EMPTY) {
                return EMPTY;
            }
            if (timestamps[slot] == timestamp && Objects.equals(keys[slot], key) && Objects.equals(namespaces[slot], namespace)) {
                return bucket;
            }
            bucket = (bucket + 1) & indexMask;
        }
    }

    private void insertIndex(final int slot) {
        int bucket = hash(timestamps[slot], keys[slot], namespaces[slot]) & indexMask;
        while (index[bucket] != EMPTY) {
            bucket = (bucket + 1) & indexMask;
        }
        index[bucket] = slot;
    }

    /** Linear-probing deletion with backward shift, so no tombstones accumulate. */
    private void deleteIndex(final int bucket) {
        int hole = bucket;
        int next = (hole + 1) & indexMask;
        while (index[next] != EMPTY) {
            final int slot = index[next];
            final int home = hash(timestamps[slot], keys[slot], namespaces[slot]) & indexMask;
            final boolean movable = hole <= next ? (home <= hole || home > next) : (home <= hole && home > next);
            if (movable) {
                index[hole] = slot;
                hole = next;
            }
            next = (next + 1) & indexMask;
        }
        index[hole] = EMPTY;
    }

    private void grow() {
        final int capacity = heap.length * 2;
        timestamps = Arrays.copyOf(timestamps, capacity);
        sequences = Arrays.copyOf(sequences, capacity);
        keys = Arrays.copyOf(keys, capacity);
        namespaces = Arrays.copyOf(namespaces, capacity);
        heapPositions = Arrays.copyOf(heapPositions, capacity);
        heap = Arrays.copyOf(heap, capacity);
        freeSlots = Arrays.copyOf(freeSlots, capacity);
        final int indexSize = index.length * 2;
        index = new int[indexSize];
        Arrays.fill(index, EMPTY);
        indexMask = indexSize - 1;
        for (int i = 0; i < size; i++) {
            insertIndex(heap[i]);
        }
    }
}
