package dev.weir.operator;

import java.util.Objects;

/**
 * Names a side output, such as the late data of a window operator.
 *
 * @param <T> the side output's record type
 */
public final class OutputTag<T> {
    private final String id;

    /** @param id the side output's name, unique within a pipeline */
    public OutputTag(final String id) {
        this.id = Objects.requireNonNull(id, "id");
    }

    /** @return the side output's name */
    public String id() {
        return id;
    }

    @Override
    public boolean equals(final Object other) {
        return other instanceof OutputTag && ((OutputTag<?>) other).id.equals(id);
    }

    @Override
    public int hashCode() {
        return id.hashCode();
    }

    @Override
    public String toString() {
        return "OutputTag(" + id + ")";
    }
}
