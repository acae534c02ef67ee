package dev.weir.pipelines.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.clock.SystemNanoClock;
import dev.weir.codec.statsd.MetricType;
import dev.weir.pipelines.replay.CaptureFiles;
import dev.weir.pipelines.replay.OutputFormat;
import dev.weir.pipelines.replay.ReplayContext;
import dev.weir.pipelines.replay.ReplayOptions;
import dev.weir.pipelines.replay.ReplayRun;
import dev.weir.pipelines.replay.RowPrinter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code statsd-alerts} over the StatsD fixture prints the rows a plain loop computes: every timer, histogram and
 * distribution value into its host, metric and 10 s window, the p99 by nearest rank of each window, a row where it
 * exceeds the threshold file's.
 */
class StatsdAlertsJobTest {
    @Test
    void theAlertsAreThoseOfThePlainLoop() throws Exception {
        final Path capture = resource("/replay/statsd-small.pcap");
        final AlertThresholds thresholds = AlertThresholds.read(resource("/alerts/thresholds.csv"));
        final List<String> printed = new ArrayList<>();
        final ReplayRun<MetricSample> run = new ReplayRun<>(new StatsdAlertsJob(thresholds), ReplayOptions.of(List.of(capture)),
                printed::add, warning -> { }, SystemNanoClock.INSTANCE);
        assertEquals(0, run.execute(OutputFormat.CSV).lateToSideOutput(), "the loop takes every value: none may be late");
        final List<String> expected = plainLoop(capture, thresholds);
        // the window of worker.latency at 1796056890000 has a p99 of 187.85, its threshold: no row
        assertEquals(List.of("127.0.0.1,web.render.seconds,1796056880000,4.468,4.4", "127.0.0.1,web.render.seconds,1796056920000,4.412,4.4",
                "127.0.0.1,web.render.seconds,1796056930000,4.529,4.4", "127.0.0.1,web.render.seconds,1796056940000,4.725,4.4",
                "127.0.0.1,web.render.seconds,1796056950000,4.638,4.4", "127.0.0.2,api.latency,1796056880000,173.68,150",
                "127.0.0.2,api.latency,1796056900000,280.57,150", "127.0.0.2,api.latency,1796056950000,170.32,150",
                "127.0.0.3,worker.latency,1796056900000,397.96,187.85", "127.0.0.3,worker.latency,1796056910000,255.41,187.85",
                "127.0.0.3,worker.latency,1796056930000,214.29,187.85", "127.0.0.3,worker.latency,1796056940000,286.08,187.85",
                "127.0.0.3,worker.latency,1796056950000,450.03,187.85", "127.0.0.4,db.latency,1796056880000,342.88,200",
                "127.0.0.4,db.latency,1796056900000,240.96,200"), expected);
        assertEquals("host,metric,window_start,p99,p99_threshold", printed.get(0));
        final List<String> rows = new ArrayList<>(printed.subList(1, printed.size()));
        Collections.sort(rows);
        assertEquals(expected, rows);
    }

    /** @return the alert rows, sorted */
    private static List<String> plainLoop(final Path capture, final AlertThresholds thresholds) throws Exception {
        final Map<String, List<Double>> windows = new LinkedHashMap<>();
        final Map<String, Series> seriesOf = new LinkedHashMap<>();
        final ReplayContext context = new ReplayContext(warning -> { }, 1 << 16);
        CaptureFiles.readAll(List.of(capture), new StatsdDecoder(context), context.warnings(), (sample, time) -> {
            final MetricType type = sample.type();
            if (sample.isPacket() || type != MetricType.TIMER && type != MetricType.HISTOGRAM && type != MetricType.DISTRIBUTION) {
                return;
            }
            final long start = Math.floorDiv(time, 10_000L) * 10_000L;
            final String key = sample.series().host().address() + "," + sample.series().name() + "," + start;
            seriesOf.put(key, sample.series());
            windows.computeIfAbsent(key, k -> new ArrayList<>()).add(sample.value());
        });
        final RowPrinter printer = new RowPrinter(OutputFormat.CSV, new StatsdAlertsJob(thresholds).schema());
        final List<String> rows = new ArrayList<>();
        windows.forEach((key, values) -> {
            final Series series = seriesOf.get(key);
            final double[] sorted = values.stream().mapToDouble(Double::doubleValue).toArray();
            Arrays.sort(sorted);
            final double p99 = sorted[(int) Math.ceil(0.99 * sorted.length) - 1];
            final double threshold = thresholds.of(series.host().address(), series.name());
            if (!Double.isNaN(threshold) && p99 > threshold) {
                final long start = Long.parseLong(key.substring(key.lastIndexOf(',') + 1));
                rows.add(printer.line(new AlertRow(series, start, p99, threshold)));
            }
        });
        Collections.sort(rows);
        return rows;
    }

    private static Path resource(final String name) throws Exception {
        return Path.of(StatsdAlertsJobTest.class.getResource(name).toURI());
    }
}
