package dev.weir.perf.harness;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

/** A bar chart of each system's throughput (million events per second) at each rate, as PNG and SVG. Stateless. */
final class ThroughputChart {
    private static final int WIDTH = 960;
    private static final int HEIGHT = 560;

    private ThroughputChart() {
    }

    /**
     * @param results every system at every rate
     * @param systems the systems' names, in order
     * @param rates the rates, in order
     * @param file the path without extension; {@code .png} and {@code .svg} are added
     * @throws IOException if a file cannot be written
     */
    static void write(final List<SystemResult> results, final List<String> systems, final long[] rates, final Path file)
            throws IOException {
        final CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title("Throughput")
                .xAxisTitle("offered rate (events/s)").yAxisTitle("million events/s").build();
        final List<String> categories = new ArrayList<>();
        for (final long rate : rates) {
            categories.add(BenchmarkPlan.label(rate));
        }
        for (final String system : systems) {
            final List<Double> values = new ArrayList<>();
            for (final long rate : rates) {
                values.add(results.stream().filter(r -> r.system().equals(system) && r.rate() == rate)
                        .mapToDouble(r -> r.eventsPerSecond() / 1e6).findFirst().orElse(0));
            }
            chart.addSeries(system, categories, values);
        }
        Charts.save(chart, file);
    }
}
