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
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code statsd-percentiles} against a plain loop over the same samples. */
class StatsdPercentilesJobTest {
    /** 2023-11-14T22:13:20Z, a multiple of 10 s. */
    private static final long T0 = 1_700_000_000_000L;

    private final StatsdPercentilesJob job = new StatsdPercentilesJob();
    private final ReplayContext context = new ReplayContext(warning -> { }, 1024);

    /** The rows the pipeline must print, computed from the definition: grouped, sorted, ranks counted. */
    static List<String> oracle(final List<JobRun.Step> steps) {
        final RowPrinter printer = new RowPrinter(OutputFormat.CSV, new StatsdPercentilesJob().schema());
        final List<String> rows = new ArrayList<>();
        rows.add(printer.header());
        for (final WindowOracle.Window window : WindowOracle.windows(steps, EnumSet.of(MetricType.TIMER, MetricType.HISTOGRAM,
                MetricType.DISTRIBUTION))) {
            final List<Double> values = new ArrayList<>();
            window.steps().forEach(step -> values.add(step.value()));
            Collections.sort(values);
            rows.add(printer.line(row -> row.text(window.host()).text(window.metric()).number(window.start()).number(values.size())
                    .decimal(percentile(values, 50)).decimal(percentile(values, 99)).decimal(values.get(values.size() - 1))));
        }
        return rows;
    }

    /** The smallest value with at least {@code percent}% of the values at or below it, found by counting. */
    private static double percentile(final List<Double> sorted, final int percent) {
        for (final double candidate : sorted) {
            final long atOrBelow = sorted.stream().filter(v -> v <= candidate).count();
            if (atOrBelow * 100 >= (long) percent * sorted.size()) {
                return candidate;
            }
        }
        throw new AssertionError("no percentile of " + sorted);
    }

    private static List<Double> values(final Random random, final int count) {
        final List<Double> values = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            values.add(random.nextInt(40) * 0.25 + (random.nextInt(10) == 0 ? 1_000 : 0)); // duplicates and a tail
        }
        return values;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 99, 100, 101, 200, 1_000})
    void aWindowOfNValuesGivesTheNearestRankPercentiles(final int count) {
        final List<JobRun.Step> steps = new ArrayList<>();
        final List<Double> values = values(new Random(count), count);
        for (int i = 0; i < count; i++) {
            steps.add(metric("10.0.0.1", "db.query", MetricType.TIMER, values.get(i), T0 + i * 9_999L / count));
        }
        final List<String> rows = JobRun.csv(job, steps, true, context);
        assertEquals(oracle(steps), rows);
        assertEquals(2, rows.size());
    }

    @Test
    void theRanksOfSmallWindowsAreTheDefinitionsOwn() {
        final List<JobRun.Step> steps = List.of(
                metric("h", "one", MetricType.TIMER, 7, T0),
                metric("h", "two", MetricType.TIMER, 9, T0), metric("h", "two", MetricType.TIMER, 3, T0 + 1));
        assertEquals(List.of("host,metric,window_start,count,p50,p99,max",
                "h,one," + T0 + ",1,7,7,7", "h,two," + T0 + ",2,3,9,9"), JobRun.csv(job, steps, true, context));
        final List<JobRun.Step> hundred = new ArrayList<>();
        final List<JobRun.Step> hundredAndOne = new ArrayList<>();
        for (int v = 100; v >= 1; v--) {
            hundred.add(metric("h", "m", MetricType.HISTOGRAM, v, T0 + v));
            hundredAndOne.add(metric("h", "m", MetricType.HISTOGRAM, v, T0 + v));
        }
        hundredAndOne.add(metric("h", "m", MetricType.HISTOGRAM, 101, T0 + 101));
        assertEquals("h,m," + T0 + ",100,50,99,100", JobRun.csv(job, hundred, true, context).get(1));
        assertEquals("h,m," + T0 + ",101,51,100,101", JobRun.csv(job, hundredAndOne, true, context).get(1));
    }

    @Test
    void hostsMetricsWindowsAndTypesAreKeptApartAndOtherSamplesIgnored() {
        final Random random = new Random(11);
        final List<JobRun.Step> steps = new ArrayList<>();
        final String[] hosts = {"10.0.0.1", "10.0.0.2", "fe80::1"};
        final MetricType[] types = MetricType.values();
        long time = T0 + 5_000;
        for (int i = 0; i < 3_000; i++) {
            time += random.nextInt(40);
            final String host = hosts[random.nextInt(hosts.length)];
            final long jitter = random.nextInt(900); // out of order, within the bound
            if (i % 5 == 0) {
                steps.add(packet(host, time - jitter));
                continue;
            }
            final MetricType type = types[random.nextInt(types.length)];
            final String name = "m" + random.nextInt(3);
            steps.add(sampled(host, name, type, type == MetricType.SET ? Double.NaN : random.nextInt(1_000) / 8.0,
                    random.nextBoolean() ? 1 : 0.5, time - jitter));
        }
        // the windows' edges: the last millisecond of one and the first of the next
        steps.add(metric("10.0.0.9", "edge", MetricType.DISTRIBUTION, 1, time + 10_000 - Math.floorMod(time, 10_000L) - 1));
        steps.add(metric("10.0.0.9", "edge", MetricType.DISTRIBUTION, 2, time + 10_000 - Math.floorMod(time, 10_000L)));
        final List<String> rows = JobRun.csv(job, steps, true, context);
        assertEquals(oracle(steps), rows);
        assertTrue(rows.size() > 40, rows.size() + " rows");
        assertEquals("10.0.0.9,edge", rows.get(rows.size() - 1).substring(0, 13));
        assertEquals("10.0.0.9,edge", rows.get(rows.size() - 2).substring(0, 13));
        assertEquals(0, context.lateSideOutput());
    }

    @Test
    void aSampleBehindTheWatermarkForItsWindowIsDroppedAndCountedLate() {
        final List<JobRun.Step> steps = List.of(
                metric("h", "m", MetricType.TIMER, 5, T0 + 1_000),
                metric("h", "m", MetricType.TIMER, 6, T0 + 11_001), // the watermark passes the first window's end
                metric("h", "m", MetricType.TIMER, 7, T0 + 9_000), // late for [T0, T0 + 10 s)
                metric("h", "m", MetricType.TIMER, 8, T0 + 10_500)); // still in time for the second window
        final List<String> rows = JobRun.csv(job, steps, true, context);
        assertEquals(oracle(steps), rows);
        assertEquals(List.of("host,metric,window_start,count,p50,p99,max", "h,m," + T0 + ",1,5,5,5",
                "h,m," + (T0 + 10_000) + ",2,6,8,8"), rows);
        assertEquals(1, context.lateSideOutput());
    }
}
