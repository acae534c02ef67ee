package dev.weir.flink.cli;

import dev.weir.flink.FlinkTarget;
import dev.weir.flink.bench.FlinkComparedEngine;
import dev.weir.flink.scenario.FlinkJobFailedException;
import dev.weir.flink.scenario.FlinkRecordRun;
import dev.weir.flink.scenario.FlinkScenario;
import dev.weir.flink.scenario.ScenarioElementFile;
import dev.weir.flink.translation.FlinkTranslationException;
import dev.weir.jobs.file.JobSpec;
import dev.weir.pipelines.replay.OutputFormat;
import dev.weir.pipelines.replay.ReplayJob;
import dev.weir.jobs.scenario.ScenarioLines;
import dev.weir.engines.EngineRunOptions;
import dev.weir.engines.ExecutionEngine;
import dev.weir.perf.bench.ComparedEngine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * {@code --engine flink} of {@code weir run} and {@code weir scenario} (docs/flink.md, "Running on
 * Flink from the command line"), found by the command line through {@link java.util.ServiceLoader}.
 * A scenario runs on a local MiniCluster, the window at the job file's parallelism ({@link FlinkScenario}); a record-file
 * run locally or on the cluster of {@code --flink-address} ({@link FlinkRecordRun}), shipping the
 * job jar the system property {@value #JOB_JAR} names. Its one facet is the perf module's {@link ComparedEngine}, the
 * systems of {@code weir bench --compare flink} ({@link FlinkComparedEngine}). Stateless and thread-safe.
 */
public final class FlinkEngine implements ExecutionEngine {
    /** The system property that names the jar of Weir's classes shipped to a cluster (set by the ./weir launcher). */
    public static final String JOB_JAR = "weir.flink.jobJar";

    @Override
    public String name() {
        return "flink";
    }

    /** @return a {@link FlinkComparedEngine} for {@link ComparedEngine}; no other facet */
    @Override
    public <T> Optional<T> facet(final Class<T> type) {
        return type == ComparedEngine.class ? Optional.of(type.cast(new FlinkComparedEngine())) : Optional.empty();
    }

    @Override
    public String refusal(final String option) {
        switch (option) {
            case "--state":
            case "--state-dir":
            case "--state-max-entries":
            case "--state-initial-entries":
                return "window state lives in Flink's state backend";
            case "--restore":
                return "Flink cannot read Weir checkpoints";
            case "--fresh":
                return "Flink keeps each job's checkpoints in a directory of its own under --checkpoint-dir";
            case "--max-rate":
                return "the Flink job reads as fast as it can";
            case "--progress":
                return "Flink's job has no progress line";
            case "--runtime":
                return "the scenario runs on a local Flink MiniCluster";
            case "--pace":
                return "the Flink job reads the captures as fast as it can";
            case "--port":
            case "--address":
            case "--skip-bad":
                return "the Flink job replays every datagram of the captures, and a fault in one fails it";
            case "--job":
                return "a job file replays on Weir; weir run --engine flink runs one over record files";
            default:
                return "Weir-only";
        }
    }

    @Override
    public void scenario(final JobSpec job, final Path jobFile, final Path elementFile, final int maxLineBytes,
            final Consumer<String> lines) {
        FlinkScenario.check(job, jobFile.toString());
        final ScenarioElementFile elements = ScenarioElementFile.read(job, elementFile, maxLineBytes);
        long lateDropped = 0;
        if (!elements.elements().isEmpty()) {
            try {
                lateDropped = FlinkScenario.run(job, elements.elements(), StreamExecutionEnvironment.createLocalEnvironment(1), lines);
            } catch (final Exception failed) {
                throw new FlinkJobFailedException(failed);
            }
        }
        if (elements.stop() == null) {
            // as weir scenario, also for a file without rows
            lines.accept(ScenarioLines.summary(lateDropped));
        }
        if (elements.stop() != null) {
            // as weir scenario: the lines of the rows before the bad one are out, then the message
            throw elements.stop();
        }
    }

    @Override
    public long run(final JobSpec job, final Path jobFile, final List<Path> recordFiles, final EngineRunOptions options,
            final Consumer<String> lines) throws Exception {
        FlinkRecordRun.check(job, jobFile.toString());
        return FlinkRecordRun.run(job, jobFile, recordFiles, options, options.address() == null ? new Path[0] : jobJars(), lines);
    }

    /** Runs the reference pipeline on a local MiniCluster at parallelism 1 ({@link FlinkReplay}). */
    @Override
    public String replay(final ReplayJob<?> pipeline, final List<Path> captures, final long outOfOrdernessMillis, final OutputFormat format,
            final Consumer<String> lines) throws Exception {
        final ReplayedOnFlink replayed;
        try {
            replayed = FlinkReplay.run(pipeline, captures, outOfOrdernessMillis, format, lines, System.err::println, FlinkTarget.local(1));
        } catch (final FlinkTranslationException refused) {
            throw refused;
        } catch (final Exception failed) {
            throw new FlinkJobFailedException(failed);
        }
        return replayed.summary();
    }

    /** The job jar a cluster needs, if the launcher named one; none when the cluster's class path holds Weir's classes. */
    private static Path[] jobJars() {
        final String jar = System.getProperty(JOB_JAR);
        if (jar == null || jar.isEmpty()) {
            return new Path[0];
        }
        if (!Files.isRegularFile(Path.of(jar))) {
            throw new JobJarException(jar);
        }
        return new Path[] {Path.of(jar)};
    }
}
