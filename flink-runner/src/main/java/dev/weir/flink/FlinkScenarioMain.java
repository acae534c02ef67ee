package dev.weir.flink;

import dev.weir.pipelines.input.BadInputException;
import dev.weir.pipelines.job.JobFileParser;
import dev.weir.pipelines.job.JobSpec;
import dev.weir.pipelines.scenario.ScenarioLines;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * {@code FlinkScenarioMain JOB.yaml ELEMENTS.csv}: runs a scenario on Apache Flink (a local
 * MiniCluster at parallelism 1) and prints the lines {@code weir scenario} prints for it
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
        final JobSpec job;
        try {
            job = JobFileParser.parse(Path.of(args[0]));
            FlinkScenario.check(job, args[0]);
        } catch (BadInputException e) {
            err.println("weir: " + e.getMessage());
            return 2;
        }
        final ScenarioElementFile elements = ScenarioElementFile.read(job, Path.of(args[1]));
        if (!elements.elements().isEmpty()) {
            final List<String> lines = new ArrayList<>();
            final long lateDropped;
            try {
                lateDropped = FlinkScenario.run(job, elements.elements(), StreamExecutionEnvironment.createLocalEnvironment(1), lines::add);
            } catch (Exception e) {
                err.println("weir: the Flink job failed: " + rootMessage(e));
                return 1;
            }
            lines.forEach(out::println);
            if (elements.stop() == null) {
                out.println(ScenarioLines.summary(lateDropped));
            }
        }
        if (elements.stop() != null) {
            // as weir scenario: the lines of the rows before the bad one are out, then the message
            err.println("weir: " + elements.stop().getMessage());
            return 2;
        }
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
