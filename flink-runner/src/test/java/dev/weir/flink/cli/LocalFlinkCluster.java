package dev.weir.flink.cli;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A standalone Flink session cluster on localhost as separate JVM processes: one JobManager
 * ({@code StandaloneSessionClusterEntrypoint}) and TaskManagers ({@code TaskManagerRunner}),
 * started from the Maven-resolved Flink jars ({@code target/flink-classpath.txt}) with a fresh
 * {@code config.yaml}, each process logging to its own file in the cluster's directory. The
 * TaskManagers have two slots each, so one survivor can take a parallelism-2 job, and heartbeats
 * short enough that a dead TaskManager is noticed in seconds. {@link #close} stops every process
 * it started. Not thread-safe: one test drives it.
 */
final class LocalFlinkCluster implements AutoCloseable {
    /** Slots per TaskManager: two, so that either TaskManager alone can run a parallelism-2 job. */
    static final int SLOTS_PER_TASK_MANAGER = 2;
    /** Where the cluster listens: the loopback address, as Flink binds it. */
    static final String HOST = "127.0.0.1";
    private static final Duration START_DEADLINE = Duration.ofSeconds(90);
    private static final Duration STOP_DEADLINE = Duration.ofSeconds(30);
    private static final String JOB_MANAGER_CLASS = "org.apache.flink.runtime.entrypoint.StandaloneSessionClusterEntrypoint";
    private static final String TASK_MANAGER_CLASS = "org.apache.flink.runtime.taskexecutor.TaskManagerRunner";

    private final Path directory;
    private final int restPort;
    private final List<Process> processes = new ArrayList<>();
    private final List<String> taskManagerIds = new ArrayList<>();
    private final List<Process> taskManagers = new ArrayList<>();
    /** Kills the processes if the test JVM exits without {@link #close} (a build killed mid-test). */
    private final Thread orphanGuard = new Thread(this::destroyAll, "flink-cluster-orphan-guard");
    private final FlinkRest rest;

    /** Writes the configuration and starts the JobManager, the first process. */
    private LocalFlinkCluster(final Path directory, final int restPort) throws IOException {
        this.directory = directory;
        this.restPort = restPort;
        Runtime.getRuntime().addShutdownHook(orphanGuard);
        writeConfiguration();
        this.rest = new FlinkRest(HOST, restPort, launch("jobmanager", JOB_MANAGER_CLASS, List.of()));
    }

    /**
     * Writes the configuration, starts the JobManager and the TaskManagers, and returns once the
     * REST API lists every TaskManager. On failure every process started so far is stopped.
     *
     * @param directory an empty directory for the configuration, the logs and the checkpoints
     * @param taskManagers how many TaskManagers; positive
     * @return the running cluster
     * @throws Exception if a process does not start or the cluster is not ready in time
     */
    static LocalFlinkCluster start(final Path directory, final int taskManagers) throws Exception {
        final LocalFlinkCluster cluster = new LocalFlinkCluster(directory, freePort());
        try {
            for (int i = 0; i < taskManagers; i++) {
                final String id = "taskmanager-" + i;
                cluster.taskManagerIds.add(id);
                cluster.taskManagers.add(cluster.launch(id, TASK_MANAGER_CLASS, List.of("-D", "taskmanager.resource-id=" + id)));
            }
            cluster.rest.await("all " + taskManagers + " TaskManagers registered", START_DEADLINE,
                    () -> cluster.rest.get("/taskmanagers").get("taskmanagers").size() == taskManagers);
            return cluster;
        } catch (final Exception | Error e) {
            cluster.close();
            throw e;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private void writeConfiguration() throws IOException {
        final Path conf = Files.createDirectories(directory.resolve("conf"));
        final List<String> lines = List.of(
                "jobmanager.rpc.address: localhost",
                "jobmanager.rpc.port: " + freePort(),
                "jobmanager.bind-host: localhost",
                "rest.address: " + HOST,
                "rest.bind-address: " + HOST,
                "rest.port: " + restPort,
                "taskmanager.host: localhost",
                "taskmanager.bind-host: localhost",
                "taskmanager.numberOfTaskSlots: " + SLOTS_PER_TASK_MANAGER,
                // one slot per TaskManager before a second on any, so a parallelism-2 job runs on both
                "taskmanager.load-balance.mode: SLOTS",
                // TaskManagerRunner started without Flink's scripts needs its memory spelled out
                "taskmanager.cpu.cores: 2",
                "taskmanager.memory.framework.heap.size: 64m",
                "taskmanager.memory.framework.off-heap.size: 64m",
                "taskmanager.memory.task.heap.size: 128m",
                "taskmanager.memory.task.off-heap.size: 0m",
                "taskmanager.memory.network.min: 32m",
                "taskmanager.memory.network.max: 32m",
                "taskmanager.memory.managed.size: 32m",
                "taskmanager.memory.jvm-metaspace.size: 128m",
                "taskmanager.memory.jvm-overhead.min: 64m",
                "taskmanager.memory.jvm-overhead.max: 64m",
                // a killed TaskManager is declared dead within seconds, not Flink's default 50 s
                "heartbeat.interval: 500",
                "heartbeat.timeout: 4000",
                "execution.checkpointing.dir: " + directory.resolve("checkpoints").toUri(),
                "restart-strategy.type: fixed-delay",
                "restart-strategy.fixed-delay.attempts: 20",
                "restart-strategy.fixed-delay.delay: 500 ms");
        Files.write(conf.resolve("config.yaml"), lines, StandardCharsets.UTF_8);
    }

    private Process launch(final String name, final String mainClass, final List<String> arguments) throws IOException {
        final List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmFlags());
        // the heap and direct memory the configuration above adds up to (framework and task heap; framework off-heap and network)
        command.add("-Xmx256m");
        command.add("-XX:MaxDirectMemorySize=160m");
        command.add("-Dorg.slf4j.simpleLogger.showDateTime=true");
        command.add("-cp");
        command.add(classPath());
        command.add(mainClass);
        command.add("--configDir");
        command.add(directory.resolve("conf").toString());
        command.addAll(arguments);
        final Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(directory.resolve(name + ".log").toFile())
                .start();
        processes.add(process);
        return process;
    }

    /** Weir's JVM flags and Flink's on top (flink-runner/pom.xml), as the build hands them to the test. */
    private static List<String> jvmFlags() {
        final String flags = System.getProperty("weir.jvm.flags", "").trim();
        return flags.isEmpty() ? List.of() : Arrays.asList(flags.split("\\s+"));
    }

    private static String classPath() throws IOException {
        final String flink = Files.readString(Path.of(required("weir.flink.classpath"))).trim();
        final StringBuilder path = new StringBuilder(flink);
        try (Stream<Path> jars = Files.list(Path.of(required("weir.cluster.lib")))) {
            jars.sorted().forEach(jar -> path.append(File.pathSeparatorChar).append(jar));
        }
        return path.toString();
    }

    /**
     * @param property a system property the build's cluster execution sets (flink-runner/pom.xml)
     * @return its value
     * @throws IllegalStateException if it is not set: the test was not started by that execution
     */
    static String required(final String property) {
        final String value = System.getProperty(property);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException("system property " + property + " is not set: run the test through flink-runner/run-cluster-test");
        }
        return value;
    }

    /** @return the REST port of the JobManager */
    int restPort() {
        return restPort;
    }

    /** @return the cluster's REST API */
    FlinkRest rest() {
        return rest;
    }

    /** @return the resource id of TaskManager {@code index}, as the REST API lists it */
    String taskManagerId(final int index) {
        return taskManagerIds.get(index);
    }

    /** @return the process of TaskManager {@code index} */
    Process taskManager(final int index) {
        return taskManagers.get(index);
    }

    /** @return every process started, the JobManager first */
    List<Process> processes() {
        return List.copyOf(processes);
    }

    /** @return the directory of the configuration, the logs and the checkpoints */
    Path directory() {
        return directory;
    }

    /**
     * Kills TaskManager {@code index} with SIGKILL ({@link Process#destroyForcibly} on Linux) and
     * waits for it to be gone.
     *
     * @return the process's exit code: 137 (128 + SIGKILL) when the signal killed it
     */
    int kill(final int index) throws InterruptedException {
        final Process process = taskManagers.get(index);
        process.destroyForcibly();
        if (!process.waitFor(STOP_DEADLINE.toSeconds(), TimeUnit.SECONDS)) {
            throw new IllegalStateException(taskManagerIds.get(index) + " (pid " + process.pid() + ") still runs after SIGKILL");
        }
        return process.exitValue();
    }

    /** Kills every process still running and waits for each to end; the cluster is gone afterwards. */
    @Override
    public void close() {
        destroyAll();
        for (final Process process : processes) {
            try {
                if (!process.waitFor(STOP_DEADLINE.toSeconds(), TimeUnit.SECONDS)) {
                    throw new IllegalStateException("process " + process.pid() + " still runs after SIGKILL");
                }
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while stopping the cluster's processes", e);
            }
        }
        try {
            Runtime.getRuntime().removeShutdownHook(orphanGuard);
        } catch (final IllegalStateException exiting) {
            // the JVM is already shutting down and runs the guard itself
        }
    }

    private void destroyAll() {
        for (final Process process : processes) {
            process.destroyForcibly();
        }
    }
}
