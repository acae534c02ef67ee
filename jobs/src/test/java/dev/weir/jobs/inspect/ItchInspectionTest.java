package dev.weir.jobs.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.codec.itch.ItchMessageType;
import dev.weir.codec.payload.MessageCount;
import dev.weir.codec.payload.MoldSummary;
import dev.weir.codec.payload.SequenceGap;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A MoldUDP64/ITCH capture built with the capture writer: the payloads are recognised as ITCH, every message type is
 * counted, a dropped packet is a gap named by the packet that revealed it, a packet overtaken by later ones fills its
 * gap when it comes (its messages count, late), a resent packet is a duplicate whose messages are not counted again, unknown and mis-sized messages and a payload that is not MoldUDP64 are skipped and
 * counted, and the lateness of the messages' ITCH timestamps matches a plain computation.
 */
class ItchInspectionTest {
    private static final ItchMessageType[] TYPES = ItchMessageType.values();
    /** 09:30 in ns since midnight. */
    private static final long NINE_THIRTY = 34_200_000_000_000L;

    @TempDir
    Path dir;

    private long gapPacket;
    private long gapFrom;
    private long reorderedPacket;
    private long reorderedFrom;

    /** 40 packets of five messages cycling through every type; every seventh message 1..50 ms behind. */
    private ItchFeed feed(final Path file) {
        final Random random = new Random(5);
        long clock = NINE_THIRTY;
        try (ItchFeed feed = new ItchFeed(file, "TESTSESS01")) {
            for (int p = 0; p < 40; p++) {
                for (int m = 0; m < 5; m++) {
                    final int n = p * 5 + m;
                    clock += 1_000_000;
                    final long behind = n % 7 == 3 ? (1 + random.nextInt(50)) * 1_000_000L + random.nextInt(1_000_000) : 0;
                    feed.message(TYPES[n % TYPES.length], clock - behind);
                }
                if (p == 35) {
                    feed.raw('Z', 10).raw('A', 30);
                }
                if (p == 10) {
                    gapFrom = feed.nextSequence();
                    feed.drop();
                    gapPacket = feed.datagrams() + 1;
                } else if (p == 14) {
                    reorderedFrom = feed.nextSequence();
                    feed.hold();
                    reorderedPacket = feed.datagrams() + 1;
                } else if (p == 16) {
                    feed.send().release(); // two packets later: its messages arrive behind theirs
                } else if (p == 20) {
                    feed.sendTwice();
                } else {
                    feed.send();
                }
                if (p == 25) {
                    feed.send(); // a heartbeat
                }
                if (p == 30) {
                    feed.junk("not a MoldUDP64 packet");
                }
                if (p % 4 == 0) {
                    feed.other(8125, "requests:1|c");
                }
            }
            return feed;
        }
    }

    @Test
    void anItchFeedIsRecognisedAndCountedWithItsGapsDuplicatesAndLateness() {
        final Path file = dir.resolve("feed.pcap");
        final ItchFeed feed = feed(file);
        final InspectionReport report = new CaptureInspector(InspectOptions.defaults().withPort(ItchFeed.PORT)).inspect(List.of(file));

        assertEquals("itch", report.payloads().decoder());
        assertFalse(report.payloads().chosen());
        assertTrue(report.payloads().reason().contains("first session 'TESTSESS01'"), report.payloads().reason());

        final Map<String, Long> expectedTypes = new TreeMap<>();
        for (final char type : feed.types()) {
            expectedTypes.merge(String.valueOf(type), 1L, Long::sum);
        }
        final Map<String, Long> types = new TreeMap<>();
        for (final MessageCount count : report.total().messages().byType()) {
            if (count.count() > 0) {
                types.put(count.code(), count.count());
            }
        }
        assertEquals(expectedTypes, types);
        assertEquals(TYPES.length, types.size());
        assertEquals(feed.types().size(), report.total().messages().total());
        assertEquals(List.of(1L, 1L, 1L), report.total().messages().faults().stream().map(MessageCount::count).toList());
        assertEquals("add order", report.total().messages().byType().stream().filter(c -> c.code().equals("A")).findFirst().orElseThrow().name());

        final MoldSummary mold = (MoldSummary) report.section();
        assertEquals(List.of("TESTSESS01"), mold.sessions());
        assertEquals(1, mold.heartbeats());
        assertEquals(1, mold.malformedPayloads());
        // the dropped packet and the one held back are gaps when the packets after them come
        assertEquals(2, mold.gaps());
        assertEquals(10, mold.missedMessages());
        assertEquals(2, mold.firstGaps().size());
        final SequenceGap gap = mold.firstGaps().get(0);
        assertEquals(List.of("TESTSESS01", gapFrom, gapFrom + 4, file.toString(), gapPacket),
                List.of(gap.session(), gap.from(), gap.to(), gap.file(), gap.packet()));
        final SequenceGap held = mold.firstGaps().get(1);
        assertEquals(List.of(reorderedFrom, reorderedFrom + 4, reorderedPacket), List.of(held.from(), held.to(), held.packet()));
        // the held packet fills its gap when it comes: its messages count; only the dropped ones stay missing
        assertEquals(List.of(1L, 5L, 5L), List.of(mold.reorderedPackets(), mold.reorderedMessages(), mold.missingMessages()));
        assertEquals(1, mold.duplicatePackets());
        assertEquals(5, mold.duplicateMessages());

        final List<Long> millis = new ArrayList<>();
        for (final long nanos : feed.timestamps()) {
            millis.add(nanos / 1_000_000);
        }
        final PlainLateness plain = new PlainLateness(millis);
        final LatenessSummary lateness = report.lateness();
        assertEquals(millis.size(), lateness.events());
        assertEquals(plain.behind(), lateness.behind());
        assertEquals(List.of(plain.percentile(500_000), plain.percentile(990_000), plain.percentile(999_000), plain.max()),
                List.of(lateness.p50(), lateness.p99(), lateness.p999(), lateness.max()));
        assertTrue(lateness.p99() > 0, "the stragglers reach p99: " + lateness.p99());
        final long suggested = (plain.percentile(999_000) + 9) / 10 * 10;
        assertEquals(suggested, lateness.suggestedBound());
        assertEquals(plain.laterThan(suggested), lateness.laterThanSuggested());

        final Traffic traffic = report.total();
        assertEquals(feed.datagrams(), traffic.packets());
        assertEquals(feed.datagrams(), traffic.datagrams());
        assertEquals(feed.datagrams() - 10, traffic.decodedDatagrams()); // the ten to port 8125 are only counted
        assertEquals(List.of("10.0.0.1:40000 -> 233.54.12.111:26400", "10.0.0.1:40000 -> 233.54.12.111:8125"),
                traffic.flows().stream().map(flow -> flow.source() + " -> " + flow.destination()).toList());
        assertEquals(List.of(feed.datagrams() - 10, 10L), traffic.flows().stream().map(FlowCount::packets).toList());
        assertEquals((feed.datagrams() - 1) * 1_000_000L, traffic.durationNanos());
        assertEquals(feed.types().size() * 1e9 / traffic.durationNanos(), traffic.perSecond(traffic.messages().total()), 1e-9);
        assertEquals(traffic.messages().total(), report.files().get(0).traffic().messages().total());
    }

