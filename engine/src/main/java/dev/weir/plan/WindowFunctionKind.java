package dev.weir.plan;

/** Which window function a {@link WindowStep} ends in, and so which of its function fields are set. */
public enum WindowFunctionKind {
    /** {@code WindowedStream.reduce}: {@link WindowStep#reduce()} is set. */
    REDUCE,
    /** {@code WindowedStream.aggregate(aggregate)}: {@link WindowStep#aggregate()} is set. */
    AGGREGATE,
    /** {@code WindowedStream.aggregate(aggregate, process)}: {@link WindowStep#aggregate()} and {@link WindowStep#process()} are set. */
    AGGREGATE_PROCESS,
    /** {@code WindowedStream.process}: {@link WindowStep#process()} is set. */
    PROCESS
}
