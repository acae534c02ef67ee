package dev.weir.flink;

/**
 * A Flink job that failed, with the message of its root cause: what {@code weir run} and
 * {@code weir scenario} print with {@code --engine flink}, exit code 1.
 */
public final class FlinkJobFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param failure what Flink reported */
    public FlinkJobFailedException(final Throwable failure) {
        super("the Flink job failed: " + rootMessage(failure), failure);
    }

    private static String rootMessage(final Throwable failure) {
        Throwable cause = failure;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause.getMessage() != null ? cause.getMessage() : "no message";
    }
}
