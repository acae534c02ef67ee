package dev.weir.pipelines.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.codec.statsd.MalformedLineReport;
import dev.weir.codec.statsd.MetricType;
import dev.weir.pipelines.replay.ReplayContext;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The three pipelines over the recorded fixture {@code statsd-small.pcap} (four hosts on loopback, one silent for
 * a while, one for good, malformed lines), each through its own decoder, against plain loops: packet times and
 * hosts from tshark's dump beside the capture, lines split with a small reading of the line format of its own.
 */
class StatsdFixtureTest {
    private static final Pattern NUMBER = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");
    private static final List<String> TYPES = List.of("c", "g", "ms", "h", "d", "s");

    private Path capture;
    /** The input as the oracles see it: per datagram its packet, then its well-formed lines. */
    private final List<JobRun.Step> steps = new ArrayList<>();
    /** {@code packet P, payload byte N} of every malformed line, in order. */
    private final List<String> malformed = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    private final ReplayContext context = new ReplayContext(warnings::add, 256);

    @BeforeEach
    void readTheFixture() throws URISyntaxException, IOException {
        capture = Path.of(StatsdFixtureTest.class.getResource("/replay/statsd-small.pcap").toURI());
        final List<String> tshark = Files.readAllLines(capture.resolveSibling("statsd-small.pcap.tshark.txt"));
        final int[] index = {0};
        CaptureFixture.replay(capture, datagram -> {
            final String[] dumped = tshark.get(index[0]++).split("\t"); // seconds.nanoseconds, source, ...
            final long millis = new BigDecimal(dumped[0]).movePointRight(3).longValue();
            assertEquals(millis, datagram.captureTimeMillis());
            final String host = dumped[1];
            steps.add(JobRun.Step.packet(host, millis));
            final byte[] payload = new byte[datagram.payloadLength()];
            datagram.buffer().getBytes(datagram.payloadOffset(), payload);
            int offset = 0;
            for (final String raw : new String(payload, StandardCharsets.UTF_8).split("\n", -1)) {
                final String line = raw.endsWith("\r") ? raw.substring(0, raw.length() - 1) : raw;
                if (!line.isEmpty() && !read(line, host, millis)) {
                    malformed.add("packet " + datagram.packetNumber() + ", payload byte " + offset);
                }
                offset += raw.getBytes(StandardCharsets.UTF_8).length + 1;
            }
        });
        assertEquals(tshark.size(), index[0]);
    }

    /** Reads a line by the rules of docs/statsd.md into a step; false if it is malformed. */
    private boolean read(final String line, final String host, final long millis) {
        final int colon = line.indexOf(':');
        final int pipe = line.indexOf('|', colon + 1);
        if (colon <= 0 || pipe < 0 || pipe == colon + 1) {
            return false;
        }
        final String[] fields = line.substring(pipe + 1).split("\\|", -1);
        if (!TYPES.contains(fields[0])) {
            return false;
        }
        final MetricType type = MetricType.values()[TYPES.indexOf(fields[0])];
        final String text = line.substring(colon + 1, pipe);
        double value = Double.NaN;
        if (type != MetricType.SET) {
            if (!NUMBER.matcher(text).matches() || Double.isInfinite(Double.parseDouble(text))) {
                return false;
            }
            value = Double.parseDouble(text);
        }
        double rate = 1;
        boolean rateSeen = false;
        boolean tagsSeen = false;
        for (int i = 1; i < fields.length; i++) {
            final String field = fields[i];
            if (field.startsWith("@") && !rateSeen) {
                rateSeen = true;
                if (!NUMBER.matcher(field.substring(1)).matches()) {
                    return false;
                }
                rate = Double.parseDouble(field.substring(1));
                if (!(rate > 0 && rate <= 1)) {
                    return false;
                }
            } else if (field.startsWith("#") && !tagsSeen) {
                tagsSeen = true;
                for (final String tag : field.substring(1).split(",", -1)) {
                    if (tag.isEmpty()) {
                        return false;
                    }
                }
            } else {
                return false;
            }
        }
        steps.add(JobRun.Step.sampled(host, line.substring(0, colon), type, value, rate, millis));
        return true;
    }

    @Test
    void percentiles() {
        final List<String> rows = JobRun.csv(new StatsdPercentilesJob(), capture, context);
        assertEquals(StatsdPercentilesJobTest.oracle(steps), rows);
        assertTrue(rows.size() > 20, rows.size() + " rows");
    }

    @Test
    void counters() {
        final List<String> rows = JobRun.csv(new StatsdCountersJob(), capture, context);
        assertEquals(StatsdCountersJobTest.oracle(steps), rows);
        assertTrue(rows.size() > 20, rows.size() + " rows");
    }

    @Test
    void silentHosts() {
        final long[] late = new long[1];
        final Map<String, List<String>> expected = SilentHostsJobTest.oracle(steps, true, late);
        expected.values().removeIf(List::isEmpty);
        final List<String> rows = JobRun.csv(new SilentHostsJob(), capture, context);
        assertEquals(expected, SilentHostsJobTest.byHost(rows));
        assertEquals(0, late[0]);
        assertTrue(expected.containsKey("127.0.0.2"), "the host that falls silent and comes back: " + expected);
    }

    @Test
    void malformedLinesAreWarnedAboutAndCounted() {
        final StatsdDecoder decoder = new StatsdDecoder(context);
        CaptureFixture.replay(capture, datagram -> decoder.decode(datagram, (sample, time) -> { }));
        decoder.endOfInput();
        assertTrue(malformed.size() > MalformedLineReport.PRINTED, malformed.size() + " malformed lines");
        for (int i = 0; i < MalformedLineReport.PRINTED; i++) {
            assertTrue(warnings.get(i).startsWith("statsd-small.pcap: " + malformed.get(i) + ": "), warnings.get(i));
        }
        assertEquals(List.of(malformed.size() + " malformed lines skipped"),
                warnings.subList(MalformedLineReport.PRINTED, warnings.size()));
        final Map<String, Long> counts = decoder.counts();
        assertEquals(malformed.size(), counts.get("malformed lines"));
        assertEquals(steps.stream().filter(JobRun.Step::isPacket).count(), counts.get("datagrams"));
        assertEquals(steps.size() - counts.get("datagrams") + malformed.size(), counts.get("lines"));
        assertEquals(4L, counts.get("hosts"));
        for (final MetricType type : MetricType.values()) {
            assertEquals(steps.stream().filter(step -> step.type() == type).count(),
                    counts.get(counts.keySet().stream().filter(name -> name.endsWith("(" + type.symbol() + ")")).findFirst().orElseThrow()));
        }
    }
}
