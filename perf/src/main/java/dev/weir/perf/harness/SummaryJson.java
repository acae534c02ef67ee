package dev.weir.perf.harness;

import dev.weir.perf.JvmDescription;
import java.util.List;
import java.util.Locale;

/**
 * The JSON summary of a harness run: machine, JVM, JVM flags, the source commit if known, the plan, and per system
 * and rate its latency percentiles (nanoseconds), throughput, bytes per event, collections, unattributed window results and .hgrm file. Stateless.
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
                .append(", \"rounds\": ").append(plan.rounds()).append("},\n");
        json.append("  \"results\": [");
        for (int i = 0; i < results.size(); i++) {
            final SystemResult result = results.get(i);
            json.append(i == 0 ? "\n" : ",\n").append("    {\"system\": ").append(quoted(result.system()))
                    .append(", \"rate\": ").append(quoted(BenchmarkPlan.label(result.rate())))
                    .append(", \"latencyNanos\": {");
            for (final double percentile : PERCENTILES) {
                json.append(quoted("p" + percentileLabel(percentile))).append(": ")
                        .append(result.histogram().getValueAtPercentile(percentile)).append(", ");
            }
            json.append("\"max\": ").append(result.histogram().getMaxValue())
                    .append(", \"mean\": ").append(number(result.histogram().getMean()))
                    .append(", \"count\": ").append(result.histogram().getTotalCount()).append('}')
                    .append(", \"eventsPerSecond\": ").append(number(result.eventsPerSecond()))
                    .append(", \"bytesPerEvent\": ").append(number(result.bytesPerEvent()))
                    .append(", \"gcCount\": ").append(result.gcCount())
                    .append(", \"unattributedResults\": ").append(result.unattributed())
                    .append(", \"hgrm\": ").append(quoted(ResultFiles.hgrmName(result))).append('}');
        }
        json.append("\n  ]");
        if (!ratios.isEmpty()) {
            json.append(",\n  \"ratios\": [");
            for (int i = 0; i < ratios.size(); i++) {
                final Ratio ratio = ratios.get(i);
                json.append(i == 0 ? "\n" : ",\n").append("    {\"system\": ").append(quoted(ratio.system()))
                        .append(", \"against\": ").append(quoted(ratio.against()))
                        .append(", \"rate\": ").append(quoted(BenchmarkPlan.label(ratio.rate())))
                        .append(", \"throughput\": ").append(number(ratio.throughput()))
                        .append(", \"p99Latency\": ").append(number(ratio.p99Latency())).append('}');
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
