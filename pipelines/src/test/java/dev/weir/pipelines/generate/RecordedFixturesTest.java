package dev.weir.pipelines.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.codec.capture.CaptureFormat;
import dev.weir.codec.itch.ItchMessageType;
import dev.weir.codec.itch.MoldUdp64Packet;
import dev.weir.codec.statsd.StatsdParser;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/**
 * The replay fixtures, traffic that {@code weir generate ... --send} sent on loopback and tcpdump recorded
 * (src/test/resources/replay/record-fixtures.sh): the reader's times, addresses, ports and UDP lengths equal
 * tshark's dump of each file, the payloads are exactly what the generators make of the script's options, and the
 * traffic has what the replays need (bars over several seconds, a sequence gap, silent hosts, malformed lines).
 */
class RecordedFixturesTest {
    private static final int LOOPBACK = 0x7F00_0001;
    private static final long SECOND = 1_000_000_000L;

    private static Path fixture(final String name) throws URISyntaxException {
        return Path.of(RecordedFixturesTest.class.getResource("/replay/" + name).toURI());
    }

    private static Path example() {
        // the module's directory is the working directory of its tests
        return Path.of("..", "examples", "replay", "itch-sample.pcap");
    }

    private static String address(final int ipv4) {
        return (ipv4 >>> 24) + "." + (ipv4 >>> 16 & 0xFF) + "." + (ipv4 >>> 8 & 0xFF) + "." + (ipv4 & 0xFF);
    }

    /** Reads the capture and compares it with tshark's dump beside it; returns its datagrams. */
    private static List<ReadBack.Sent> readAsTshark(final Path capture, final CaptureFormat format) throws IOException {
        assertTrue(Files.size(capture) < 2_000_000, capture + " is under 2 MB");
        final List<ReadBack.Sent> datagrams = ReadBack.file(capture, format);
        final List<String> ours = new ArrayList<>();
        for (final ReadBack.Sent d : datagrams) {
            ours.add(d.timestampNanos() / SECOND + "." + String.format("%09d", d.timestampNanos() % SECOND) + "\t" + address(d.source())
                    + "\t" + address(d.destination()) + "\t" + d.destinationPort() + "\t" + (8 + d.payload().length));
        }
        assertEquals(Files.readAllLines(capture.resolveSibling(capture.getFileName() + ".tshark.txt")), ours);
        return datagrams;
    }

    private static List<String> payloads(final List<ReadBack.Sent> datagrams) {
        final List<String> payloads = new ArrayList<>();
        for (final ReadBack.Sent d : datagrams) {
            payloads.add(Arrays.toString(d.payload()));
        }
        return payloads;
    }

    private static List<String> generated(final ItchTrafficOptions options) {
        final ReadBack.Recorder recorder = new ReadBack.Recorder();
        new ItchTrafficGenerator(options).generate(recorder);
        return payloads(recorder.sent());
    }

    @Test
    void theSmallItchCapturesHoldTheGeneratedSessionWithAGapAndPacketsOutOfOrder() throws Exception {
        final List<ReadBack.Sent> pcap = readAsTshark(fixture("itch-small.pcap"), CaptureFormat.PCAP_MICROSECONDS);
        final List<ReadBack.Sent> pcapng = readAsTshark(fixture("itch-small.pcapng"), CaptureFormat.PCAPNG);
        final List<ReadBack.Sent> inMicroseconds = new ArrayList<>();
        for (final ReadBack.Sent d : pcapng) {
            inMicroseconds.add(d.inMicroseconds());
        }
        assertEquals(pcap, inMicroseconds, "the same packets, recorded at once in micro- and nanoseconds");
        assertEquals(generated(new ItchTrafficOptions(8, 4_000, 400, 5, 11, 1, 26_400, LOOPBACK)), payloads(pcap));

        final ItchFeedReplay feed = new ItchFeedReplay();
        feed.read(pcap, false);
        assertEquals(8, feed.directory().size());
        // a delayed packet is a gap until it comes, and then a duplicate; the packet left out never comes
        assertTrue(feed.tracker().gaps() > 1 && feed.tracker().duplicatePackets() > 0, "reordered packets");
        assertEquals(4_000 - feed.tracker().missedMessages(), feed.counts().total());
        final BitSet sequenceNumbers = new BitSet();
        final MoldUdp64Packet packet = new MoldUdp64Packet();
        for (final ReadBack.Sent d : pcap) {
            packet.wrap(new UnsafeBuffer(d.payload()), 0, d.payload().length);
            sequenceNumbers.set((int) packet.sequenceNumber(), (int) packet.sequenceNumber() + packet.carriedMessages());
        }
        assertEquals(3_999, sequenceNumbers.cardinality(), "one message left out");
        assertEquals(1, sequenceNumbers.nextSetBit(0));
        assertEquals(4_001, sequenceNumbers.length());
        assertTrue(feed.counts().count(ItchMessageType.ORDER_EXECUTED) > 100);
        final long seconds = (feed.lastTimestamp() - feed.firstTimestamp()) / SECOND;
        assertTrue(seconds >= 8, "several seconds of ITCH time: " + seconds);
        for (final ReadBack.Sent d : pcap) {
            assertEquals(LOOPBACK, d.source());
            assertEquals(LOOPBACK, d.destination());
        }
    }

