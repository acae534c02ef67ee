package dev.weir.tools.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The progress line as a pure function of given numbers: percent of input bytes, records a
 * second, the window watermark and the ETA; and how the display rewrites and clears it.
 */
class ProgressLineTest {
    @Test
    void formatsPercentSizeRateWatermarkAndEta() {
        assertEquals("weir run: 42.5% of 12.3 MB, 108,695 records/s, watermark 1700000123000, ETA 1:05",
                ProgressLine.format("weir run", "records", 5_227_500, 12_300_000, 108_695, 1_700_000_123_000L, 65));
        assertEquals("weir run: 0.0% of 999 B, 0 records/s, watermark MIN, ETA --:--",
                ProgressLine.format("weir run", "records", 0, 999, 0, Long.MIN_VALUE, ProgressLine.UNKNOWN));
        assertEquals("weir run: 100.0% of 1.5 GB, 2,000,000 records/s, watermark MAX, ETA 0:00",
                ProgressLine.format("weir run", "records", 1_500_000_000L, 1_500_000_000L, 2_000_000, Long.MAX_VALUE, 0));
        assertEquals("weir run: 33.3% of 3.0 kB, 7 records/s, watermark -5, ETA 1:01:01",
                ProgressLine.format("weir run", "records", 1_000, 3_000, 7, -5, 3_661));
    }

    @Test
    void thePercentStaysWithinZeroAndAHundred() {
        // a file that grew while it was read; an empty input counts as read
        assertEquals("weir run: 100.0% of 10 B, 1 records/s, watermark 3, ETA 0:00", ProgressLine.format("weir run", "records", 12, 10, 1, 3, 0));
        assertEquals("weir run: 100.0% of 0 B, 1 records/s, watermark 3, ETA 0:00", ProgressLine.format("weir run", "records", 0, 0, 1, 3, 0));
    }

    @Test
    void sizesAndDurations() {
        assertEquals("0 B", ProgressLine.bytes(0));
        assertEquals("999 B", ProgressLine.bytes(999));
        assertEquals("1.0 kB", ProgressLine.bytes(1_000));
        assertEquals("999.9 kB", ProgressLine.bytes(999_949));
        assertEquals("2.5 MB", ProgressLine.bytes(2_500_000));
        assertEquals("12.0 GB", ProgressLine.bytes(12_000_000_000L));
        assertEquals("0:00", ProgressLine.duration(0));
        assertEquals("0:59", ProgressLine.duration(59));
        assertEquals("59:59", ProgressLine.duration(3_599));
        assertEquals("1:00:00", ProgressLine.duration(3_600));
        assertEquals("27:46:40", ProgressLine.duration(100_000));
        assertEquals("--:--", ProgressLine.duration(ProgressLine.UNKNOWN));
    }

    @Test
    void theEtaExtrapolatesTheMeasuredRate() {
        // 1 MB in 2 s, 3 MB left: 6 s
        assertEquals(6, ProgressLine.etaSeconds(3_000_000, 1_000_000, 2_000_000_000L));
        // a part of a second left rounds up
        assertEquals(1, ProgressLine.etaSeconds(10, 1_000_000, 1_000_000_000L));
        assertEquals(0, ProgressLine.etaSeconds(0, 1_000_000, 1_000_000_000L));
        assertEquals(0, ProgressLine.etaSeconds(-5, 0, 0));
        // no rate yet: nothing read since the first sample, or no time passed
        assertEquals(ProgressLine.UNKNOWN, ProgressLine.etaSeconds(100, 0, 1_000_000_000L));
        assertEquals(ProgressLine.UNKNOWN, ProgressLine.etaSeconds(100, 50, 0));
    }

    @Test
    void theDisplayRewritesTheLineInPlaceAndBlanksItAtTheEnd() {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final ProgressDisplay display = new ProgressDisplay(new PrintStream(bytes, true, StandardCharsets.UTF_8), "weir run", "records");

        // first sample at 1 s: 1,000 of 4,000 bytes, 500 records; no rate for the ETA yet
        display.show(1_000, 4_000, 500, Long.MIN_VALUE, 1_000_000_000L);
        // at 2 s: 1,000 bytes more in 1 s, 2,000 left: 2 s
        display.show(2_000, 4_000, 1_500, 120, 2_000_000_000L);
        final String first = "weir run: 25.0% of 4.0 kB, 500 records/s, watermark MIN, ETA --:--";
        final String second = "weir run: 50.0% of 4.0 kB, 750 records/s, watermark 120, ETA 0:02";
        // the second line is one character shorter than the first: a blank covers the rest
        assertEquals(first.length() - 1, second.length());
        assertEquals("\r" + first + "\r" + second + " ", bytes.toString(StandardCharsets.UTF_8));

        bytes.reset();
        display.clear();
        assertEquals("\r" + " ".repeat(second.length()) + "\r", bytes.toString(StandardCharsets.UTF_8));
        bytes.reset();
        display.clear();
        assertEquals("", bytes.toString(StandardCharsets.UTF_8), "cleared already");
    }

    @Test
    void aDisplayNeverShownClearsNothing() {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new ProgressDisplay(new PrintStream(bytes, true, StandardCharsets.UTF_8), "weir run", "records").clear();
        assertEquals("", bytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void progressShowsOnATerminalUnlessForcedEitherWay() {
        assertEquals(true, StderrTerminal.showProgress(null, true));
        assertEquals(false, StderrTerminal.showProgress(null, false));
        assertEquals(true, StderrTerminal.showProgress(Boolean.TRUE, false));
        assertEquals(false, StderrTerminal.showProgress(Boolean.FALSE, true));
    }
}
