package dev.weir.codec.statsd;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The first ten skipped lines are printed with packet and offset, the rest counted. */
class MalformedLineReportTest {
    private final StringBuilder out = new StringBuilder();
    private final MalformedLineReport report = new MalformedLineReport(out);

    @Test
    void fewLinesArePrintedAndNothingIsCounted() {
        report.packet(1).onMalformed(0, MalformedReason.EMPTY_NAME);
        report.packet(4).onMalformed(17, MalformedReason.BAD_RATE);
        report.finish();
        assertEquals("packet 1, payload byte 0: empty name\npacket 4, payload byte 17: sample rate is not a decimal number\n", out.toString());
        assertEquals(2, report.total());
        assertEquals(0, report.unprinted());
    }

    @Test
    void nothingMalformedWritesNothing() {
        report.packet(1);
        report.finish();
        assertEquals("", out.toString());
        assertEquals(0, report.total());
    }

    @Test
    void exactlyTenArePrintedWithoutACount() {
        report(10);
        assertEquals(expectedFirstTen(), out.toString());
    }

    @Test
    void theEleventhGivesTheTotal() {
        report(11);
        assertEquals(expectedFirstTen() + "11 malformed lines skipped\n", out.toString());
        assertEquals(11, report.total());
        assertEquals(1, report.unprinted());
    }

    @Test
    void theRestAreCounted() {
        report(25);
        assertEquals(expectedFirstTen() + "25 malformed lines skipped\n", out.toString());
        assertEquals(25, report.total());
    }

    @Test
    void itListensToAParseOfEachPacket() {
        final StatsdParser parser = new StatsdParser();
        final String[] packets = {"a:1|c\n:2|c\n", "b|c\nc:1|c|@9", "ok:1|g"};
        for (int i = 0; i < packets.length; i++) {
            parser.parse(Payloads.inBuffer(packets[i]), Payloads.OFFSET, Payloads.length(packets[i]), metric -> { },
                    report.packet(i + 1));
        }
        report.finish();
        assertEquals("packet 1, payload byte 6: empty name\npacket 2, payload byte 0: missing ':' after the name\npacket 2, payload byte 4: sample rate outside (0,1]\n", out.toString());
    }

    /** Three malformed lines per packet from packet 1, at offsets 0, 10, 20. */
    private void report(final int lines) {
        for (int i = 0; i < lines; i++) {
            report.packet(1 + i / 3).onMalformed(i % 3 * 10, MalformedReason.UNKNOWN_TYPE);
        }
        report.finish();
    }

    private static String expectedFirstTen() {
        final String reason = ": unknown type (expected c, g, ms, h, d or s)\n";
        return "packet 1, payload byte 0" + reason + "packet 1, payload byte 10" + reason + "packet 1, payload byte 20" + reason
                + "packet 2, payload byte 0" + reason + "packet 2, payload byte 10" + reason + "packet 2, payload byte 20" + reason
                + "packet 3, payload byte 0" + reason + "packet 3, payload byte 10" + reason + "packet 3, payload byte 20" + reason
                + "packet 4, payload byte 0" + reason;
    }
}
