package dev.weir.tools.scenario;

/** The pipeline itself failed while processing a row; names the row that was being processed. */
public final class PipelineFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * @param file the element file
     * @param line the row's line
     * @param cause what the pipeline threw
     */
    public PipelineFailedException(final String file, final int line, final RuntimeException cause) {
        super(file + ":" + line + ": the pipeline failed on this row: " + cause.getMessage(), cause);
    }
}
