package dev.weir.flink.scenario;

/**
 * A Flink job that failed, with the message of its root cause: what {@code weir run} and
 * {@code weir scenario} print with {@code --engine flink}, exit code 1.
 */
public final class FlinkJobFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param failure what Flink reported */
    public FlinkJobFailedException(final Throwable failure) {
        this("the Flink job failed", failure);
    }

    /**
     * @param what what failed, e.g. {@code cannot submit the job to the Flink cluster at localhost:8081}
     * @param failure what Flink reported
     */
    public FlinkJobFailedException(final String what, final Throwable failure) {
        super(what + ": " + rootMessage(failure), failure);
    }

    private static String rootMessage(final Throwable failure) {
        Throwable cause = failure;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause.getMessage() != null ? cause.getMessage() : "no message";
    }
}
