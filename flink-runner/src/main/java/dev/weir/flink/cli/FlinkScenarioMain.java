package dev.weir.flink.cli;

import dev.weir.codec.input.BadInputException;
import dev.weir.flink.scenario.FlinkJobFailedException;
import dev.weir.jobs.file.JobFileParser;
import dev.weir.jobs.file.JobSpec;
import dev.weir.source.LineReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code FlinkScenarioMain JOB.yaml ELEMENTS.csv}: runs a scenario on Apache Flink (a local
 * MiniCluster, the window at the job file's parallelism) and prints the lines {@code weir scenario} prints for it
 * (docs/flink.md). Exit codes: 0 done, 2 a bad or refused input (one message naming file, line
 * and field; the lines of the rows before a bad row are printed first, as by {@code weir scenario}),
 * 1 the Flink job failed.
 */
public final class FlinkScenarioMain {
    private FlinkScenarioMain() {
    }

    /** @param args JOB.yaml ELEMENTS.csv */
    public static void main(final String[] args) {
        System.exit(run(args, new PrintStream(System.out, true, StandardCharsets.UTF_8), System.err));
    }

    /**
     * @param args JOB.yaml ELEMENTS.csv
     * @param out receives the lines
     * @param err receives the error message, if any
     * @return the exit code
     */
    static int run(final String[] args, final PrintStream out, final PrintStream err) {
        if (args.length != 2) {
            err.println("usage: flink-runner/run-scenario JOB.yaml ELEMENTS.csv");
            return 2;
        }
        final List<String> lines = new ArrayList<>();
        try {
            final JobSpec job = JobFileParser.parse(Path.of(args[0]));
            new FlinkEngine().scenario(job, Path.of(args[0]), Path.of(args[1]), LineReader.DEFAULT_MAX_LINE_BYTES, lines::add);
        } catch (BadInputException e) {
            // as weir scenario: the lines of the rows before a bad one are out first
            lines.forEach(out::println);
            err.println("weir: " + e.getMessage());
            return 2;
        } catch (FlinkJobFailedException e) {
            err.println("weir: " + e.getMessage());
            return 1;
        }
        lines.forEach(out::println);
        return 0;
    }
}
