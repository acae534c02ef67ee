package dev.weir.perf.harness;

import java.util.List;
import java.util.Locale;

/**
 * The JSON summary of a harness run: machine, JVM, JVM flags, the source commit if known, the plan, and per system
 * and rate its latency percentiles (nanoseconds), throughput (all rounds and each round), bytes per event (in all, on
 * the generating thread, on the pipeline's threads), collections, unattributed window results and .hgrm file. A
 * result that measured no latency has {@code "measured": false}, null percentiles, maximum and mean, a count of 0 and
 * no .hgrm file (null); {@code "unmeasuredRounds"} counts the rounds that measured none. Ratios are written unrounded.
 * Stateless.
 */
final class SummaryJson {
    private static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99};

    private SummaryJson() {
    }

    /**
     * @param results the run's results
     * @param plan the run's plan
     * @param commit the source commit, or null when unknown
     * @return the summary, one JSON object
     */
    static String of(final List<SystemResult> results, final BenchmarkPlan plan, final String commit) {
        return of(results, List.of(), plan, commit);
    }

    /**
     * @param results the run's results
     * @param ratios ratios between its systems, written as {@code "ratios"} after the results; none = no such key
     * @param plan the run's plan
     * @param commit the source commit, or null when unknown
     * @return the summary, one JSON object
     */
    static String of(final List<SystemResult> results, final List<Ratio> ratios, final BenchmarkPlan plan, final String commit) {
        final StringBuilder json = new StringBuilder(1024);
        json.append("{\n  \"machine\": {\"os\": ").append(quoted(System.getProperty("os.name") + " " + System.getProperty("os.version")))
                .append(", \"arch\": ").append(quoted(System.getProperty("os.arch")))
                .append(", \"cpus\": ").append(Runtime.getRuntime().availableProcessors()).append("},\n");
        json.append("  \"jvm\": ").append(quoted(JvmDescription.describe())).append(",\n");
        json.append("  \"flags\": ").append(quoted(JvmDescription.flags())).append(",\n");
        json.append("  \"commit\": ").append(commit == null ? "null" : quoted(commit)).append(",\n");
        json.append("  \"plan\": {\"rates\": [");
        final long[] rates = plan.rates();
        for (int i = 0; i < rates.length; i++) {
            json.append(i == 0 ? "" : ", ").append(quoted(BenchmarkPlan.label(rates[i])));
        }
        json.append("], \"warmUpEvents\": ").append(plan.warmUpEvents()).append(", \"measuredEvents\": ").append(plan.measuredEvents())
                .append(", \"rounds\": ").append(plan.rounds()).append(", \"warmUpRounds\": ").append(plan.warmUpRounds()).append("},\n");
        json.append("  \"results\": [");
        for (int i = 0; i < results.size(); i++) {
            final SystemResult result = results.get(i);
            json.append(i == 0 ? "\n" : ",\n").append("    {\"system\": ").append(quoted(result.system()))
                    .append(", \"rate\": ").append(quoted(BenchmarkPlan.label(result.rate())))
                    .append(", \"measured\": ").append(result.measured())
                    .append(", \"unmeasuredRounds\": ").append(result.unmeasuredRuns())
                    .append(", \"latencyNanos\": {");
            final boolean measured = result.measured();
            for (final double percentile : PERCENTILES) {
                json.append(quoted("p" + percentileLabel(percentile))).append(": ")
                        .append(measured ? Long.toString(result.histogram().getValueAtPercentile(percentile)) : "null").append(", ");
            }
            json.append("\"max\": ").append(measured ? Long.toString(result.histogram().getMaxValue()) : "null")
                    .append(", \"mean\": ").append(measured ? number(result.histogram().getMean()) : "null")
                    .append(", \"count\": ").append(result.histogram().getTotalCount()).append('}')
                    .append(", \"eventsPerSecond\": ").append(number(result.eventsPerSecond()))
                    .append(", \"eventsPerSecondByRound\": [");
            for (int run = 0; run < result.runs().size(); run++) {
                json.append(run == 0 ? "" : ", ").append(number(result.runs().get(run).eventsPerSecond()));
            }
            json.append("], \"bytesPerEvent\": ").append(number(result.bytesPerEvent()))
                    .append(", \"generatorBytesPerEvent\": ").append(number(result.generatorBytesPerEvent()))
                    .append(", \"pipelineBytesPerEvent\": ").append(number(result.pipelineBytesPerEvent()))
                    .append(", \"gcCount\": ").append(result.gcCount())
                    .append(", \"unattributedResults\": ").append(result.unattributed())
                    .append(", \"hgrm\": ").append(measured ? quoted(ResultFiles.hgrmName(result)) : "null").append('}');
        }
        json.append("\n  ]");
        if (!ratios.isEmpty()) {
            json.append(",\n  \"ratios\": [");
            for (int i = 0; i < ratios.size(); i++) {
                final Ratio ratio = ratios.get(i);
                json.append(i == 0 ? "\n" : ",\n").append("    {\"system\": ").append(quoted(ratio.system()))
                        .append(", \"against\": ").append(quoted(ratio.against()))
                        .append(", \"rate\": ").append(quoted(BenchmarkPlan.label(ratio.rate())))
                        .append(", \"throughput\": ").append(unrounded(ratio.throughput()))
                        .append(", \"p99Latency\": ").append(unrounded(ratio.p99Latency())).append('}');
            }
            json.append("\n  ]");
        }
        json.append("\n}\n");
        return json.toString();
    }

    /** @return e.g. {@code 99.9}, {@code 50} */
    static String percentileLabel(final double percentile) {
        return percentile == Math.rint(percentile) ? Long.toString((long) percentile) : Double.toString(percentile);
    }

    private static String number(final double value) {
        // JSON has no NaN or infinity: an unmeasurable figure is null
        return Double.isFinite(value) ? String.format(Locale.ROOT, "%.3f", value) : "null";
    }

    private static String unrounded(final double value) {
        // a ratio far below 1 (a p99 of 0.0012x) would round to 0 at three decimals; Java's shortest exact form is JSON
        return Double.isFinite(value) ? Double.toString(value) : "null";
    }

    private static String quoted(final String text) {
        final StringBuilder quoted = new StringBuilder(text.length() + 2).append('"');
        for (int i = 0; i < text.length(); i++) {
            final char c = text.charAt(i);
            if (c == '"' || c == '\\') {
                quoted.append('\\').append(c);
            } else if (c < 0x20) {
                quoted.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            } else {
                quoted.append(c);
            }
        }
        return quoted.append('"').toString();
    }
}
