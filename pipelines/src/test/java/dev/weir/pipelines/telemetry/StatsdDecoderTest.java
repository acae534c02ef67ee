package dev.weir.pipelines.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.weir.codec.statsd.MetricType;
import dev.weir.pipelines.replay.ReplayContext;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The StatsD decoder over captured datagrams: samples, interned keys, event times, malformed lines and counts. */
class StatsdDecoderTest {
    /** 2023-11-14T22:13:20Z plus some microseconds: the event time is the capture time in whole milliseconds. */
    private static final long T0_MICROS = 1_700_000_000_000_000L;

    @TempDir
    Path dir;

    private final List<String> warnings = new ArrayList<>();
    private final StatsdDecoder decoder = new StatsdDecoder(new ReplayContext(warnings::add, 64));
    private final List<String> emitted = new ArrayList<>();
    /** The samples as emitted; the pool of 64 refills them after 64 more, so only short tests read them afterwards. */
    private final List<MetricSample> samples = new ArrayList<>();
    /** The keys of each sample as emitted (immutable, so they can be kept). */
    private final List<Host> hosts = new ArrayList<>();
    private final List<Series> series = new ArrayList<>();

    private void decode(final CaptureFixture capture) {
        CaptureFixture.replay(capture.write(dir.resolve("statsd.pcap")), datagram -> decoder.decode(datagram, (sample, time) -> {
            emitted.add(time + " " + describe(sample));
            samples.add(sample);
            hosts.add(sample.host());
            series.add(sample.series());
        }));
    }

    /** What a sample holds, read through its accessors at the time it is emitted (it is pooled). */
    private static String describe(final MetricSample sample) {
        if (sample.isPacket()) {
            return "packet " + sample.host().address();
        }
        assertSame(sample.series().host(), sample.host());
        return sample.host().address() + " " + sample.series().name() + " " + sample.type().symbol() + " " + sample.value()
                + (sample.sampleRate() == 1.0 ? "" : " @" + sample.sampleRate()) + (sample.isDelta() ? " delta" : "");
    }

    @Test
    void everyTypeWithRatesDeltasAndTagsBecomesOneSampleAfterThePacketSample() {
        decode(new CaptureFixture().datagram("10.0.0.7", T0_MICROS + 1_999, "api.hits:3|c|@0.5|#env:prod,canary\n"
                + "queue.depth:17.25|g\n"
                + "queue.depth:-3|g\n"
                + "queue.depth:+4|g|#env:prod\n"
                + "db.query:320|ms|#db:main|@0.25\r\n"
                + "payload:1e3|h\n"
                + "latency:2.5E-3|d\n"
                + "users:alice|s\n"
                + "\n"));
        final long ms = T0_MICROS / 1000 + 1;
        assertEquals(List.of(
                ms + " packet 10.0.0.7",
                ms + " 10.0.0.7 api.hits c 3.0 @0.5",
                ms + " 10.0.0.7 queue.depth g 17.25",
                ms + " 10.0.0.7 queue.depth g -3.0 delta",
                ms + " 10.0.0.7 queue.depth g 4.0 delta",
                ms + " 10.0.0.7 db.query ms 320.0 @0.25",
                ms + " 10.0.0.7 payload h 1000.0",
                ms + " 10.0.0.7 latency d 0.0025",
                ms + " 10.0.0.7 users s NaN"), emitted);
        assertEquals(6.0, samples.get(1).scaledCount());
        assertEquals(List.of(), warnings);
    }

    @Test
    void hostsAndSeriesAreOneInstancePerAddressAndPerHostAndName() {
        decode(new CaptureFixture()
                .datagram("10.0.0.7", T0_MICROS, "a:1|c\nb:1|c")
                .datagram("10.0.0.8", T0_MICROS + 1_000, "a:2|c")
                .datagram("2001:db8::7", T0_MICROS + 2_000, "a:3|c")
                .datagram("10.0.0.7", T0_MICROS + 3_000, "b:4|c\na:5|c|#t")
                .datagram("2001:db8:0:0:0:0:0:7", T0_MICROS + 4_000, "a:6|c"));
        final List<String> keys = new ArrayList<>();
        for (final MetricSample sample : samples) {
            keys.add(sample.isPacket() ? sample.host().address() : sample.series().toString());
        }
        assertEquals(List.of("10.0.0.7", "10.0.0.7 a", "10.0.0.7 b", "10.0.0.8", "10.0.0.8 a", "2001:db8::7", "2001:db8::7 a",
                "10.0.0.7", "10.0.0.7 b", "10.0.0.7 a", "2001:db8::7", "2001:db8::7 a"), keys);
        // the pool has 64 samples, more than these 12: each still holds what it was emitted with
        assertSame(samples.get(0).host(), samples.get(7).host());
        assertSame(samples.get(1).series(), samples.get(9).series());
        assertSame(samples.get(2).series(), samples.get(8).series());
        assertSame(samples.get(6).series(), samples.get(11).series());
        assertSame(samples.get(5).host(), samples.get(10).host());
        assertNotSame(samples.get(1).series(), samples.get(4).series());
        assertEquals(new Series(new Host("10.0.0.7"), "a"), samples.get(1).series());
        assertEquals(new Series(new Host("10.0.0.7"), "a").hashCode(), samples.get(1).series().hashCode());
        assertEquals(new Host("2001:db8::7").hashCode(), samples.get(5).host().hashCode());
        assertEquals(3L, decoder.counts().get("hosts"));
        assertEquals(4L, decoder.counts().get("series"));
    }

