package dev.weir.source;

import java.util.ArrayList;
import java.util.List;

/** The positions a checkpoint recorded for a source, checked to be of the kind its readers write. */
final class RecordedPositions {
    private RecordedPositions() {
    }

    /**
     * @param positions what the checkpoint holds for the source
     * @param type the position type of this source's readers
     * @param <P> that type
     * @return the positions, typed
     * @throws IllegalStateException if one is of another type (the checkpoint is of another kind of source)
     */
    static <P> List<P> of(final List<?> positions, final Class<P> type) {
        final List<P> typed = new ArrayList<>(positions.size());
        for (final Object position : positions) {
            if (!type.isInstance(position)) {
                throw new IllegalStateException("the checkpoint holds a position of another kind of source: " + position);
            }
            typed.add(type.cast(position));
        }
        return typed;
    }
}
