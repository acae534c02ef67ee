package dev.weir.perf;

import dev.weir.perf.harness.BenchmarkPlan;
import dev.weir.perf.harness.ResultFiles;
import dev.weir.perf.harness.SystemResult;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A benchmark's {@code --out=DIR} option: where the harness's result files ({@link ResultFiles}: .hgrm, summary.json,
 * plots) go, or nowhere when the option is not given. Checked before the benchmark runs, so a path that cannot be a
 * directory is refused before minutes of measuring. Immutable.
 */
final class ResultDirectory {
    private final Path directory;

    private ResultDirectory(final Path directory) {
        this.directory = directory;
    }

    /**
     * @param options the benchmark's options, {@code out} among their names
     * @return the directory named by {@code --out}, or none
     * @throws IllegalArgumentException if the option is empty or names something that is not a directory
     */
    static ResultDirectory of(final BenchmarkOptions options) {
        final String given = options.stringValue("out", null);
        if (given == null) {
            return new ResultDirectory(null);
        }
        if (given.isBlank()) {
            throw new IllegalArgumentException("--out must name a directory");
        }
        final Path path = Path.of(given);
        if (Files.exists(path) && !Files.isDirectory(path)) {
            throw new IllegalArgumentException("--out: " + given + " exists and is not a directory");
        }
        return new ResultDirectory(path);
    }

    /**
     * Writes the result files, if a directory was given, and lists them on {@code out}.
     *
     * @param results the harness's results
     * @param plan the plan they were measured with
     * @param out receives the list of files written
     * @param err receives the one-line message if they cannot be written
     * @param command names the command in that message, e.g. {@code perf/run latency}
     * @return 0, or 2 if a file could not be written
     */
    int write(final List<SystemResult> results, final BenchmarkPlan plan, final PrintStream out, final PrintStream err,
            final String command) {
        if (directory == null) {
            return 0;
        }
        try {
            final List<Path> files = ResultFiles.write(directory, results, plan);
            out.println("files: " + directory + ": " + String.join(", ", files.stream().map(file -> file.getFileName().toString()).toList()));
            return 0;
        } catch (final IOException e) {
            err.println(command + ": --out: " + directory + ": cannot write the result files (" + e.getMessage() + ")");
            return 2;
        }
    }
}