    @Test
    void hostsAndSeriesStayOnePerKeyWhileTheTablesGrow() {
        final CaptureFixture capture = new CaptureFixture();
        for (int round = 0; round < 2; round++) {
            for (int i = 0; i < 300; i++) {
                capture.datagram(i % 2 == 0 ? "10.1." + i / 256 + "." + i % 256 : "2001:db8::" + Integer.toHexString(i), T0_MICROS + i,
                        "m" + i % 7 + ":1|c\nshared:" + i + "|g");
            }
        }
        decode(capture);
        final int perRound = hosts.size() / 2;
        for (int i = 0; i < perRound; i++) {
            assertSame(hosts.get(i), hosts.get(perRound + i));
            assertSame(series.get(i), series.get(perRound + i));
        }
        assertEquals(new Host("2001:db8::12b"), hosts.get(perRound - 1));
        assertEquals(new Series(new Host("10.1.1.42"), "shared"), series.get(perRound - 4));
        assertEquals(300L, decoder.counts().get("hosts"));
        assertEquals(600L, decoder.counts().get("series"));
    }

    @Test
    void theEventTimeIsTheCaptureTimeInWholeMilliseconds() {
        decode(new CaptureFixture()
                .datagram("10.0.0.1", T0_MICROS, "a:1|ms")
                .datagram("10.0.0.1", T0_MICROS + 999, "a:2|ms")
                .datagram("10.0.0.1", T0_MICROS + 1_000, "a:3|ms")
                .datagram("10.0.0.1", T0_MICROS + 30_000_000, "a:4|ms"));
        final long ms = T0_MICROS / 1000;
        assertEquals(List.of(ms + " packet 10.0.0.1", ms + " 10.0.0.1 a ms 1.0", ms + " packet 10.0.0.1", ms + " 10.0.0.1 a ms 2.0",
                (ms + 1) + " packet 10.0.0.1", (ms + 1) + " 10.0.0.1 a ms 3.0",
                (ms + 30_000) + " packet 10.0.0.1", (ms + 30_000) + " 10.0.0.1 a ms 4.0"), emitted);
    }

    @Test
    void malformedLinesAreSkippedWarnedAboutTenTimesAndCounted() {
        final CaptureFixture capture = new CaptureFixture()
                .datagram("10.0.0.1", T0_MICROS, "good:1|c\nbad line\n:5|c\ngood:2|c")
                .datagram("10.0.0.2", T0_MICROS, "only bad\n");
        for (int i = 0; i < 5; i++) {
            capture.datagram("10.0.0.1", T0_MICROS + i, "x:1|c|@7\nx:1|q\ny:2|g");
        }
        decode(capture);
        assertEquals(List.of(
                "statsd.pcap: packet 1, payload byte 9: missing ':' after the name",
                "statsd.pcap: packet 1, payload byte 18: empty name",
                "statsd.pcap: packet 2, payload byte 0: missing ':' after the name",
                "statsd.pcap: packet 3, payload byte 0: sample rate outside (0,1]",
                "statsd.pcap: packet 3, payload byte 9: unknown type (expected c, g, ms, h, d or s)",
                "statsd.pcap: packet 4, payload byte 0: sample rate outside (0,1]",
                "statsd.pcap: packet 4, payload byte 9: unknown type (expected c, g, ms, h, d or s)",
                "statsd.pcap: packet 5, payload byte 0: sample rate outside (0,1]",
                "statsd.pcap: packet 5, payload byte 9: unknown type (expected c, g, ms, h, d or s)",
                "statsd.pcap: packet 6, payload byte 0: sample rate outside (0,1]"), warnings);
        decoder.endOfInput();
        assertEquals("13 malformed lines skipped", warnings.get(warnings.size() - 1));
        assertEquals(11, warnings.size());
        // the datagram with only bad lines still says its host was there
        assertEquals(List.of("packet 10.0.0.1", "10.0.0.1 good c 1.0", "10.0.0.1 good c 2.0", "packet 10.0.0.2",
                "packet 10.0.0.1", "10.0.0.1 y g 2.0"), emitted.subList(0, 6).stream().map(e -> e.substring(e.indexOf(' ') + 1)).toList());
        final Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("datagrams", 7L);
        counts.put("lines", 20L);
        counts.put("counters (c)", 2L);
        counts.put("gauges (g)", 5L);
        counts.put("timers (ms)", 0L);
        counts.put("histograms (h)", 0L);
        counts.put("distributions (d)", 0L);
        counts.put("sets (s)", 0L);
        counts.put("malformed lines", 13L);
        counts.put("hosts", 2L);
        counts.put("series", 2L);
        assertEquals(counts, decoder.counts());
        assertEquals(List.copyOf(counts.keySet()), List.copyOf(decoder.counts().keySet()));
    }

    @Test
    void tenMalformedLinesOrFewerLeaveNoCountAtTheEnd() {
        decode(new CaptureFixture().datagram("10.0.0.1", T0_MICROS, "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk:1|c"));
        decoder.endOfInput();
        assertEquals(10, warnings.size());
        assertEquals("statsd.pcap: packet 1, payload byte 18: missing ':' after the name", warnings.get(9));
        assertEquals(MetricType.COUNTER, samples.get(1).type());
        assertEquals(1L, decoder.counts().get("counters (c)"));
    }

    @Test
    void oneMalformedLineBeyondTenIsCountedInTheSingular() {
        decode(new CaptureFixture().datagram("10.0.0.1", T0_MICROS, "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk"));
        decoder.endOfInput();
        assertEquals(List.of("11 malformed lines skipped"), warnings.subList(10, warnings.size()));
    }
}
