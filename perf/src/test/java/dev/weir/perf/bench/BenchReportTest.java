package dev.weir.perf.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.perf.harness.Ratio;
import dev.weir.perf.harness.SystemResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The text {@code weir bench} prints, and the ratios in it, for results made by hand. */
final class BenchReportTest {
    private static SystemResult result(final String system, final long rate, final long lowNanos, final long highNanos,
            final double eventsPerSecond) {
        final Histogram histogram = new Histogram(1, 60_000_000_000L, 3);
        // 99 values of lowNanos and one of highNanos: p50..p99 are lowNanos, p99.9 and up highNanos (both as the histogram
        // reports them: the highest value of their bucket, 3 significant digits)
        histogram.recordValueWithCount(lowNanos, 99);
        histogram.recordValue(highNanos);
        return new SystemResult(system, rate, histogram, eventsPerSecond, 0.125, 0.125, 1, 3, List.of());
    }

    @Test
    void printsATablePerRateThenTheRatiosAtThatRate() {
        final SystemResult ceiling = result("ceiling", 100_000, 1_000, 9_000, 100_000);
        final SystemResult weir = result("weir", 100_000, 4_000, 40_000, 99_000);
        final SystemResult ceilingMax = result("ceiling", 0, 200, 1_000, 50_000_000);
        final SystemResult weirMax = result("weir", 0, 2_000_000, 5_000_000, 10_000_000);
        final BenchReport report = new BenchReport("tumbling", true, List.of(ceiling, weir, ceilingMax, weirMax),
                List.of(Ratio.of(weir, ceiling), Ratio.of(weirMax, ceilingMax)), List.of(Path.of("out", "ceiling-100000.hgrm")));
        assertEquals(String.join("\n",
                "tumbling at 100,000 events/s, latency in µs:",
                "system   p50  p90  p99  p99.9  p99.99   max  events/s  B/event  GCs  unattributed",
                "---------------------------------------------------------------------------------",
                "ceiling  1.0  1.0  1.0    9.0     9.0   9.0   100,000      0.3    1             3",
                "weir     4.0  4.0  4.0   40.0    40.0  40.0    99,000      0.3    1             3",
                "weir/ceiling: throughput 0.99x, p99 latency 4.00x",
                "",
                "tumbling at max (flat out), latency in µs:",
                "system      p50     p90     p99   p99.9  p99.99     max    events/s  B/event  GCs  unattributed",
                "-----------------------------------------------------------------------------------------------",
                "ceiling     0.2     0.2     0.2     1.0     1.0     1.0  50,000,000      0.3    1             3",
                "weir     2000.9  2000.9  2000.9  5001.2  5001.2  5001.2  10,000,000      0.3    1             3",
                "weir/ceiling: throughput 0.20x, p99 latency 10004x",
                "",
                "results in " + Path.of("out").toAbsolutePath(),
                ""), report.text());
    }

    @Test
    void aSystemThatMeasuredNoLatencyShowsNotAvailableAndANoteSayingWhatToChange() {
        final SystemResult ceiling = result("ceiling", 0, 200, 1_000, 50_000_000);
        final SystemResult inline = new SystemResult("weir-inline", 0, new Histogram(1, 60_000_000_000L, 3), 12_000_000, 0, 0, 0, 80,
                List.of());
        final BenchReport report = new BenchReport("tumbling", true, List.of(ceiling, inline), List.of(Ratio.of(inline, ceiling)), List.of());
        assertEquals(String.join("\n",
                "tumbling at max (flat out), latency in µs:",
                "system       p50  p90  p99  p99.9  p99.99  max    events/s  B/event  GCs  unattributed",
                "--------------------------------------------------------------------------------------",
                "ceiling      0.2  0.2  0.2    1.0     1.0  1.0  50,000,000      0.3    1             3",
                "weir-inline  n/a  n/a  n/a    n/a     n/a  n/a  12,000,000      0.0    0            80",
                "note: weir-inline at max measured no latency: 80 window results were fired by the end of the input, not by a watermark;"
                        + " a window result is measured only when a watermark fires it: give more events, a higher event-time pace or a"
                        + " shorter watermark interval",
                "weir-inline/ceiling: throughput 0.24x, p99 latency n/a",
                ""), report.text());
        assertTrue(report.measuredAny());
        assertFalse(new BenchReport("tumbling", true, List.of(inline), List.of(), List.of()).measuredAny());
        // a pipeline without windows: nothing reached the sink
        assertEquals("note: weir-inline at max measured no latency: no result reached the sink in the measured part; give more events",
                new BenchReport("pass-through", false, List.of(inline), List.of(), List.of()).text().lines().toList().get(4));
    }

    @Test
    void roundsThatMeasuredNoLatencyAreCountedInANote() {
        final SystemResult measured = result("weir", 100_000, 4_000, 40_000, 99_000);
        final SystemResult unmeasured = new SystemResult("weir", 100_000, new Histogram(1, 60_000_000_000L, 3), 98_000, 0, 0, 0, 16,
                List.of());
        final SystemResult combined = new SystemResult("weir", 100_000, measured.histogram(), 98_500, 0.125, 0.125, 2, 19,
                List.of(measured, unmeasured, measured));
        assertTrue(combined.measured());
        assertEquals(1, combined.unmeasuredRuns());
        final List<String> lines = new BenchReport("tumbling", true, List.of(combined), List.of(), List.of()).text().lines().toList();
        assertEquals("weir    4.0  4.0  4.0   40.0    40.0  40.0    98,500      0.3    2            19", lines.get(3));
        assertEquals("note: weir at 100,000 events/s: 1 of 3 rounds measured no latency, its latencies are those of the other 2: 19 window"
                + " results were fired by the end of the input, not by a watermark; a window result is measured only when a watermark"
                + " fires it: give more events, a higher event-time pace or a shorter watermark interval", lines.get(4));
    }

    /** Ratios keep at least two significant digits, however small, and three from 1 up, without decimals from 100 up. */
    @Test
    void ratiosShowAtLeastTwoSignificantDigits() {
        final double[] ratios = {0.0012, 0.000123456, 0.046, 0.46, 0.99, 0.999, 1, 4, 9.87654, 12.345, 99.94, 159.2, 10_004.48, 0,
            Double.NaN, Double.POSITIVE_INFINITY};
        final List<String> shown = new ArrayList<>();
        for (final double ratio : ratios) {
            shown.add(BenchReport.times(ratio));
        }
        assertEquals(List.of("0.0012x", "0.00012x", "0.046x", "0.46x", "0.99x", "1.00x", "1.00x", "4.00x", "9.88x", "12.3x", "99.9x",
                "159x", "10004x", "0x", "n/a", "n/a"), shown);
    }

    @Test
    void ratioOfADivisorOfZeroIsNotAvailable() {
        final SystemResult weir = result("weir", 0, 1_000, 2_000, 10);
        final SystemResult stalled = new SystemResult("stalled", 0, new Histogram(3), 0, 0, 0, 0, 0, List.of());
        final Ratio ratio = Ratio.of(weir, stalled);
        assertEquals(Double.NaN, ratio.throughput());
        assertEquals(Double.NaN, ratio.p99Latency());
        assertEquals("weir/stalled: throughput n/a, p99 latency n/a",
                new BenchReport("p", false, List.of(weir, stalled), List.of(ratio), List.of()).text().lines().toList().get(6));
        assertEquals("a ratio compares one rate: weir at max, other at 5",
                assertThrows(IllegalArgumentException.class, () -> Ratio.of(weir, result("other", 5, 1, 1, 1))).getMessage());
    }
}
