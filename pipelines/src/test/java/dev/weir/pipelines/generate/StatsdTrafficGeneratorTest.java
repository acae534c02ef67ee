package dev.weir.pipelines.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.codec.statsd.MalformedReason;
import dev.weir.codec.statsd.MetricType;
import dev.weir.codec.statsd.StatsdParser;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/** Generated StatsD traffic read back through StatsdParser: the lines, types, malformed lines, hosts and silences promised. */
class StatsdTrafficGeneratorTest {
    private static final long SECOND = 1_000_000_000L;
    private static final long NINE_THIRTY = (1_795_996_800L + 34_200) * SECOND;

    /** What the parser made of the traffic. */
    private static final class Parsed {
        final long[] byType = new long[MetricType.values().length];
        final Set<MalformedReason> reasons = EnumSet.noneOf(MalformedReason.class);
        final Set<Boolean> deltas = new java.util.HashSet<>();
        final Set<Double> rates = new java.util.HashSet<>();
        final Map<Integer, List<Long>> timesByHost = new HashMap<>();
        long malformed;
        long tagged;
        long lines;

        Parsed(final List<ReadBack.Sent> sent) {
            final StatsdParser parser = new StatsdParser();
            for (final ReadBack.Sent d : sent) {
                lines += d.payload().length == 0 ? 0 : new String(d.payload(), java.nio.charset.StandardCharsets.US_ASCII).split("\n").length;
                timesByHost.computeIfAbsent(d.source(), h -> new ArrayList<>()).add(d.timestampNanos());
                parser.parse(new UnsafeBuffer(d.payload()), 0, d.payload().length, metric -> {
                    byType[metric.type().ordinal()]++;
                    tagged += metric.tagCount() > 0 ? 1 : 0;
                    rates.add(metric.sampleRate());
                    if (metric.type() == MetricType.GAUGE) {
                        deltas.add(metric.isDelta());
                    }
                }, (offset, reason) -> {
                    malformed++;
                    reasons.add(reason);
                });
            }
        }

        /** @return the longest time between two datagrams of the host, or from its last one to the end */
        long longestSilence(final int host, final long end) {
            final List<Long> times = timesByHost.get(host);
            long longest = 0;
            for (int i = 1; i < times.size(); i++) {
                longest = Math.max(longest, times.get(i) - times.get(i - 1));
            }
            return Math.max(longest, end - times.get(times.size() - 1));
        }
    }

    private static List<ReadBack.Sent> generate(final StatsdTrafficOptions options) {
        final ReadBack.Recorder recorder = new ReadBack.Recorder();
        new StatsdTrafficGenerator(options).generate(recorder);
        return recorder.sent();
    }

    @Test
    void everyLineParsesAsItsTypeWithSampleRatesDeltasAndTags() {
        final ReadBack.Recorder recorder = new ReadBack.Recorder();
        final StatsdTrafficSummary summary = new StatsdTrafficGenerator(StatsdTrafficOptions.of(3, 10_000, 1_000)).generate(recorder);
        final Parsed parsed = new Parsed(recorder.sent());
        assertEquals(10_000, parsed.lines);
        assertEquals(10_000, summary.lines());
        assertEquals(0, parsed.malformed);
        for (final MetricType type : MetricType.values()) {
            assertTrue(parsed.byType[type.ordinal()] > 0, "some " + type);
            assertEquals(summary.count(type), parsed.byType[type.ordinal()], type.symbol());
        }
        assertEquals(Set.of(1.0, 0.5, 0.1), parsed.rates);
        assertEquals(Set.of(true, false), parsed.deltas, "gauge levels and changes");
        assertTrue(parsed.tagged > 10_000 / 8 && parsed.tagged < 10_000 / 3, parsed.tagged + " tagged");
        assertEquals(recorder.sent().size(), summary.datagrams());
        assertTrue(summary.datagrams() > 10_000 / 5 && summary.datagrams() < 10_000 / 2, "one to five lines a datagram");
        assertEquals(recorder.sent().stream().mapToLong(d -> d.payload().length).sum(), summary.payloadBytes());
        final long last = recorder.sent().get(recorder.sent().size() - 1).timestampNanos();
        assertTrue(last - NINE_THIRTY > 9 * SECOND && last - NINE_THIRTY < 11 * SECOND, "10,000 lines at 1,000 a second take 10 s");
        assertEquals(Set.of(0x7F00_0001, 0x7F00_0002, 0x7F00_0003), parsed.timesByHost.keySet());
        for (final ReadBack.Sent d : recorder.sent()) {
            assertEquals(40_000 + d.source() - 0x7F00_0001, d.sourcePort());
            assertEquals(StatsdTrafficOptions.DEFAULT_DESTINATION, d.destination());
            assertEquals(8_125, d.destinationPort());
        }
    }

