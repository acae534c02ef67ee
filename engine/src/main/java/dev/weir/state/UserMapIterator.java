package dev.weir.state;

import java.util.Iterator;
import java.util.function.BooleanSupplier;

/**
 * An iterator over the user map of one map-state entry that drops the entry from its backend
 * once {@code remove()} took the map's last user key, so that an emptied map is no entry, as
 * {@link MapState#remove} has it. Made per iteration (the iteration API allocates). Not
 * thread-safe.
 *
 * @param <T> what it iterates
 */
final class UserMapIterator<T> implements Iterator<T> {
    private final Iterator<T> inner;
    private final BooleanSupplier emptied;
    private final Runnable dropEntry;

    /**
     * @param inner the user map's own iterator
     * @param emptied tells whether the user map is empty
     * @param dropEntry removes the entry from the backend (if it still holds this map)
     */
    UserMapIterator(final Iterator<T> inner, final BooleanSupplier emptied, final Runnable dropEntry) {
        this.inner = inner;
        this.emptied = emptied;
        this.dropEntry = dropEntry;
    }

    @Override
    public boolean hasNext() {
        return inner.hasNext();
    }

    @Override
    public T next() {
        return inner.next();
    }

    @Override
    public void remove() {
        inner.remove();
        if (emptied.getAsBoolean()) {
            dropEntry.run();
        }
    }
}
