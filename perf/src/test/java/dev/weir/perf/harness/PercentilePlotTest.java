package dev.weir.perf.harness;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The percentile plot's "nines" axis: x = log10(1 / (1 - percentile)), labelled at whole values only. */
final class PercentilePlotTest {
    @Test
    void wholeXValuesAreLabelledWithTheirNines() {
        assertEquals("0%", PercentilePlot.nines(0));
        assertEquals("90%", PercentilePlot.nines(1));
        assertEquals("99%", PercentilePlot.nines(2));
        assertEquals("99.9%", PercentilePlot.nines(3));
        assertEquals("99.9999%", PercentilePlot.nines(6));
    }

    @Test
    void valuesBetweenWholeNinesHaveNoLabel() {
        assertEquals("", PercentilePlot.nines(0.5));
        assertEquals("", PercentilePlot.nines(2.25));
    }

    @Test
    void pointsFollowTheHistogramsPercentilesInMicrosecondsWithoutTheHundredPercentPoint() {
        final Histogram histogram = new Histogram(1, 60_000_000_000L, 3);
        histogram.recordValue(1_000);
        histogram.recordValue(2_000);
        final double[][] points = PercentilePlot.points(new SystemResult("s", 1, histogram, 1, 0, 0, 0, 0, List.of()));
        // the iteration starts at 0 % at 1 µs; every later step up to (not including) 100 %, which has no place on the
        // axis, lies on the nines axis further right; the last one is at the top value, 2 µs (exact below 2,048 ns)
        assertEquals(0.0, points[0][0]);
        assertEquals(1.0, points[1][0]);
        for (int i = 1; i < points[0].length; i++) {
            assertTrue(points[0][i] > points[0][i - 1], "x increases");
        }
        assertArrayEquals(new double[] {1.0, 2.0}, new double[] {points[1][0], points[1][points[1].length - 1]});
    }
}
