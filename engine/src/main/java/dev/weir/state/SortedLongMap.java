package dev.weir.state;

import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * The user map of one (key, namespace) entry of a {@link LongMapState}: {@code long} keys in
 * ascending order with their values, in two parallel arrays used from {@code head} on. A lookup
 * is a binary search (the last key is tried first); adding a key after the last one
 * (timestamps that arrive in order) or removing the first one (cleanup of the oldest) moves
 * nothing but, once per half turn of the arrays, the entries back to their front; a key in
 * between moves the entries after it (a removal moves the shorter side). Reading, overwriting
 * and removing allocate nothing; adding allocates only when the arrays double. Iterators fail with {@link ConcurrentModificationException} once the
 * map is changed other than through them. Backends keep it as the entry's value and write it
 * with {@link StateSerializers#any()}; user code reaches it through {@link LongMapState}. Not
 * thread-safe.
 *
 * @param <V> the value type
 */
public final class SortedLongMap<V> {
    private static final int INITIAL_CAPACITY = 8;

    private long[] keys;
    private Object[] values;
    private int head;
    private int size;
    private int modifications;

    /** An empty map. */
    public SortedLongMap() {
        this(INITIAL_CAPACITY);
    }

    /** @param capacity entries before the arrays first grow */
    public SortedLongMap(final int capacity) {
        keys = new long[Math.max(1, capacity)];
        values = new Object[keys.length];
    }

    /** @return the number of entries */
    public int size() {
        return size;
    }

    /** @return whether the map holds no entry */
    public boolean isEmpty() {
        return size == 0;
    }

    /** @return the position of {@code key} in the arrays, or {@code -(insertion position) - 1} */
    private int find(final long key) {
        int low = head;
        int high = head + size - 1;
        // the newest keys are usually the ones asked for: try the last one first
        if (size > 0 && keys[high] <= key) {
            return keys[high] == key ? high : -(high + 1) - 1;
        }
        while (low <= high) {
            final int middle = (low + high) >>> 1;
            final long probe = keys[middle];
            if (probe < key) {
                low = middle + 1;
            } else if (probe > key) {
                high = middle - 1;
            } else {
                return middle;
            }
        }
        return -low - 1;
    }

    /**
     * @param key a key
     * @return whether the map holds it
     */
    public boolean containsKey(final long key) {
        return find(key) >= 0;
    }

    /**
     * @param key a key
     * @return its value, or null when absent (or mapped to null)
     */
    @SuppressWarnings("unchecked")
    public V get(final long key) {
        final int position = find(key);
        return position < 0 ? null : (V) values[position];
    }

    /**
     * @param key a key
     * @param value its value, null allowed
     * @return the value it had, or null
     */
    @SuppressWarnings("unchecked")
    public V put(final long key, final V value) {
        final int position = find(key);
        if (position >= 0) {
            final V previous = (V) values[position];
            values[position] = value;
            return previous;
        }
        insert(-position - 1, key, value);
        return null;
    }

    private void insert(final int position, final long key, final Object value) {
        modifications++;
        int at = position;
        if (at == head && head > 0) {
            head--;
            keys[head] = key;
            values[head] = value;
            size++;
            return;
        }
        if (head + size == keys.length) {
            // no room at the end: move the entries to the front if they fill at most half the
            // arrays (so a buffer that slides, the oldest removed and a newer added, moves its
            // entries once per half turn), else double the arrays
            final long[] targetKeys = size < keys.length / 2 ? keys : new long[2 * keys.length];
            final Object[] targetValues = targetKeys == keys ? values : new Object[targetKeys.length];
            System.arraycopy(keys, head, targetKeys, 0, size);
            System.arraycopy(values, head, targetValues, 0, size);
            if (targetValues == values) {
                java.util.Arrays.fill(values, size, head + size, null);
            }
            keys = targetKeys;
            values = targetValues;
            at -= head;
            head = 0;
        }
        final int end = head + size;
        System.arraycopy(keys, at, keys, at + 1, end - at);
        System.arraycopy(values, at, values, at + 1, end - at);
        keys[at] = key;
        values[at] = value;
        size++;
    }

    /**
     * @param key a key
     * @return the value it had, or null
     */
    @SuppressWarnings("unchecked")
    public V remove(final long key) {
        final int position = find(key);
        if (position < 0) {
            return null;
        }
        final V removed = (V) values[position];
        removeAt(position);
        return removed;
    }

    /** Removes the entry at an array position, moving the shorter side into the gap. */
    private void removeAt(final int position) {
        modifications++;
        final int end = head + size;
        if (position - head < end - 1 - position) {
            System.arraycopy(keys, head, keys, head + 1, position - head);
            System.arraycopy(values, head, values, head + 1, position - head);
            values[head] = null;
            head++;
        } else {
            System.arraycopy(keys, position + 1, keys, position, end - 1 - position);
            System.arraycopy(values, position + 1, values, position, end - 1 - position);
            values[end - 1] = null;
        }
        size--;
        if (size == 0) {
            head = 0;
        }
    }

    /** Removes every entry; the arrays are kept. */
    public void clear() {
        modifications++;
        for (int i = head; i < head + size; i++) {
            values[i] = null;
        }
        head = 0;
        size = 0;
    }

    /**
     * @param index from 0 to {@link #size()}, in ascending key order
     * @return the key at that rank
     */
    public long keyAt(final int index) {
        return keys[head + checkIndex(index)];
    }

    /**
     * @param index from 0 to {@link #size()}, in ascending key order
     * @return the value at that rank
     */
    @SuppressWarnings("unchecked")
    public V valueAt(final int index) {
        return (V) values[head + checkIndex(index)];
    }

    private int checkIndex(final int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException("index " + index + " of " + size + " entries");
        }
        return index;
    }

    /**
     * @param key a key
     * @return the rank of the first key at or above {@code key}, {@link #size()} when there is none
     */
    public int ceilingIndex(final long key) {
        final int position = find(key);
        return (position >= 0 ? position : -position - 1) - head;
    }

    /**
     * Hands the entries with {@code from <= key <= to} to {@code consumer}, in ascending key
     * order; allocates nothing.
     *
     * @param from the lowest key, inclusive
     * @param to the highest key, inclusive
     * @param consumer receives them; it must not change this map
     * @throws ConcurrentModificationException if the consumer changed the map
     */
    @SuppressWarnings("unchecked")
    public void forEach(final long from, final long to, final LongEntryConsumer<? super V> consumer) {
        final int expected = modifications;
        for (int i = head + ceilingIndex(from); i < head + size && keys[i] <= to; i++) {
            consumer.accept(keys[i], (V) values[i]);
            if (modifications != expected) {
                throw new ConcurrentModificationException("the map state was changed while its entries were visited");
            }
        }
    }

    /**
     * @return the entries in ascending key order; {@code remove()} and {@code setValue} write
     *     through, and each step makes one entry object
     */
    public Iterator<Map.Entry<Long, V>> entryIterator() {
        return new Cursor<>() {
            @Override
            Map.Entry<Long, V> at(final int index) {
                return new Entry(index);
            }
        };
    }

    /** @return the keys in ascending order; {@code remove()} writes through */
    public Iterator<Long> keyIterator() {
        return new Cursor<>() {
            @Override
            Long at(final int index) {
                return keyAt(index);
            }
        };
    }

    /** @return the values in ascending key order; {@code remove()} writes through */
    public Iterator<V> valueIterator() {
        return new Cursor<>() {
            @Override
            V at(final int index) {
                return valueAt(index);
            }
        };
    }

    /** Walks the ranks in order and keeps track of the map's changes. */
    private abstract class Cursor<T> implements Iterator<T> {
        private int next;
        private int last = -1;
        private int expected = modifications;

        abstract T at(int index);

        @Override
        public boolean hasNext() {
            return next < size;
        }

        @Override
        public T next() {
            check();
            if (next >= size) {
                throw new NoSuchElementException();
            }
            last = next++;
            return at(last);
        }

        @Override
        public void remove() {
            check();
            if (last < 0) {
                throw new IllegalStateException("next() was not called, or remove() was called already");
            }
            removeAt(head + last);
            // the entries after it moved down by one rank, whichever side moved
            next = last;
            last = -1;
            expected = modifications;
        }

        private void check() {
            if (modifications != expected) {
                throw new ConcurrentModificationException("the map state was changed while it was iterated");
            }
        }
    }

    /** One entry, read and written through its rank (valid until the map changes). */
    private final class Entry implements Map.Entry<Long, V> {
        private final int index;
        private final int expected = modifications;
        private final long key;

        Entry(final int index) {
            this.index = index;
            this.key = keyAt(index);
        }

        @Override
        public Long getKey() {
            return key;
        }

        @Override
        public V getValue() {
            check();
            return valueAt(index);
        }

        @Override
        public V setValue(final V value) {
            check();
            final V previous = valueAt(index);
            values[head + index] = value;
            return previous;
        }

        private void check() {
            if (modifications != expected) {
                throw new ConcurrentModificationException("the map state was changed after this entry was read");
            }
        }

        @Override
        public String toString() {
            return key + "=" + valueAt(index);
        }
    }

    @Override
    public String toString() {
        final StringBuilder text = new StringBuilder("{");
        for (int i = head; i < head + size; i++) {
            text.append(i == head ? "" : ", ").append(keys[i]).append('=').append(values[i]);
        }
        return text.append('}').toString();
    }

    @Override
    public boolean equals(final Object other) {
        if (!(other instanceof SortedLongMap)) {
            return false;
        }
        final SortedLongMap<?> that = (SortedLongMap<?>) other;
        if (that.size != size) {
            return false;
        }
        for (int i = 0; i < size; i++) {
            if (keys[head + i] != that.keys[that.head + i] || !java.util.Objects.equals(values[head + i], that.values[that.head + i])) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        int hash = 1;
        for (int i = head; i < head + size; i++) {
            hash = 31 * hash + Long.hashCode(keys[i]) * 31 + java.util.Objects.hashCode(values[i]);
        }
        return hash;
    }
}
