package dev.weir.pipelines.telemetry;

import static dev.weir.pipelines.telemetry.JobRun.Step.metric;
import static dev.weir.pipelines.telemetry.JobRun.Step.packet;
import static dev.weir.pipelines.telemetry.JobRun.Step.sampled;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.codec.statsd.MetricType;
import dev.weir.pipelines.replay.OutputFormat;
import dev.weir.pipelines.replay.ReplayContext;
import dev.weir.pipelines.replay.RowPrinter;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@code statsd-counters} against a plain loop over the same samples. */
class StatsdCountersJobTest {
    /** 2023-11-14T22:13:20Z, a multiple of 10 s. */
    private static final long T0 = 1_700_000_000_000L;

    private final StatsdCountersJob job = new StatsdCountersJob();
    private final ReplayContext context = new ReplayContext(warning -> { }, 1024);

    /** The rows the pipeline must print: per window, each counter's value over its rate, added in arrival order. */
    static List<String> oracle(final List<JobRun.Step> steps) {
        final RowPrinter printer = new RowPrinter(OutputFormat.CSV, new StatsdCountersJob().schema());
        final List<String> rows = new ArrayList<>();
        rows.add(printer.header());
        for (final WindowOracle.Window window : WindowOracle.windows(steps, EnumSet.of(MetricType.COUNTER))) {
            double sum = 0;
            for (final JobRun.Step step : window.steps()) {
                sum += step.value() / step.rate();
            }
            final double total = sum;
            rows.add(printer.line(row -> row.text(window.host()).text(window.metric()).number(window.start()).decimal(total)));
        }
        return rows;
    }

    @Test
    void aCounterCountsItsValueOverItsSampleRate() {
        final List<JobRun.Step> steps = List.of(
                sampled("10.0.0.1", "x", MetricType.COUNTER, 3, 0.5, T0),
                metric("10.0.0.1", "x", MetricType.COUNTER, 1, T0 + 1),
                sampled("10.0.0.1", "y", MetricType.COUNTER, 1, 0.1, T0 + 2),
                sampled("10.0.0.1", "y", MetricType.COUNTER, 2.5, 0.25, T0 + 3),
                metric("10.0.0.1", "z", MetricType.COUNTER, -4, T0 + 4),
                sampled("10.0.0.1", "w", MetricType.COUNTER, 1, 0.3, T0 + 5));
        assertEquals(List.of("host,metric,window_start,sum",
                "10.0.0.1,x," + T0 + ",7",
                "10.0.0.1,y," + T0 + ",20",
                "10.0.0.1,z," + T0 + ",-4",
                "10.0.0.1,w," + T0 + ",3.3333333333333335"), JobRun.csv(job, steps, true, context));
    }

    @Test
    void aWindowWhoseSumPassesTheDoubleRangePrintsItInFullAndTheNextWindowsStillCome() {
        final List<JobRun.Step> steps = List.of(
                metric("10.0.0.1", "a", MetricType.COUNTER, 1.79e308, T0),
                metric("10.0.0.1", "a", MetricType.COUNTER, 1.79e308, T0 + 1),
                metric("10.0.0.1", "a", MetricType.COUNTER, 2, T0 + 10_000));
        assertEquals(List.of("host,metric,window_start,sum",
                "10.0.0.1,a," + T0 + ",358" + "0".repeat(306),
                "10.0.0.1,a," + (T0 + 10_000) + ",2"), JobRun.csv(job, steps, true, context));
    }

    @Test
    void hostsMetricsAndWindowsAreSummedApartAndOtherTypesIgnored() {
        final Random random = new Random(5);
        final List<JobRun.Step> steps = new ArrayList<>();
        final String[] hosts = {"10.0.0.1", "10.0.0.2", "2001:db8::1"};
        final double[] rates = {1, 0.5, 0.25, 0.1, 0.01};
        final MetricType[] types = MetricType.values();
        long time = T0 + 3_000;
        for (int i = 0; i < 3_000; i++) {
            time += random.nextInt(50);
            final String host = hosts[random.nextInt(hosts.length)];
            final long jitter = random.nextInt(900);
            if (i % 7 == 0) {
                steps.add(packet(host, time - jitter));
                continue;
            }
            final MetricType type = types[random.nextInt(types.length)];
            steps.add(sampled(host, "c" + random.nextInt(4), type, type == MetricType.SET ? Double.NaN : random.nextInt(200) - 20,
                    rates[random.nextInt(rates.length)], time - jitter));
        }
        final long nextWindow = time + 10_000 - Math.floorMod(time, 10_000L);
        steps.add(metric("10.0.0.9", "edge", MetricType.COUNTER, 1, nextWindow - 1));
        steps.add(metric("10.0.0.9", "edge", MetricType.COUNTER, 2, nextWindow));
        steps.add(metric("10.0.0.9", "edge", MetricType.COUNTER, 4, nextWindow + 9_999));
        steps.add(metric("10.0.0.9", "edge", MetricType.COUNTER, 8, nextWindow + 10_000));
        final List<String> rows = JobRun.csv(job, steps, true, context);
        assertEquals(oracle(steps), rows);
        assertTrue(rows.size() > 40, rows.size() + " rows");
        assertEquals(List.of("10.0.0.9,edge," + (nextWindow - 10_000) + ",1", "10.0.0.9,edge," + nextWindow + ",6",
                "10.0.0.9,edge," + (nextWindow + 10_000) + ",8"), rows.subList(rows.size() - 3, rows.size()));
        assertEquals(0, context.lateSideOutput());
    }

    @Test
    void aCounterBehindTheWatermarkForItsWindowIsDroppedAndCountedLate() {
        final List<JobRun.Step> steps = List.of(
                metric("h", "c", MetricType.COUNTER, 1, T0 + 500),
                metric("h", "c", MetricType.COUNTER, 2, T0 + 12_000),
                metric("h", "c", MetricType.COUNTER, 4, T0 + 9_999),
                metric("h", "c", MetricType.COUNTER, 8, T0 + 11_000));
        final List<String> rows = JobRun.csv(job, steps, true, context);
        assertEquals(oracle(steps), rows);
        assertEquals(List.of("host,metric,window_start,sum", "h,c," + T0 + ",1", "h,c," + (T0 + 10_000) + ",10"), rows);
        assertEquals(1, context.lateSideOutput());
    }
}
