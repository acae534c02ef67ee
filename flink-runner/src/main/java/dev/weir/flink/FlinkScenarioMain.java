package dev.weir.flink;

import dev.weir.pipelines.input.BadInputException;
import dev.weir.pipelines.job.JobFileParser;
import dev.weir.pipelines.job.JobSpec;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * {@code FlinkScenarioMain JOB.yaml ELEMENTS.csv}: runs a scenario on Apache Flink (a local
 * MiniCluster at parallelism 1) and prints the lines {@code weir scenario} prints for it
 * (docs/flink.md). Exit codes: 0 done, 2 a bad or refused input (one message naming file, line
 * and field), 1 the Flink job failed.
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
        final List<ScenarioElement> elements;
        final JobSpec job;
        try {
            job = JobFileParser.parse(Path.of(args[0]));
            FlinkScenario.check(job, args[0]);
            elements = ScenarioElementFile.read(job, Path.of(args[1]));
        } catch (BadInputException e) {
            err.println("weir: " + e.getMessage());
            return 2;
        }
        final List<String> lines;
        try {
            lines = FlinkScenario.run(job, elements, StreamExecutionEnvironment.createLocalEnvironment(1));
        } catch (Exception e) {
            err.println("weir: the Flink job failed: " + rootMessage(e));
            return 1;
        }
        lines.forEach(out::println);
        return 0;
    }

    private static String rootMessage(final Throwable failure) {
        Throwable cause = failure;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause.getMessage() != null ? cause.getMessage() : "no message";
    }
}
