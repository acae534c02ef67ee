package dev.weir.jobs.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.codec.payload.MessageTally;
import dev.weir.codec.payload.MoldSummary;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The ITCH and StatsD feeds recorded by tcpdump (src/test/resources/replay/): packets, flows and times equal tshark's
 * dumps; the payload format is recognised; and messages, sequence numbers and lateness equal a plain walk over the
 * file's bytes (pcap records, 42 bytes of Ethernet, IPv4 and UDP headers, MoldUDP64 header and length-prefixed
 * messages, or StatsD lines), written here without the readers under test.
 */
class RecordedFeedsTest {
    private static final int HEADERS = 14 + 20 + 8;

    /** Every UDP payload of a little-endian microsecond pcap of Ethernet/IPv4 frames without options, in file order. */
    private static List<ByteBuffer> payloads(final Path file, final List<Long> captureMicros) throws Exception {
        final ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        final List<ByteBuffer> payloads = new ArrayList<>();
        int at = 24;
        while (at < bytes.limit()) {
            final int captured = bytes.getInt(at + 8);
            captureMicros.add(bytes.getInt(at) * 1_000_000L + bytes.getInt(at + 4));
            payloads.add(ByteBuffer.wrap(bytes.array(), at + 16 + HEADERS, captured - HEADERS).slice().order(ByteOrder.BIG_ENDIAN));
            at += 16 + captured;
        }
        return payloads;
    }

    private static Map<String, Long> tsharkFlows(final String capture) throws Exception {
        final Map<String, Long> flows = new TreeMap<>();
        for (final String line : Files.readAllLines(InspectFixturesTest.fixture(capture + ".tshark.txt"))) {
            final String[] fields = line.split("\t");
            flows.merge(fields[1] + " -> " + fields[2] + ":" + fields[3], 1L, Long::sum);
        }
        return flows;
    }

    private static Map<String, Long> flowsWithoutSourcePort(final Traffic traffic) {
        final Map<String, Long> flows = new TreeMap<>();
        for (final FlowCount flow : traffic.flows()) {
            flows.merge(flow.source().substring(0, flow.source().indexOf(':')) + " -> " + flow.destination(), flow.packets(), Long::sum);
        }
        return flows;
    }

    private static InspectionReport inspect(final String capture) throws URISyntaxException {
        return new CaptureInspector(InspectOptions.defaults()).inspect(List.of(InspectFixturesTest.fixture(capture)));
    }

    @Test
    void theRecordedItchFeedMatchesAPlainWalkOverItsBytes() throws Exception {
        final Path file = InspectFixturesTest.fixture("replay/itch-small.pcap");
        final List<Long> micros = new ArrayList<>();
        final Map<String, Long> types = new TreeMap<>();
        final List<Long> eventMillis = new ArrayList<>();
        final Set<Long> sequences = new HashSet<>();
        long firstSequence = Long.MAX_VALUE;
        long endSequence = Long.MIN_VALUE;
        for (final ByteBuffer payload : payloads(file, micros)) {
            final long sequence = payload.getLong(10);
            final int count = payload.getShort(18) & 0xFFFF;
            int at = 20;
            for (int i = 0; i < count && count != 0xFFFF; i++) {
                final int length = payload.getShort(at) & 0xFFFF;
                if (sequences.add(sequence + i)) {
                    types.merge(String.valueOf((char) payload.get(at + 2)), 1L, Long::sum);
                    eventMillis.add(((payload.getShort(at + 2 + 5) & 0xFFFFL) << 32 | payload.getInt(at + 2 + 7) & 0xFFFF_FFFFL) / 1_000_000);
                }
                at += 2 + length;
            }
            firstSequence = Math.min(firstSequence, sequence);
            endSequence = Math.max(endSequence, sequence + (count == 0xFFFF ? 0 : count));
        }
        final InspectionReport report = inspect("replay/itch-small.pcap");

        assertEquals("itch", report.payloads().decoder());
        assertEquals(micros.size(), report.total().packets());
        assertEquals(tsharkFlows("replay/itch-small.pcap"), flowsWithoutSourcePort(report.total()));
        assertEquals(micros.get(0) * 1_000, report.total().earliestNanos());
        final Map<String, Long> counted = new TreeMap<>();
        report.total().messages().byType().stream().filter(count -> count.count() > 0).forEach(count -> counted.put(count.code(), count.count()));
        assertEquals(types, counted);
        assertEquals(0, report.total().messages().faultTotal());
        final MoldSummary mold = (MoldSummary) report.section();
        assertEquals(endSequence - firstSequence - sequences.size(), mold.missingMessages());
        assertTrue(mold.reorderedPackets() > 0, "the feed was recorded with late packets");
        final PlainLateness plain = new PlainLateness(eventMillis);
        final LatenessSummary lateness = report.lateness();
        assertEquals(eventMillis.size(), lateness.events());
        assertEquals(List.of(plain.behind(), plain.percentile(500_000), plain.percentile(990_000), plain.percentile(999_000), plain.max()),
                List.of(lateness.behind(), lateness.p50(), lateness.p99(), lateness.p999(), lateness.max()));
    }

    @Test
    void theRecordedStatsdFeedMatchesAPlainWalkOverItsLines() throws Exception {
        final Path file = InspectFixturesTest.fixture("replay/statsd-small.pcap");
        final List<Long> micros = new ArrayList<>();
        long lines = 0;
        for (final ByteBuffer payload : payloads(file, micros)) {
            final byte[] text = new byte[payload.remaining()];
            payload.get(text);
            for (final String line : new String(text, StandardCharsets.US_ASCII).split("\n")) {
                if (!line.replace("\r", "").isEmpty()) {
                    lines++;
                }
            }
        }
        final InspectionReport report = inspect("replay/statsd-small.pcap");

        assertEquals("statsd", report.payloads().decoder());
        assertEquals(micros.size(), report.total().packets());
        assertEquals(tsharkFlows("replay/statsd-small.pcap"), flowsWithoutSourcePort(report.total()));
        assertEquals((micros.get(micros.size() - 1) - micros.get(0)) * 1_000, report.total().durationNanos());
        final MessageTally messages = report.total().messages();
        assertEquals(lines, messages.total() + messages.faultTotal());
        assertTrue(messages.faultTotal() > 0, "the feed was recorded with malformed lines");
        assertEquals(messages.total(), report.lateness().events());
        // loopback capture times never go back: no metric is behind
        for (int i = 1; i < micros.size(); i++) {
            assertTrue(micros.get(i) >= micros.get(i - 1));
        }
        assertEquals(0, report.lateness().behind());
    }
}
