package dev.weir.flink;

import java.util.function.Supplier;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * Where {@link FlinkRunner} runs a pipeline. This slice has one target, a local Flink
 * MiniCluster in the caller's JVM ({@link #local}), which is what lets the pipeline's
 * {@code Sink} object stay in the caller's JVM and receive the results. Immutable and thread-safe.
 */
public final class FlinkTarget {
    private final int parallelism;
    private final Supplier<StreamExecutionEnvironment> environments;

    private FlinkTarget(final int parallelism, final Supplier<StreamExecutionEnvironment> environments) {
        this.parallelism = parallelism;
        this.environments = environments;
    }

    /**
     * @param parallelism the parallelism of the translated operators (map, filter, flatMap, the
     *     window); positive. The collection source and the sink run at their own parallelism
     *     (docs/flink.md)
     * @return a target that starts a local MiniCluster for each run, in this JVM
     */
    public static FlinkTarget local(final int parallelism) {
        requirePositive(parallelism);
        return new FlinkTarget(parallelism, () -> StreamExecutionEnvironment.createLocalEnvironment(parallelism));
    }

    /**
     * A MiniCluster that already runs in this JVM, reached through its REST address, so that
     * several runs share one cluster (the module's tests).
     *
     * @param host the cluster's REST host
     * @param port the cluster's REST port
     * @param parallelism as for {@link #local}
     * @return the target
     */
    static FlinkTarget runningCluster(final String host, final int port, final int parallelism) {
        requirePositive(parallelism);
        return new FlinkTarget(parallelism, () -> StreamExecutionEnvironment.createRemoteEnvironment(host, port));
    }

    private static void requirePositive(final int parallelism) {
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism must be positive: " + parallelism);
        }
    }

    /** @return the parallelism of the translated operators */
    public int parallelism() {
        return parallelism;
    }

    /** @return a new environment for one run, at {@link #parallelism()} */
    StreamExecutionEnvironment environment() {
        final StreamExecutionEnvironment environment = environments.get();
        environment.setParallelism(parallelism);
        return environment;
    }
}
