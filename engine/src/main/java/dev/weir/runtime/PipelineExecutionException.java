package dev.weir.runtime;

/** A pipeline failed: an operator, a source or a sink threw; the cause is what it threw. */
public final class PipelineExecutionException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * @param pipeline the pipeline's name
     * @param cause what failed
     */
    public PipelineExecutionException(final String pipeline, final Throwable cause) {
        super("pipeline '" + pipeline + "' failed: " + cause, cause);
    }
}