    @Test
    void aFractionOfTheLinesIsMalformedInEveryWayTheParserNames() {
        for (final double fraction : new double[] {0.02, 0.1, 0.5}) {
            final ReadBack.Recorder recorder = new ReadBack.Recorder();
            final StatsdTrafficSummary summary = new StatsdTrafficGenerator(new StatsdTrafficOptions(2, 20_000, 2_000, 4, fraction,
                    StatsdTrafficOptions.DEFAULT_PORT, StatsdTrafficOptions.DEFAULT_DESTINATION)).generate(recorder);
            final Parsed parsed = new Parsed(recorder.sent());
            assertEquals(summary.malformed(), parsed.malformed);
            assertEquals(20_000 - parsed.malformed, java.util.Arrays.stream(parsed.byType).sum());
            assertTrue(Math.abs(parsed.malformed - fraction * 20_000) < fraction * 20_000 * 0.15, parsed.malformed + " malformed");
            assertEquals(EnumSet.of(MalformedReason.MISSING_COLON, MalformedReason.EMPTY_NAME, MalformedReason.MISSING_PIPE,
                    MalformedReason.EMPTY_VALUE, MalformedReason.UNKNOWN_TYPE, MalformedReason.BAD_NUMBER,
                    MalformedReason.RATE_OUT_OF_RANGE, MalformedReason.EMPTY_TAG), parsed.reasons);
        }
    }

    @Test
    void inAMinuteOrMoreSomeHostsFallSilentForFortySecondsAndOneForGood() {
        // 100 s from five hosts: the second falls silent and comes back, the last never comes back
        final ReadBack.Recorder recorder = new ReadBack.Recorder();
        final StatsdTrafficSummary summary = new StatsdTrafficGenerator(new StatsdTrafficOptions(5, 4_000, 40, 8, 0, 9_000,
                SampleDatagrams.ipv4(10, 0, 0, 100))).generate(recorder);
        assertEquals(1, summary.silences());
        assertEquals(1, summary.departures());
        final Parsed parsed = new Parsed(recorder.sent());
        final long end = recorder.sent().get(recorder.sent().size() - 1).timestampNanos();
        final int first = SampleDatagrams.ipv4(10, 0, 0, 1);
        assertEquals(Set.of(first, first + 1, first + 2, first + 3, first + 4), parsed.timesByHost.keySet());
        assertTrue(parsed.longestSilence(first + 1, end) >= 40 * SECOND, "the second host is silent for 40 s");
        assertTrue(parsed.timesByHost.get(first + 1).get(parsed.timesByHost.get(first + 1).size() - 1) > end - 20 * SECOND,
                "and comes back");
        final List<Long> last = parsed.timesByHost.get(first + 4);
        assertTrue(end - last.get(last.size() - 1) >= 30 * SECOND, "the last host stops for good before 70 % of the traffic");
        for (final int host : new int[] {first, first + 2, first + 3}) {
            assertTrue(parsed.longestSilence(host, end) < 10 * SECOND, "host " + (host - first) + " keeps sending");
        }
        for (final ReadBack.Sent d : recorder.sent()) {
            assertEquals(9_000, d.destinationPort());
        }
    }

    @Test
    void trafficShorterThanAMinuteHasNoSilences() {
        final ReadBack.Recorder recorder = new ReadBack.Recorder();
        final StatsdTrafficSummary summary = new StatsdTrafficGenerator(StatsdTrafficOptions.of(8, 5_000, 100)).generate(recorder);
        assertEquals(0, summary.silences() + summary.departures());
        final Parsed parsed = new Parsed(recorder.sent());
        final long end = recorder.sent().get(recorder.sent().size() - 1).timestampNanos();
        assertEquals(8, parsed.timesByHost.size());
        for (final int host : parsed.timesByHost.keySet()) {
            assertTrue(parsed.longestSilence(host, end) < 10 * SECOND);
        }
    }

    @Test
    void theSameSeedMakesTheSameBytesAndAnotherSeedOthers() {
        final StatsdTrafficOptions options = new StatsdTrafficOptions(4, 3_000, 500, 21, 0.05, 8_125, StatsdTrafficOptions.DEFAULT_DESTINATION);
        assertEquals(generate(options), generate(options));
        assertNotEquals(generate(options), generate(new StatsdTrafficOptions(4, 3_000, 500, 22, 0.05, 8_125,
                StatsdTrafficOptions.DEFAULT_DESTINATION)));
    }

    @Test
    void badOptionsAreRefusedNamingTheOption() {
        assertEquals("hosts: 0 is not within 1..254", assertThrows(IllegalArgumentException.class, () -> StatsdTrafficOptions.of(0, 1, 1))
                .getMessage());
        assertEquals("hosts: 255 is not within 1..254", assertThrows(IllegalArgumentException.class,
                () -> StatsdTrafficOptions.of(255, 1, 1)).getMessage());
        assertEquals("messages: 0 is not positive", assertThrows(IllegalArgumentException.class, () -> StatsdTrafficOptions.of(1, 0, 1))
                .getMessage());
        assertEquals("rate: 0 lines a second is not positive", assertThrows(IllegalArgumentException.class,
                () -> StatsdTrafficOptions.of(1, 1, 0)).getMessage());
        assertEquals("malformed: 1.5 is not a fraction within 0..1", assertThrows(IllegalArgumentException.class,
                () -> new StatsdTrafficOptions(1, 1, 1, 1, 1.5, 1, 1)).getMessage());
        assertEquals("malformed: NaN is not a fraction within 0..1", assertThrows(IllegalArgumentException.class,
                () -> new StatsdTrafficOptions(1, 1, 1, 1, Double.NaN, 1, 1)).getMessage());
        assertEquals("port: -1 is not within 0..65535", assertThrows(IllegalArgumentException.class,
                () -> new StatsdTrafficOptions(1, 1, 1, 1, 0, -1, 1)).getMessage());
    }
}
