package dev.weir.perf.harness;

import dev.weir.files.FileReplacement;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Writes a harness run's results into a directory:
 * <ul>
 *   <li>{@code SYSTEM-RATE.hgrm} per system and rate that measured latency: HdrHistogram's percentile distribution,
 *       in microseconds; none for a result that measured no latency ({@link SystemResult#measured()}), which
 *       {@code summary.json} marks {@code "measured": false} and the latency plot leaves out, naming it in its title;</li>
 *   <li>{@code summary.json}: machine, JVM, flags, commit, plan, each system's figures and the ratios given;</li>
 *   <li>{@code latency-RATE.png} and {@code .svg} per rate: the percentile distribution of every system;</li>
 *   <li>{@code throughput.png} and {@code .svg}: every system's throughput at every rate.</li>
 * </ul>
 * SYSTEM is the system's name in lower case with every run of other characters than letters and digits made one
 * {@code -}; RATE is the rate or {@code max}. Existing files of the same names are replaced, each whole or not at all
 * ({@link FileReplacement}): a file that cannot be written leaves the earlier one as it was. Stateless.
 */
public final class ResultFiles {
    private static final int HGRM_TICKS_PER_HALF_DISTANCE = 5;
    private static final double NANOS_PER_MICRO = 1e3;

    private ResultFiles() {
    }

    /**
     * @param directory where to write; created if missing
     * @param results the run's results, as {@link Harness#run} returned them
     * @param plan the run's plan
     * @return the files written
     * @throws IOException if a file cannot be written
     */
    public static List<Path> write(final Path directory, final List<SystemResult> results, final BenchmarkPlan plan) throws IOException {
        return write(directory, results, List.of(), plan);
    }

    /**
     * Writes the files as {@link #write(Path, List, BenchmarkPlan)} does, with ratios between the systems in the summary.
     *
     * @param directory where to write; created if missing
     * @param results the run's results, as {@link Harness#run} returned them
     * @param ratios ratios between the run's systems, for {@code summary.json}
     * @param plan the run's plan
     * @return the files written
     * @throws IOException if a file cannot be written
     */
    public static List<Path> write(final Path directory, final List<SystemResult> results, final List<Ratio> ratios, final BenchmarkPlan plan)
            throws IOException {
        Files.createDirectories(directory);
        final List<Path> written = new ArrayList<>();
        final List<String> systems = new ArrayList<>();
        for (final SystemResult result : results) {
            if (!systems.contains(result.system())) {
                systems.add(result.system());
            }
            if (!result.measured()) {
                // an empty distribution would read as a file of figures; summary.json says why there is none
                continue;
            }
            final Path hgrm = directory.resolve(hgrmName(result));
            FileReplacement.write(hgrm, stream -> {
                final PrintStream out = new PrintStream(stream, false, StandardCharsets.UTF_8);
                result.histogram().outputPercentileDistribution(out, HGRM_TICKS_PER_HALF_DISTANCE, NANOS_PER_MICRO);
                out.flush();
            });
            written.add(hgrm);
        }
        final Path summary = directory.resolve("summary.json");
        final byte[] json = SummaryJson.of(results, ratios, plan, commit()).getBytes(StandardCharsets.UTF_8);
        FileReplacement.write(summary, out -> out.write(json));
        written.add(summary);
        for (final long rate : plan.rates()) {
            final List<SystemResult> atRate = results.stream().filter(result -> result.rate() == rate).toList();
            final String label = BenchmarkPlan.label(rate);
            final String title = "Latency by percentile at " + (rate == BenchmarkPlan.FLAT_OUT ? "the highest rate" : label + " events/s");
            PercentilePlot.write(atRate, title, directory.resolve("latency-" + label));
            written.add(directory.resolve("latency-" + label + ".png"));
            written.add(directory.resolve("latency-" + label + ".svg"));
        }
        ThroughputChart.write(results, systems, plan.rates(), directory.resolve("throughput"));
        written.add(directory.resolve("throughput.png"));
        written.add(directory.resolve("throughput.svg"));
        return written;
    }

    /**
     * @param result a system's result at a rate
     * @return the name of its .hgrm file, e.g. {@code weir-keyed-hop-100000.hgrm}
     */
    public static String hgrmName(final SystemResult result) {
        final String system = result.system().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
        return system + "-" + BenchmarkPlan.label(result.rate()) + ".hgrm";
    }

    /** @return the system property {@code weir.commit}, else the working directory's git HEAD, else null */
    private static String commit() {
        final String property = System.getProperty("weir.commit");
        if (property != null && !property.isBlank()) {
            return property;
        }
        try {
            final Process git = new ProcessBuilder("git", "rev-parse", "HEAD").redirectErrorStream(true).start();
            final String output = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            return git.waitFor(5, TimeUnit.SECONDS) && git.exitValue() == 0 && output.matches("[0-9a-f]{40}") ? output : null;
        } catch (final IOException e) {
            return null;
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
