package dev.weir.runtime;

/** Thrown to a producer or task that must give up because the pipeline is stopping. */
public final class PipelineStoppedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param cause the pipeline's failure, or null when it was stopped on purpose */
    public PipelineStoppedException(final Throwable cause) {
        super(cause == null ? "the pipeline was stopped" : "the pipeline failed: " + cause, cause);
    }
}
