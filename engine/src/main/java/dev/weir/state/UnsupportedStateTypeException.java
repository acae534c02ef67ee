package dev.weir.state;

/** A state value, key or namespace whose class Weir cannot write or read. */
public final class UnsupportedStateTypeException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message what cannot be written and what to do */
    public UnsupportedStateTypeException(final String message) {
        super(message);
    }

    /**
     * @param message what cannot be read and what to do
     * @param cause why
     */
    public UnsupportedStateTypeException(final String message, final Throwable cause) {
        super(message, cause);
    }
}
