package dev.weir.perf.harness;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.HdrHistogram.HistogramIterationValue;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The latency percentile distribution of several systems at one rate, one line each, on a logarithmic "nines" x-axis
 * (x = log10(1 / (1 - percentile)), labelled 0%, 90%, 99%, 99.9%, ... at whole x) so the tail gets as much room as the
 * median; latency in microseconds on the y-axis. A system that measured no latency has no line and is named in the
 * title. Written as PNG and SVG. Stateless.
 */
final class PercentilePlot {
    private static final int WIDTH = 960;
    private static final int HEIGHT = 560;
    private static final int TICKS_PER_HALF_DISTANCE = 5;
    private static final int X_TICK_SPACING_PIXELS = 120;

    private PercentilePlot() {
    }

    /**
     * @param results the systems at one rate
     * @param title the chart's title
     * @param file the path without extension; {@code .png} and {@code .svg} are added
     * @throws IOException if a file cannot be written
     */
    static void write(final List<SystemResult> results, final String title, final Path file) throws IOException {
        final String unmeasuredNote = results.stream().filter(result -> !result.measured()).map(SystemResult::system)
                .collect(Collectors.joining(", "));
        final XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
                .title(unmeasuredNote.isEmpty() ? title : title + " (no latency measured: " + unmeasuredNote + ")")
                .xAxisTitle("percentile").yAxisTitle("latency (µs)").build();
        // the axis is linear in log10 of 1 / (1 - percentile), not XChart's log axis: that one ignores a label formatter
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
        chart.getStyler().setXAxisTickMarkSpacingHint(X_TICK_SPACING_PIXELS);
        chart.setCustomXAxisTickLabelsFormatter(PercentilePlot::nines);
        double nines = 1;
        for (final SystemResult result : results) {
            if (!result.measured()) {
                // an empty histogram has no distribution to draw
                continue;
            }
            final double[][] points = points(result);
            final XYSeries series = chart.addSeries(result.system(), points[0], points[1]);
            series.setMarker(SeriesMarkers.NONE);
            for (final double x : points[0]) {
                nines = Math.max(nines, Math.ceil(x));
            }
        }
        chart.getStyler().setXAxisMin(0.0);
        chart.getStyler().setXAxisMax(nines);
        Charts.save(chart, file);
    }

    /** @return x (log10(1 / (1 - percentile))) and y (µs) of the histogram's percentile iteration, the 100 % point left out */
    static double[][] points(final SystemResult result) {
        final List<double[]> points = new ArrayList<>();
        for (final HistogramIterationValue value : result.histogram().percentiles(TICKS_PER_HALF_DISTANCE)) {
            final double percentile = value.getPercentileLevelIteratedTo();
            if (percentile < 100) {
                points.add(new double[] {Math.log10(100 / (100 - percentile)), value.getValueIteratedTo() / 1e3});
            }
        }
        final double[][] xy = new double[2][points.size()];
        for (int i = 0; i < points.size(); i++) {
            xy[0][i] = points.get(i)[0];
            xy[1][i] = points.get(i)[1];
        }
        return xy;
    }

    /** @return the percentile a whole x stands for, e.g. 3 -> {@code 99.9%}; no label between whole values */
    static String nines(final double x) {
        if (Math.abs(x - Math.rint(x)) > 1e-9) {
            return "";
        }
        final double percentile = 100 - 100 / Math.pow(10, Math.rint(x));
        final String text = String.format(Locale.ROOT, "%.6f", percentile).replaceAll("0+$", "").replaceAll("\\.$", "");
        return text + "%";
    }
}
