package dev.weir.engines;

import dev.weir.jobs.file.JobSpec;
import dev.weir.pipelines.replay.OutputFormat;
import dev.weir.pipelines.replay.ReplayJob;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * An engine other than Weir's own that {@code weir run}, {@code weir scenario} and {@code weir replay} can run a job
 * on ({@code --engine NAME}), found with {@link java.util.ServiceLoader} ({@link Engines}; register the implementation
 * in {@code META-INF/services/dev.weir.engines.ExecutionEngine}) so that the command line does not depend on it: the
 * {@code flink-runner} module provides {@code flink} (docs/flink.md, "Running on Flink from the command line").
 * What an engine offers beyond running jobs is a {@link #facet}, whose type the module that uses it defines, so that
 * this interface needs none of that module's types: e.g. the systems {@code weir bench --compare NAME} runs are the
 * perf module's {@code dev.weir.perf.bench.ComparedEngine} facet. Implementations are stateless and thread-safe.
 */
public interface ExecutionEngine {
    /** @return the name {@code --engine} takes, e.g. {@code flink} */
    String name();

    /**
     * Why this engine does not honour an option of Weir's own runs, for the usage error
     * {@code OPTION is not honoured with --engine NAME: REASON}.
     *
     * @param option the option as declared, e.g. {@code --state} or {@code --progress} (also for {@code --no-progress})
     * @return the reason, a few words without a full stop
     */
    String refusal(String option);

    /**
     * Runs a job file over an element file as {@code weir scenario} does, and hands over the same
     * lines: {@code FIRE} and {@code LATE} lines, then {@code # lateDropped=N} last.
     *
     * @param job the parsed job file
     * @param jobFile its path, for messages
     * @param elementFile the element file
     * @param maxLineBytes the longest line the element file may have
     * @param lines receives the lines, from one thread at a time
     * @throws dev.weir.codec.input.BadInputException a job file or row that is bad or that the
     *     engine refuses, naming file, line and field; the lines of the rows before a bad row are out
     * @throws Exception if the engine's job fails
     */
    void scenario(JobSpec job, Path jobFile, Path elementFile, int maxLineBytes, Consumer<String> lines) throws Exception;

    /**
     * Runs a job file's window over record files as {@code weir run} does, and hands over the
     * {@code FIRE} and {@code LATE} lines (not {@code # lateDropped=N}: the count is returned).
     *
     * @param job the parsed job file; it has a window
     * @param jobFile its path, for messages
     * @param recordFiles the record files, one split each
     * @param options where and how to run
     * @param lines receives the lines, from one thread at a time
     * @return the number of records dropped as late
     * @throws dev.weir.codec.input.BadInputException a job file or record that is bad or that
     *     the engine refuses, naming file, line and field
     * @throws Exception if the engine's job fails
     */
    long run(JobSpec job, Path jobFile, List<Path> recordFiles, EngineRunOptions options, Consumer<String> lines) throws Exception;

    /**
     * Replays capture files through a reference pipeline as {@code weir replay --pipeline NAME} does, and hands over
     * the same lines: the CSV header (CSV only), then one line per row.
     *
     * @param pipeline the reference pipeline, e.g. {@code ohlcv}, or {@code statsd-alerts} with its threshold table
     * @param captures the capture files, replayed one after the other
     * @param outOfOrdernessMillis the watermarks' bound ({@code --out-of-orderness})
     * @param format how the rows are printed
     * @param lines receives the lines, from one thread at a time
     * @return one summary line for standard error
     * @throws Exception if the engine's job fails, e.g. on a fault in a capture
     */
    String replay(ReplayJob<?> pipeline, List<Path> captures, long outOfOrdernessMillis, OutputFormat format, Consumer<String> lines)
            throws Exception;

    /**
     * A capability of this engine beyond running jobs, of a type another module defines: the module asks for its own
     * type and gets nothing from an engine that does not know it. E.g. {@code weir bench} asks each engine for the perf
     * module's {@code ComparedEngine}.
     *
     * @param type the facet's type
     * @param <T> the facet's type
     * @return the facet, or empty if this engine has none of that type (the default)
     */
    default <T> Optional<T> facet(final Class<T> type) {
        return Optional.empty();
    }
}
