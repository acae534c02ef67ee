package dev.weir.state;

import java.util.Iterator;
import java.util.function.BooleanSupplier;

/**
 * The entries, keys or values of one map-state entry's user map, as {@link MapState#entries()}
 * and its siblings hand them out: each iterator is a {@link UserMapIterator}, which drops the
 * entry from its backend when its {@code remove()} empties the map. Prints as a list.
 *
 * @param <T> what it iterates
 */
public final class UserMapView<T> implements Iterable<T> {
    private final Iterable<T> view;
    private final BooleanSupplier emptied;
    private final Runnable dropEntry;

    /**
     * @param view the user map's own view
     * @param emptied tells whether the user map is empty
     * @param dropEntry removes the entry from the backend (if it still holds this map)
     */
    public UserMapView(final Iterable<T> view, final BooleanSupplier emptied, final Runnable dropEntry) {
        this.view = view;
        this.emptied = emptied;
        this.dropEntry = dropEntry;
    }

    @Override
    public Iterator<T> iterator() {
        return new UserMapIterator<>(view.iterator(), emptied, dropEntry);
    }

    @Override
    public String toString() {
        final StringBuilder text = new StringBuilder("[");
        for (final T element : view) {
            text.append(text.length() == 1 ? "" : ", ").append(element);
        }
        return text.append(']').toString();
    }
}
