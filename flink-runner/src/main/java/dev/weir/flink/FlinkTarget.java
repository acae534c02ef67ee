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
 * receive the results through Flink's collect mechanism, or, on a local target
 * {@link #withTaskSinks()}, straight from Flink's tasks. Immutable and thread-safe.
 */
public final class FlinkTarget {
    /** How often a request to a remote cluster's REST endpoint is retried when the connection fails. */
    static final int REST_ATTEMPTS = 3;
    /** The time between those retries. */
    static final Duration REST_RETRY_DELAY = Duration.ofSeconds(1);

    /** {@link #bufferTimeoutMillis()} when Flink's own setting is kept. */
    public static final long FLINK_BUFFER_TIMEOUT = Long.MIN_VALUE;

    private final int parallelism;
    private final Supplier<StreamExecutionEnvironment> environments;
    private final boolean local;
    private final boolean taskSinks;
    private final long bufferTimeoutMillis;

    private FlinkTarget(final int parallelism, final Supplier<StreamExecutionEnvironment> environments, final boolean local,
            final boolean taskSinks, final long bufferTimeoutMillis) {
        this.parallelism = parallelism;
        this.environments = environments;
        this.local = local;
        this.taskSinks = taskSinks;
        this.bufferTimeoutMillis = bufferTimeoutMillis;
    }

    /**
     * @param parallelism the parallelism of the translated operators (map, filter, flatMap, the
     *     window); positive. The collection source and the sink run at their own parallelism
     *     (docs/flink.md)
     * @return a target that starts a local MiniCluster for each run, in this JVM
     */
    public static FlinkTarget local(final int parallelism) {
        requirePositive(parallelism);
        return new FlinkTarget(parallelism, () -> StreamExecutionEnvironment.createLocalEnvironment(parallelism), true, false,
                FLINK_BUFFER_TIMEOUT);
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
        return new FlinkTarget(parallelism, () -> StreamExecutionEnvironment.createRemoteEnvironment(host, restPort, client, files), false,
                false, FLINK_BUFFER_TIMEOUT);
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
    public static FlinkTarget runningCluster(final String host, final int port, final int parallelism) {
        return remote(host, port, parallelism);
    }

    private static void requirePositive(final int parallelism) {
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism must be positive: " + parallelism);
        }
    }

    /**
     * The same local target, with each of the pipeline's sinks called on the Flink task that produces its results, in
     * this JVM, instead of through Flink's collect mechanism and a client thread (docs/flink.md, "Sinks on Flink's
     * tasks"): a result reaches the sink when the operator emits it, so its latency is the job's own. The sink is then
     * called as on Weir: {@code instance(i, p)} on each parallel instance's task thread, {@code accept} and
     * {@code watermark} there, {@code finish()} at the end of input, {@code close()}; {@code allFinished()} once the
     * job has finished. Results are handed over as produced, whether a checkpoint covers them or not.
     *
     * @return the target
     * @throws IllegalStateException if this target is a remote cluster, whose tasks run in another JVM
     */
    public FlinkTarget withTaskSinks() {
        if (!local) {
            throw new IllegalStateException("sinks on Flink's tasks need a local target: a remote cluster's tasks run in another JVM");
        }
        return new FlinkTarget(parallelism, environments, true, true, bufferTimeoutMillis);
    }

    /**
     * The same target with Flink's buffer timeout set ({@code setBufferTimeout}): how long a network buffer between two
     * tasks may wait to fill before it is sent. Flink's default is 100 ms; 0 sends every record at once (lowest latency,
     * lower throughput).
     *
     * @param millis the timeout in milliseconds, 0 or more, or -1 to send only full buffers
     * @return the target
     */
    public FlinkTarget withBufferTimeout(final long millis) {
        if (millis < -1) {
            throw new IllegalArgumentException("a buffer timeout is -1 or more milliseconds: " + millis);
        }
        return new FlinkTarget(parallelism, environments, local, taskSinks, millis);
    }

    /** @return true if the pipeline's sinks are called on Flink's tasks ({@link #withTaskSinks()}) */
    public boolean taskSinks() {
        return taskSinks;
    }

    /** @return the buffer timeout in milliseconds, or {@link #FLINK_BUFFER_TIMEOUT} when Flink's is kept */
    public long bufferTimeoutMillis() {
        return bufferTimeoutMillis;
    }

    /** @return the parallelism of the translated operators */
    public int parallelism() {
        return parallelism;
    }

    /** @return a new environment for one run, at {@link #parallelism()} */
    public StreamExecutionEnvironment environment() {
        final StreamExecutionEnvironment environment = environments.get();
        environment.setParallelism(parallelism);
        if (bufferTimeoutMillis != FLINK_BUFFER_TIMEOUT) {
            environment.setBufferTimeout(bufferTimeoutMillis);
        }
        return environment;
    }
}
