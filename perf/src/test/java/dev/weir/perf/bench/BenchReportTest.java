package dev.weir.perf.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.perf.harness.Ratio;
import dev.weir.perf.harness.SystemResult;
import java.nio.file.Path;
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
        return new SystemResult(system, rate, histogram, eventsPerSecond, 0.25, 1, 3);
    }

    @Test
    void printsATablePerRateThenTheRatiosAtThatRate() {
        final SystemResult ceiling = result("ceiling", 100_000, 1_000, 9_000, 100_000);
        final SystemResult weir = result("weir", 100_000, 4_000, 40_000, 99_000);
        final SystemResult ceilingMax = result("ceiling", 0, 200, 1_000, 50_000_000);
        final SystemResult weirMax = result("weir", 0, 2_000_000, 5_000_000, 10_000_000);
        final BenchReport report = new BenchReport("tumbling", List.of(ceiling, weir, ceilingMax, weirMax),
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
                "weir/ceiling: throughput 0.20x, p99 latency 10004.48x",
                "",
                "results in " + Path.of("out").toAbsolutePath(),
                ""), report.text());
    }

    @Test
    void ratioOfADivisorOfZeroIsNotAvailable() {
        final SystemResult weir = result("weir", 0, 1_000, 2_000, 10);
        final SystemResult stalled = new SystemResult("stalled", 0, new Histogram(3), 0, 0, 0, 0);
        final Ratio ratio = Ratio.of(weir, stalled);
        assertEquals(Double.NaN, ratio.throughput());
        assertEquals(Double.NaN, ratio.p99Latency());
        assertEquals("weir/stalled: throughput n/a, p99 latency n/a",
                new BenchReport("p", List.of(weir, stalled), List.of(ratio), List.of()).text().lines().toList().get(5));
        assertEquals("a ratio compares one rate: weir at max, other at 5",
                assertThrows(IllegalArgumentException.class, () -> Ratio.of(weir, result("other", 5, 1, 1, 1))).getMessage());
    }
}
