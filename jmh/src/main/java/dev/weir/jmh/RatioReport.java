package dev.weir.jmh;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;

/**
 * Runs JMH with its usual command line, then prints every result that has a {@code backend}
 * parameter as a ratio to the {@code heap} backend's result of the same benchmark and other
 * parameters in the same run, with the bytes allocated per operation where {@code -prof gc} ran.
 * Listing, help and bad options are left to {@link org.openjdk.jmh.Main}. {@code --quick} first becomes
 * JMH's short run lengths ({@link QuickRun}).
 */
public final class RatioReport {
    /** The parameter that names the backend. */
    static final String BACKEND = "backend";
    /** The backend the others are compared with. */
    static final String BASELINE = "heap";

    private static final String ALLOCATION = "gc.alloc.rate.norm";

    private RatioReport() {
    }

    /**
     * @param commandLine JMH's command line, or {@code --quick} and JMH's options
     * @throws Exception as {@link org.openjdk.jmh.Main} does
     */
    public static void main(final String[] commandLine) throws Exception {
        final String[] args = QuickRun.jmhArguments(commandLine);
        final CommandLineOptions options;
        try {
            options = new CommandLineOptions(args);
        } catch (final CommandLineOptionException e) {
            org.openjdk.jmh.Main.main(args);
            return;
        }
        if (options.shouldHelp() || options.shouldList() || options.shouldListWithParams()
                || options.shouldListProfilers() || options.shouldListResultFormats()) {
            org.openjdk.jmh.Main.main(args);
            return;
        }
        try {
            print(new Runner(options).run(), System.out);
        } catch (final RunnerException e) {
            System.err.println("jmh: " + e.getMessage());
            System.exit(1);
        }
    }

    /**
     * @param results JMH's results
     * @param out where the table goes
     */
    static void print(final Collection<RunResult> results, final PrintStream out) {
        final Map<String, Double> baselines = new HashMap<>();
        final List<RunResult> compared = new ArrayList<>();
        for (final RunResult result : results) {
            final String backend = result.getParams().getParam(BACKEND);
            if (backend != null) {
                compared.add(result);
                if (BASELINE.equals(backend)) {
                    baselines.put(group(result), result.getPrimaryResult().getScore());
                }
            }
        }
        if (compared.isEmpty()) {
            return;
        }
        out.println();
        out.printf("Ratio to the %s backend in this run (score / %s score; B/op = %s where -prof gc ran)%n",
                BASELINE, BASELINE, ALLOCATION);
        out.printf("%-48s %-20s %12s %-8s %9s %10s%n", "benchmark", BACKEND, "score", "units", "x " + BASELINE, "B/op");
        for (final RunResult result : compared) {
            final Result<?> primary = result.getPrimaryResult();
            final Double baseline = baselines.get(group(result));
            out.printf("%-48s %-20s %12.3f %-8s %9s %10s%n", group(result), result.getParams().getParam(BACKEND),
                    primary.getScore(), primary.getScoreUnit(),
                    baseline == null ? "-" : String.format("%.2f", primary.getScore() / baseline),
                    allocation(result));
        }
    }

    /** The benchmark and its parameters other than the backend. */
    private static String group(final RunResult result) {
        final StringBuilder group = new StringBuilder(result.getParams().getBenchmark().replaceFirst("^.*\\.([^.]+\\.[^.]+)$", "$1"));
        for (final String key : result.getParams().getParamsKeys()) {
            if (!BACKEND.equals(key)) {
                group.append(' ').append(key).append('=').append(result.getParams().getParam(key));
            }
        }
        return group.toString();
    }

    private static String allocation(final RunResult result) {
        for (final String name : result.getSecondaryResults().keySet()) {
            if (name.endsWith(ALLOCATION)) {
                return String.format("%.3f", result.getSecondaryResults().get(name).getScore());
            }
        }
        return "-";
    }
}
