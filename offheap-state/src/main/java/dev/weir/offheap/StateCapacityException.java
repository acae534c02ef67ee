package dev.weir.offheap;

import dev.weir.UserInputError;

/**
 * A state would outgrow what its map was sized for; the message names the operator, the
 * state, the count and the setting to raise.
 */
public final class StateCapacityException extends RuntimeException implements UserInputError {
    private static final long serialVersionUID = 1L;

    /** @param message what is full and which setting to raise */
    public StateCapacityException(final String message) {
        super(message);
    }

    /**
     * @param message what is full and which setting to raise
     * @param cause what the map reported
     */
    public StateCapacityException(final String message, final Throwable cause) {
        super(message, cause);
    }
}
