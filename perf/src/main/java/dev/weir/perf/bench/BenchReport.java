package dev.weir.perf.bench;

import dev.weir.perf.TextTable;
import dev.weir.perf.harness.BenchmarkPlan;
import dev.weir.perf.harness.Ratio;
import dev.weir.perf.harness.SystemResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * What a {@link BenchRun} measured: each system's result per rate, the ratios of Weir to the other systems, and the
 * files written; {@link #text()} is what {@code weir bench} prints. A result that measured no latency
 * ({@link SystemResult#measured()}) shows {@code n/a} for its percentiles and maximum, and a note under its table
 * says why and what to change; so does one with rounds that measured none. Ratios show at least two significant
 * digits. Immutable.
 */
public final class BenchReport {
    private static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99};
    private static final double NANOS_PER_MICRO = 1e3;
    private static final String NOT_AVAILABLE = "n/a";

    private final String pipeline;
    private final boolean windowed;
    private final List<SystemResult> results;
    private final List<Ratio> ratios;
    private final List<Path> files;

    /**
     * @param pipeline the pipeline's name
     * @param windowed whether the pipeline's results are window results, fired by watermarks (for the notes' advice)
     * @param results per rate, then system, as the harness returned them
     * @param ratios Weir against each other system, per rate
     * @param files the result files written
     */
    public BenchReport(final String pipeline, final boolean windowed, final List<SystemResult> results, final List<Ratio> ratios,
            final List<Path> files) {
        this.pipeline = pipeline;
        this.windowed = windowed;
        this.results = List.copyOf(results);
        this.ratios = List.copyOf(ratios);
        this.files = List.copyOf(files);
    }

    /** @return the results, per rate, then system in the order they ran */
    public List<SystemResult> results() {
        return results;
    }

    /** @return the ratios, per rate: each Weir system against each other system */
    public List<Ratio> ratios() {
        return ratios;
    }

    /** @return the files written */
    public List<Path> files() {
        return files;
    }

    /** @return true if any system measured latency at any rate; false if the run measured none at all */
    public boolean measuredAny() {
        return results.stream().anyMatch(SystemResult::measured);
    }

    /**
     * @return per rate, a table of every system's latency percentiles and maximum in microseconds, events per second,
     *     bytes allocated per event and collections, a note per system whose rounds measured no latency, then the ratios
     *     at that rate; then the result directory
     */
    public String text() {
        final StringBuilder text = new StringBuilder();
        long rate = -1;
        TextTable table = null;
        for (final SystemResult result : results) {
            if (table == null || result.rate() != rate) {
                if (table != null) {
                    text.append(table).append(notesAt(rate)).append(ratiosAt(rate)).append('\n');
                }
                rate = result.rate();
                text.append(pipeline).append(" at ").append(rate == BenchmarkPlan.FLAT_OUT ? "max (flat out)" : rateText(rate))
                        .append(", latency in µs:\n");
                table = header();
            }
            table.row(row(result));
        }
        if (table != null) {
            text.append(table).append(notesAt(rate)).append(ratiosAt(rate));
        }
        if (!files.isEmpty()) {
            text.append('\n').append("results in ").append(files.get(0).toAbsolutePath().getParent()).append('\n');
        }
        return text.toString();
    }

    private static TextTable header() {
        final String[] header = new String[PERCENTILES.length + 6];
        header[0] = "system";
        for (int i = 0; i < PERCENTILES.length; i++) {
            final double percentile = PERCENTILES[i];
            header[i + 1] = "p" + (percentile == Math.rint(percentile) ? Long.toString((long) percentile) : Double.toString(percentile));
        }
        header[PERCENTILES.length + 1] = "max";
        header[PERCENTILES.length + 2] = "events/s";
        header[PERCENTILES.length + 3] = "B/event";
        header[PERCENTILES.length + 4] = "GCs";
        header[PERCENTILES.length + 5] = "unattributed";
        return new TextTable().row(header);
    }

    private static String[] row(final SystemResult result) {
        final Histogram histogram = result.histogram();
        final String[] row = new String[PERCENTILES.length + 6];
        row[0] = result.system();
        final boolean measured = result.measured();
        for (int i = 0; i < PERCENTILES.length; i++) {
            row[i + 1] = measured ? micros(histogram.getValueAtPercentile(PERCENTILES[i])) : NOT_AVAILABLE;
        }
        row[PERCENTILES.length + 1] = measured ? micros(histogram.getMaxValue()) : NOT_AVAILABLE;
        row[PERCENTILES.length + 2] = String.format(Locale.ROOT, "%,.0f", result.eventsPerSecond());
        row[PERCENTILES.length + 3] = String.format(Locale.ROOT, "%.1f", result.bytesPerEvent());
        row[PERCENTILES.length + 4] = Long.toString(result.gcCount());
        row[PERCENTILES.length + 5] = Long.toString(result.unattributed());
        return row;
    }

    /** One line per result at the rate with rounds that measured no latency: which, why, and what to change. */
    private String notesAt(final long rate) {
        final StringBuilder text = new StringBuilder();
        for (final SystemResult result : results) {
            if (result.rate() != rate || result.measured() && result.unmeasuredRuns() == 0) {
                continue;
            }
            text.append("note: ").append(result.system()).append(" at ").append(rate == BenchmarkPlan.FLAT_OUT ? "max" : rateText(rate));
            if (result.measured()) {
                final int rounds = result.runs().size();
                final int unmeasured = result.unmeasuredRuns();
                text.append(": ").append(unmeasured).append(" of ").append(rounds).append(" rounds measured no latency, its latencies are"
                        + " those of the other ").append(rounds - unmeasured);
            } else {
                text.append(" measured no latency");
            }
            if (windowed) {
                text.append(": ").append(result.unattributed()).append(" window results were fired by the end of the input, not by a"
                        + " watermark; a window result is measured only when a watermark fires it: give more events, a higher event-time"
                        + " pace or a shorter watermark interval\n");
            } else {
                text.append(": no result reached the sink in the measured part; give more events\n");
            }
        }
        return text.toString();
    }

    private String ratiosAt(final long rate) {
        final StringBuilder text = new StringBuilder();
        for (final Ratio ratio : ratios) {
            if (ratio.rate() == rate) {
                text.append(ratio.system()).append('/').append(ratio.against()).append(": throughput ").append(times(ratio.throughput()))
                        .append(", p99 latency ").append(times(ratio.p99Latency())).append('\n');
            }
        }
        return text.toString();
    }

    private static String rateText(final long rate) {
        return String.format(Locale.ROOT, "%,d events/s", rate);
    }

    private static String micros(final long nanos) {
        return String.format(Locale.ROOT, "%.1f", nanos / NANOS_PER_MICRO);
    }

    /** @return e.g. {@code 0.0012x}, {@code 0.46x}, {@code 4.00x}, {@code 12.3x}, {@code 159x}: at least two significant digits */
    static String times(final double ratio) {
        if (!Double.isFinite(ratio)) {
            return NOT_AVAILABLE;
        }
        if (ratio == 0) {
            return "0x";
        }
        final int magnitude = (int) Math.floor(Math.log10(ratio));
        // below 1, two significant digits; from 1 up, three, and no decimals from 100 up
        final int decimals = ratio < 1 ? 1 - magnitude : Math.max(0, 2 - magnitude);
        return String.format(Locale.ROOT, "%." + decimals + "fx", ratio);
    }
}
