package dev.weir.tools.scenario;

/** The pipeline itself failed while processing a row; names the row that was being processed. */
public final class PipelineFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * @param file the element file
     * @param line the row's line
     * @param cause what the pipeline threw (on the deterministic scheduler: what the failing task threw)
     */
    public PipelineFailedException(final String file, final int line, final Throwable cause) {
        super(file + ":" + line + ": the pipeline failed on this row: " + cause.getMessage(), cause);
    }

    private PipelineFailedException(final String message, final Throwable cause) {
        super(message, cause);
    }

    /**
     * A failure of the threaded runtime, where a task fails on its own thread and the reader
     * notices it at a later row (or after the last one).
     *
     * @param file the element file
     * @param line the last row read when the failure was noticed
     * @param cause what the task threw
     * @return the exception, naming the row by which the pipeline had failed
     */
    public static PipelineFailedException noticedBy(final String file, final int line, final Throwable cause) {
        return new PipelineFailedException(file + ":" + line + ": the pipeline failed by this row: " + cause.getMessage(), cause);
    }
}
