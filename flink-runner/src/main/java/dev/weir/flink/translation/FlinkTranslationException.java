package dev.weir.flink.translation;

/**
 * A {@code StreamPipeline} step that {@link dev.weir.flink.FlinkRunner} does not translate to Flink, thrown
 * before anything runs. The message names the step (its index in the logical plan and its
 * kind) and the reason (docs/flink.md, "Running a StreamPipeline on Flink"); nothing is
 * approximated.
 */
public final class FlinkTranslationException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int step;

    /**
     * @param step the step's index in the logical plan
     * @param kind the step's kind as the pipeline API names it, e.g. {@code window}
     * @param reason why it is not translated
     */
    public FlinkTranslationException(final int step, final String kind, final String reason) {
        super("step " + step + " (" + kind + "): " + reason);
        this.step = step;
    }

    private FlinkTranslationException(final String message) {
        super(message);
        this.step = -1;
    }

    /**
     * @param pipeline the pipeline's name
     * @param reason why a setting of the whole pipeline is not translated
     * @return the exception, its message naming the pipeline
     */
    public static FlinkTranslationException ofPipeline(final String pipeline, final String reason) {
        return new FlinkTranslationException("pipeline '" + pipeline + "': " + reason);
    }

    /** @return the index in the logical plan of the refused step, or -1 for a setting of the whole pipeline */
    public int step() {
        return step;
    }
}