    @Test
    void theSmallStatsdCaptureHasSilentHostsAndMalformedLines() throws Exception {
        final List<ReadBack.Sent> sent = readAsTshark(fixture("statsd-small.pcap"), CaptureFormat.PCAP_MICROSECONDS);
        final ReadBack.Recorder recorder = new ReadBack.Recorder();
        new StatsdTrafficGenerator(new StatsdTrafficOptions(4, 3_000, 40, 3, 0.02, 8_125, LOOPBACK)).generate(recorder);
        assertEquals(payloads(recorder.sent()), payloads(sent));

        final Map<Integer, List<Long>> times = new TreeMap<>();
        final long[] malformed = new long[1];
        final StatsdParser parser = new StatsdParser();
        for (final ReadBack.Sent d : sent) {
            times.computeIfAbsent(d.source(), host -> new ArrayList<>()).add(d.timestampNanos());
            parser.parse(new UnsafeBuffer(d.payload()), 0, d.payload().length, metric -> { }, (offset, reason) -> malformed[0]++);
        }
        assertTrue(malformed[0] > 20, malformed[0] + " malformed lines");
        assertEquals(List.of(LOOPBACK, LOOPBACK + 1, LOOPBACK + 2, LOOPBACK + 3), new ArrayList<>(times.keySet()));
        final long end = sent.get(sent.size() - 1).timestampNanos();
        assertTrue(longestSilence(times.get(LOOPBACK + 1), end) >= 35 * SECOND, "127.0.0.2 falls silent");
        assertTrue(end - last(times.get(LOOPBACK + 1)) < 10 * SECOND, "and comes back");
        assertTrue(end - last(times.get(LOOPBACK + 3)) >= 20 * SECOND, "127.0.0.4 never comes back");
        assertTrue(longestSilence(times.get(LOOPBACK), end) < 10 * SECOND, "127.0.0.1 keeps sending");
    }

    private static long last(final List<Long> times) {
        return times.get(times.size() - 1);
    }

    private static long longestSilence(final List<Long> times, final long end) {
        long longest = end - last(times);
        for (int i = 1; i < times.size(); i++) {
            longest = Math.max(longest, times.get(i) - times.get(i - 1));
        }
        return longest;
    }

    @Test
    void theReadmeExampleIsAGeneratedSessionOfTensOfThousandsOfMessages() throws Exception {
        final List<ReadBack.Sent> sent = readAsTshark(example(), CaptureFormat.PCAP_MICROSECONDS);
        assertEquals(generated(new ItchTrafficOptions(6, 25_000, 1_000, 0, 2_026, 0, 26_400, LOOPBACK)), payloads(sent));
        final ItchFeedReplay feed = new ItchFeedReplay();
        feed.read(sent, true);
        assertEquals(25_000, feed.counts().total());
        assertEquals(0, feed.tracker().gaps() + feed.tracker().duplicatePackets());
        assertTrue((feed.lastTimestamp() - feed.firstTimestamp()) / SECOND >= 20);
    }
}
