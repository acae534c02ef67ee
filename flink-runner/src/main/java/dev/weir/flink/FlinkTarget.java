package dev.weir.flink;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Supplier;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * Where {@link FlinkRunner} runs a pipeline: a local Flink MiniCluster in the caller's JVM
 * ({@link #local}) or a running Flink session cluster reached through its REST endpoint
 * ({@link #remote}). Either way the pipeline's {@code Sink} objects stay in the caller's JVM and
 * receive the results through Flink's collect mechanism. Immutable and thread-safe.
 */
public final class FlinkTarget {
    /** How often a request to a remote cluster's REST endpoint is retried when the connection fails. */
    static final int REST_ATTEMPTS = 3;
    /** The time between those retries. */
    static final Duration REST_RETRY_DELAY = Duration.ofSeconds(1);

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
     * A running Flink session cluster, reached through its JobManager's REST endpoint (Flink's
     * {@code RestClusterClient}): each run submits the job there with the given jars, which must
     * hold every class the job's tasks load that the cluster's own class path lacks — Weir's
     * modules and their non-Flink dependencies ({@code flink-runner/target/weir-flink-job.jar},
     * docs/flink.md, "On a cluster") and the classes of the pipeline's functions. A request the
     * endpoint refuses is tried {@value #REST_ATTEMPTS} times more, 1 s apart, then the run fails.
     *
     * @param host the JobManager's host
     * @param restPort its REST port ({@code rest.port}, 8081 by default)
     * @param parallelism as for {@link #local}
     * @param jars the jar files shipped with each job; none when the cluster's class path holds everything
     * @return the target
     */
    public static FlinkTarget remote(final String host, final int restPort, final int parallelism, final Path... jars) {
        requirePositive(parallelism);
        if (restPort < 1 || restPort > 65_535) {
            throw new IllegalArgumentException("a REST port is in 1..65535: " + restPort);
        }
        final String[] files = new String[jars.length];
        for (int i = 0; i < jars.length; i++) {
            if (!Files.isRegularFile(jars[i])) {
                throw new IllegalArgumentException("no such jar file: " + jars[i]);
            }
            files[i] = jars[i].toAbsolutePath().toString();
        }
        // Flink's REST client retries a refused connection 20 times, 3 s apart: a cluster that is not there would take a minute to say so
        final Configuration client = new Configuration();
        client.set(RestOptions.RETRY_MAX_ATTEMPTS, REST_ATTEMPTS);
        client.set(RestOptions.RETRY_DELAY, REST_RETRY_DELAY);
        return new FlinkTarget(parallelism, () -> StreamExecutionEnvironment.createRemoteEnvironment(host, restPort, client, files));
    }

    /**
     * A MiniCluster that already runs in this JVM, reached through its REST address, so that
     * several runs share one cluster (the module's tests): {@link #remote} without jars.
     *
     * @param host the cluster's REST host
     * @param port the cluster's REST port
     * @param parallelism as for {@link #local}
     * @return the target
     */
    static FlinkTarget runningCluster(final String host, final int port, final int parallelism) {
        return remote(host, port, parallelism);
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
