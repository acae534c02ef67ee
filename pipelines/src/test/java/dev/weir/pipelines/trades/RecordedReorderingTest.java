package dev.weir.pipelines.trades;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.codec.capture.CaptureFile;
import dev.weir.codec.capture.CapturePacket;
import dev.weir.codec.capture.Datagram;
import dev.weir.codec.capture.DatagramDecoder;
import dev.weir.codec.capture.DatagramFilter;
import dev.weir.codec.itch.MoldUdp64Packet;
import dev.weir.pipelines.generate.ItchTrafficGenerator;
import dev.weir.pipelines.generate.ItchTrafficOptions;
import dev.weir.pipelines.generate.ItchTrafficSummary;
import dev.weir.pipelines.replay.ReplayContext;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code replay/itch-small.pcap}, recorded by tcpdump on loopback from {@code weir generate itch --send 127.0.0.1:26400
 * --symbols 8 --messages 4000 --rate 400 --gaps 1 --disorder 5 --seed 11}: one packet left out, some late. The
 * decoder puts the late packets back in place, so the only gap is the packet left out, and the trades are those of
 * the same session generated in order with the same packet left out.
 */
class RecordedReorderingTest {
    private static final Pattern GAP = Pattern.compile("itch-small\\.pcap: packet \\d+: MoldUDP64 session 0000000001: gap, "
        + "expected sequence (\\d+), got (\\d+) \\((\\d+) messages? lost\\): bars may be wrong");

    @Test
    void theLatePacketsOfARecordedCaptureAreDecodedInPlace() throws Exception {
        final List<String> warnings = new ArrayList<>();
        final ItchTradeDecoder decoder = new ItchTradeDecoder(new ReplayContext(warnings::add, 64));
        final List<String> recorded = new ArrayList<>();
        final MoldUdp64Packet mold = new MoldUdp64Packet();
        long reached = 0;
        long late = 0;
        final Path path = Path.of(RecordedReorderingTest.class.getResource("/replay/itch-small.pcap").toURI());
        try (CaptureFile capture = CaptureFile.open(path)) {
            final DatagramDecoder datagrams = new DatagramDecoder(DatagramFilter.any().destinationPort(26_400));
            final CapturePacket packet = new CapturePacket();
            final Datagram datagram = new Datagram();
            while (capture.next(packet)) {
                if (!datagrams.decode(packet, datagram)) {
                    continue;
                }
                mold.wrap(datagram.buffer(), datagram.payloadOffset(), datagram.payloadLength());
                if (mold.carriedMessages() > 0 && mold.sequenceNumber() < reached) {
                    late++;
                }
                reached = Math.max(reached, mold.sequenceNumber() + mold.carriedMessages());
                decoder.decode(datagram.buffer(), datagram.payloadOffset(), datagram.payloadLength(), "itch-small.pcap",
                    packet.ordinal(), (trade, millis) -> recorded.add(trade.toString()));
            }
        }
        decoder.endOfInput();

        final List<String> generated = new ArrayList<>();
        final ItchTradeDecoder inOrder = new ItchTradeDecoder(new ReplayContext(warning -> { }, 64));
        final ItchTrafficSummary summary = new ItchTrafficGenerator(new ItchTrafficOptions(8, 4_000, 400, 0, 11, 1, 26_400,
            0x7F00_0001)).generate((time, source, sourcePort, destination, port, payload, offset, length) ->
                inOrder.decode(payload, offset, length, "generated", 0, (trade, millis) -> generated.add(trade.toString())));
        inOrder.endOfInput();

        assertTrue(late > 0, "late packets in the capture");
        assertEquals(late, decoder.counts().get("reordered packets"));
        assertEquals(1, warnings.size(), warnings.toString());
        final Matcher gap = GAP.matcher(warnings.get(0));
        assertTrue(gap.matches(), warnings.get(0));
        assertEquals(summary.droppedMessages(), Long.parseLong(gap.group(3)));
        assertEquals(1, decoder.counts().get("sequence gaps"));
        assertEquals(summary.droppedMessages(), decoder.counts().get("missed messages"));
        assertEquals(0, decoder.counts().get("duplicate messages"));
        final Map<String, Long> counts = new LinkedHashMap<>(decoder.counts());
        counts.remove("reordered packets");
        final Map<String, Long> expected = new LinkedHashMap<>(inOrder.counts());
        expected.remove("reordered packets");
        assertEquals(expected, counts);
        assertTrue(generated.size() > 100, "trades " + generated.size());
        assertEquals(generated, recorded);
    }
}