    @Test
    void reorderedPacketsFillTheirGapsInAnyOrderAndAResentOneIsADuplicate() {
        final Path file = dir.resolve("reordered.pcap");
        final ItchFeed feed;
        try (ItchFeed written = new ItchFeed(file, "SESSION001")) {
            feed = written;
            long clock = NINE_THIRTY;
            for (int p = 0; p < 12; p++) {
                for (int m = 0; m < 3; m++) {
                    clock += 1_000_000;
                    written.message(ItchMessageType.ADD_ORDER, clock);
                }
                if (p >= 2 && p <= 4 || p == 7) {
                    written.hold(); // packets 2, 3 and 4 in a row, and packet 7 alone
                } else {
                    written.send();
                }
            }
            // the middle one of three first (the gap splits), then the last (its end), then the first (its start)
            written.release(1).release(2).release(0);
            written.release(3).release(3); // the last packet held, then the same packet again: a duplicate
        }
        final MoldSummary mold = (MoldSummary) new CaptureInspector(InspectOptions.defaults()).inspect(List.of(file)).section();
        assertEquals(List.of(2L, 12L), List.of(mold.gaps(), mold.missedMessages()));
        assertEquals(List.of(4L, 12L, 0L), List.of(mold.reorderedPackets(), mold.reorderedMessages(), mold.missingMessages()));
        assertEquals(List.of(1L, 3L), List.of(mold.duplicatePackets(), mold.duplicateMessages()));
        final InspectionReport report = new CaptureInspector(InspectOptions.defaults()).inspect(List.of(file));
        assertEquals(36, report.total().messages().total());
        final List<Long> millis = feed.timestamps().stream().map(nanos -> nanos / 1_000_000).toList();
        final PlainLateness plain = new PlainLateness(millis);
        assertEquals(List.of(plain.behind(), plain.max()), List.of(report.lateness().behind(), report.lateness().max()));
        assertEquals(12, report.lateness().behind());
    }

    @Test
    void messagesAreCountedPerFileAndLatenessAcrossFiles() {
        final Path first = dir.resolve("first.pcap");
        final Path second = dir.resolve("second.pcap");
        // the second file's messages lie 100 ms before the first file's last: late across the file boundary
        try (ItchFeed feed = new ItchFeed(first, "SESSION001")) {
            feed.message(ItchMessageType.ADD_ORDER, NINE_THIRTY + 200_000_000).message(ItchMessageType.ADD_ORDER, NINE_THIRTY + 300_000_000)
                    .send();
        }
        try (ItchFeed feed = new ItchFeed(second, "SESSION002")) {
            feed.message(ItchMessageType.ORDER_DELETE, NINE_THIRTY + 200_000_000).send();
        }
        final InspectionReport report = new CaptureInspector(InspectOptions.defaults()).inspect(List.of(first, second));
        assertEquals(List.of(2L, 1L), report.files().stream().map(file -> file.traffic().messages().total()).toList());
        assertEquals(3, report.total().messages().total());
        assertEquals(List.of("SESSION001", "SESSION002"), ((MoldSummary) report.section()).sessions());
        assertEquals(2, ((MoldSummary) report.section()).sessionCount());
        assertEquals(0, ((MoldSummary) report.section()).gaps());
        assertEquals(List.of(3L, 1L, 100L), List.of(report.lateness().events(), report.lateness().behind(), report.lateness().max()));
    }
}
