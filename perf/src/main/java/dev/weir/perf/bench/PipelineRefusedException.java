package dev.weir.perf.bench;

/**
 * A {@link ComparedEngine} cannot run a {@link NamedPipeline}; the message names the pipeline, the engine and why, in
 * one line a user can act on.
 */
public final class PipelineRefusedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message the pipeline, the engine and why */
    public PipelineRefusedException(final String message) {
        super(message);
    }
}
