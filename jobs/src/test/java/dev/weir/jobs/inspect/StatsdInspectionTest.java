package dev.weir.jobs.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.pipelines.generate.CaptureEncoding;
import dev.weir.pipelines.generate.CaptureWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * StatsD datagrams written with the capture writer: recognised as StatsD, metrics counted per type, malformed lines
 * per reason, and the lateness of the capture times (the events' time, per metric line) as a plain loop computes it,
 * with datagrams from two senders whose clocks disagree.
 */
class StatsdInspectionTest {
    private static final long START = 1_795_996_800_000L; // 2026-11-30T00:00Z in ms
    private static final int AGENT = 10 << 24 | 9;
    private static final int SERVER = 10 << 24 | 1;

    @TempDir
    Path dir;

    private static void send(final CaptureWriter writer, final long millis, final int source, final String lines) {
        final byte[] bytes = lines.getBytes(StandardCharsets.US_ASCII);
        writer.datagram(millis * 1_000_000 + 123, source, 51_000, SERVER, 8125, new UnsafeBuffer(bytes), 0, bytes.length);
    }

    @Test
    void statsdDatagramsAreRecognisedAndCountedWithTheLatenessOfTheirCaptureTimes() {
        final Path file = dir.resolve("statsd.pcapng");
        final String[] good = {"api.requests:1|c", "queue.depth:+4|g", "db.query:12.5|ms", "payload.size:512|h", "latency:3|d",
            "users:alice|s", "api.errors:1|c|@0.5|#region:eu"};
        final Map<String, Long> expectedTypes = new TreeMap<>();
        final List<Long> eventTimes = new ArrayList<>();
        try (CaptureWriter writer = CaptureWriter.create(file, CaptureEncoding.PCAPNG_NANOSECONDS)) {
            for (int i = 0; i < 60; i++) {
                // a second sender's datagrams come in stamped up to 45 ms earlier than the one before them
                final long millis = START + 10L * i - (i % 6 == 5 ? 45 - i % 4 : 0);
                final int lines = 1 + i % 3;
                final StringBuilder payload = new StringBuilder();
                for (int l = 0; l < lines; l++) {
                    final String line = good[(i + l) % good.length];
                    payload.append(line).append('\n');
                    expectedTypes.merge(line.substring(line.indexOf('|') + 1).split("\\|")[0], 1L, Long::sum);
                    eventTimes.add(millis);
                }
                if (i == 17) {
                    payload.append("no colon here\n");
                }
                if (i == 41) {
                    payload.append("x:1|zz\r\nx:|c");
                }
                send(writer, millis, i % 6 == 5 ? AGENT : SERVER, payload.toString());
            }
        }
        final InspectionReport report = new CaptureInspector(InspectOptions.defaults()).inspect(List.of(file));

        assertEquals("statsd", report.payloads().decoder());
        assertTrue(report.payloads().reason().startsWith("all 60 sampled payloads are printable text and 120 of their 123 lines"),
                report.payloads().reason());
        assertNull(report.section());
        final Map<String, Long> types = new TreeMap<>();
        report.total().messages().byType().forEach(count -> types.put(count.code(), count.count()));
        assertEquals(expectedTypes, types);
        final Map<String, Long> faults = new TreeMap<>();
        report.total().messages().faults().stream().filter(count -> count.count() > 0).forEach(count -> faults.put(count.code(), count.count()));
        assertEquals(Map.of("missing-colon", 1L, "unknown-type", 1L, "empty-value", 1L), faults);

        final PlainLateness plain = new PlainLateness(eventTimes);
        final LatenessSummary lateness = report.lateness();
        assertEquals(eventTimes.size(), lateness.events());
        assertEquals(plain.behind(), lateness.behind());
        assertEquals(List.of(plain.percentile(500_000), plain.percentile(990_000), plain.percentile(999_000), plain.max()),
                List.of(lateness.p50(), lateness.p99(), lateness.p999(), lateness.max()));
        // datagram 5 is stamped 50 - 44 = 6 ms, 34 ms behind datagram 4's 40 ms; p99.9 of 120 events is the maximum
        assertEquals(34, lateness.max());
        assertEquals(List.of(40L, 0L), List.of(lateness.suggestedBound(), lateness.laterThanSuggested()));

        final List<FlowCount> flows = report.total().flows();
        assertEquals(List.of("10.0.0.1:51000 -> 10.0.0.1:8125 50", "10.0.0.9:51000 -> 10.0.0.1:8125 10"),
                flows.stream().map(flow -> flow.source() + " -> " + flow.destination() + " " + flow.packets()).toList());
    }
}
