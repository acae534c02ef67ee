package dev.weir.runtime.pinning;

/** A thread could not be pinned to its CPU; the message says why. The thread runs unpinned. */
public final class CpuPinningException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param reason why the CPU could not be had */
    public CpuPinningException(final String reason) {
        super(reason);
    }

    /**
     * @param reason why the CPU could not be had
     * @param cause the underlying failure
     */
    public CpuPinningException(final String reason, final Throwable cause) {
        super(reason, cause);
    }
}
