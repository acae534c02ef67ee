package dev.weir.offheap;

import dev.weir.UserInputError;

/**
 * A system property of the off-heap state ({@code weir.state.*}) holds a value it cannot take:
 * not a whole number, or out of its range. The message names the property, the value and the
 * range, so that a misspelt size is an error rather than silently the default.
 */
public final class StateSettingException extends IllegalArgumentException implements UserInputError {
    private static final long serialVersionUID = 1L;

    /** The system property, e.g. {@code weir.state.cache-entries}. */
    private final String property;

    /**
     * @param property the system property
     * @param message what is wrong with its value
     */
    StateSettingException(final String property, final String message) {
        super(message);
        this.property = property;
    }

    /** @return the system property whose value is wrong */
    public String property() {
        return property;
    }
}
