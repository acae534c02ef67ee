package dev.weir.codec.statsd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** StatsD lines: every type, signed gauges, rates, tags, several lines, and every kind of malformed line. */
class StatsdParserTest {
    /** What a handler saw of one metric, copied out of the flyweight. */
    private record Seen(String name, MetricType type, String valueText, double value, boolean delta, double rate,
                        List<String> tags, int lineOffset) {
    }

    private final List<Seen> metrics = new ArrayList<>();
    private final List<String> malformed = new ArrayList<>();

    private int parse(final String payload) {
        final UnsafeBuffer buffer = Payloads.inBuffer(payload);
        return new StatsdParser().parse(buffer, Payloads.OFFSET, Payloads.length(payload), metric -> {
            final List<String> tags = new ArrayList<>();
            final ByteSpan tag = new ByteSpan();
            for (int i = 0; i < metric.tagCount(); i++) {
                tags.add(metric.tag(i, tag).asString());
            }
            metrics.add(new Seen(metric.name().asString(), metric.type(), metric.valueText().asString(),
                    metric.type() == MetricType.SET ? Double.NaN : metric.value(), metric.isDelta(), metric.sampleRate(),
                    tags, metric.lineOffset()));
        }, (offset, reason) -> malformed.add(offset + ": " + reason.text()));
    }

    /** Parses with a handler of the test's own, ignoring malformed lines. */
    private static void parseInto(final String payload, final StatsdMetricHandler handler) {
        new StatsdParser().parse(Payloads.inBuffer(payload), Payloads.OFFSET, Payloads.length(payload), handler, MalformedLineListener.IGNORE);
    }

    static Stream<Arguments> everyType() {
        return Stream.of(
                Arguments.of("requests:5|c", MetricType.COUNTER, 5.0),
                Arguments.of("errors:-2|c", MetricType.COUNTER, -2.0),
                Arguments.of("queue.depth:17.25|g", MetricType.GAUGE, 17.25),
                Arguments.of("db.query:320|ms", MetricType.TIMER, 320.0),
                Arguments.of("db.query:0.75|ms", MetricType.TIMER, 0.75),
                Arguments.of("payload.bytes:1e3|h", MetricType.HISTOGRAM, 1000.0),
                Arguments.of("latency:2.5E-3|d", MetricType.DISTRIBUTION, 0.0025));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("everyType")
    void everyNumericTypeGivesItsNameTypeAndValue(final String line, final MetricType type, final double value) {
        assertEquals(1, parse(line));
        final Seen seen = metrics.get(0);
        assertEquals(line.substring(0, line.indexOf(':')), seen.name());
        assertEquals(type, seen.type());
        assertEquals(value, seen.value());
        assertEquals(line.substring(line.indexOf(':') + 1, line.indexOf('|')), seen.valueText());
        assertFalse(seen.delta());
        assertEquals(1.0, seen.rate());
        assertEquals(List.of(), seen.tags());
        assertEquals(List.of(), malformed);
    }

    @Test
    void aSetCarriesItsMemberAsOpaqueBytes() {
        assertEquals(3, parse("users:alice|s\nusers:42|s\nusers:ключ:1.5|s|#env:prod"));
        assertEquals(List.of("alice", "42", "ключ:1.5"), metrics.stream().map(Seen::valueText).toList());
        assertTrue(metrics.stream().allMatch(seen -> seen.type() == MetricType.SET && !seen.delta()));
        assertEquals(List.of("env:prod"), metrics.get(2).tags());
    }

    @Test
    void aSetHasNoNumberAndOnlyASetHasAMember() {
        final List<String> errors = new ArrayList<>();
        parseInto("u:bob|s\nc:1|c", metric -> {
            if (metric.type() == MetricType.SET) {
                assertEquals("bob", metric.member().asString());
                errors.add(assertThrows(IllegalStateException.class, metric::value).getMessage());
            } else {
                errors.add(assertThrows(IllegalStateException.class, metric::member).getMessage());
            }
        });
        assertEquals(List.of("a set's value is a member, not a number", "only a set has a member, this is a c"), errors);
    }

    static Stream<Arguments> gauges() {
        return Stream.of(
                Arguments.of("g:5|g", 5.0, false),
                Arguments.of("g:0|g", 0.0, false),
                Arguments.of("g:4.5|g", 4.5, false),
                Arguments.of("g:+5|g", 5.0, true),
                Arguments.of("g:-3|g", -3.0, true),
                Arguments.of("g:+0|g", 0.0, true),
                Arguments.of("g:-0.5|g", -0.5, true),
                Arguments.of("g:+1e2|g", 100.0, true));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("gauges")
    void aSignedGaugeIsADeltaAndAnUnsignedOneALevel(final String line, final double value, final boolean delta) {
        parse(line);
        assertEquals(value, metrics.get(0).value());
        assertEquals(delta, metrics.get(0).delta());
    }

    @Test
    void onlyGaugesAreDeltas() {
        parse("c:-3|c\nt:+4|ms\nh:-1|h\nd:+2|d\ns:-x|s");
        assertEquals(List.of(-3.0, 4.0, -1.0, 2.0), metrics.stream().limit(4).map(Seen::value).toList());
        assertTrue(metrics.stream().noneMatch(Seen::delta));
    }

    static Stream<Arguments> rates() {
        return Stream.of(
                Arguments.of("c:1|c|@0.1", 0.1),
                Arguments.of("c:1|c|@1", 1.0),
                Arguments.of("c:1|c|@1.0", 1.0),
                Arguments.of("c:1|c|@.5", 0.5),
                Arguments.of("c:1|c|@0.0001", 0.0001),
                Arguments.of("t:12|ms|@0.25", 0.25),
                Arguments.of("c:1|c|@0.5|#a:b", 0.5),
                Arguments.of("c:1|c|#a:b|@0.5", 0.5),
                // only a counter's count is value / rate: other types keep a tiny rate
                Arguments.of("t:1e300|ms|@1e-10", 1e-10),
                Arguments.of("c:1.79e308|c|@1", 1.0),
                Arguments.of("c:0|c|@4.9e-324", 4.9e-324));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("rates")
    void aSampleRateInZeroToOneIsKept(final String line, final double rate) {
        assertEquals(1, parse(line));
        assertEquals(rate, metrics.get(0).rate());
    }

    @Test
    void tagsAreKeptInOrderWithNamesAndValues() {
        final List<String> parts = new ArrayList<>();
        parseInto("api.hits:1|c|#env:prod,canary,url:http://x/y,k:", metric -> {
            final ByteSpan span = new ByteSpan();
            for (int i = 0; i < metric.tagCount(); i++) {
                parts.add(metric.tag(i, span).asString() + " = " + metric.tagName(i, span).asString()
                        + " / " + metric.tagValue(i, span).asString());
            }
            assertThrows(IndexOutOfBoundsException.class, () -> metric.tag(4, span));
        });
        assertEquals(List.of("env:prod = env / prod", "canary = canary / ", "url:http://x/y = url / http://x/y", "k: = k / "), parts);
    }

    @Test
    void manyTagsOnOneLineAreAllKept() {
        final StringBuilder line = new StringBuilder("m:1|c|#");
        final List<String> tags = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            tags.add("t" + i + ":" + i);
        }
        line.append(String.join(",", tags));
        parse(line + "\nn:2|c|#only");
        assertEquals(tags, metrics.get(0).tags());
        assertEquals(List.of("only"), metrics.get(1).tags(), "the tags of the line before are gone");
    }

    @Test
    void severalLinesWithCrLfEmptyLinesAndATrailingNewline() {
        final String payload = "a:1|c\nb:+2|g\r\n\nc:3|ms|@0.5\r\n\r\nd:x|s\n";
        assertEquals(4, parse(payload));
        assertEquals(List.of(
                new Seen("a", MetricType.COUNTER, "1", 1.0, false, 1.0, List.of(), 0),
                new Seen("b", MetricType.GAUGE, "+2", 2.0, true, 1.0, List.of(), 6),
                new Seen("c", MetricType.TIMER, "3", 3.0, false, 0.5, List.of(), 15),
                new Seen("d", MetricType.SET, "x", Double.NaN, false, 1.0, List.of(), 30)), metrics);
        assertEquals(List.of(), malformed);
    }

    @Test
    void theExamplesOfTheUserDocumentationParseAsItSays() {
        parse("api.hits:1|c|@0.5|#env:prod,canary\nqueue.depth:17.25|g\nqueue.depth:-3|g\ndb.query:320|ms|#db:main\nusers:alice|s");
        assertEquals(List.of(
                new Seen("api.hits", MetricType.COUNTER, "1", 1.0, false, 0.5, List.of("env:prod", "canary"), 0),
                new Seen("queue.depth", MetricType.GAUGE, "17.25", 17.25, false, 1.0, List.of(), 35),
                new Seen("queue.depth", MetricType.GAUGE, "-3", -3.0, true, 1.0, List.of(), 55),
                new Seen("db.query", MetricType.TIMER, "320", 320.0, false, 1.0, List.of("db:main"), 72),
                new Seen("users", MetricType.SET, "alice", Double.NaN, false, 1.0, List.of(), 97)), metrics);
    }

    @Test
    void emptyPayloadsAndBlankLinesGiveNothing() {
        for (final String payload : List.of("", "\n", "\r\n", "\n\n\r\n")) {
            assertEquals(0, parse(payload), payload);
        }
        assertEquals(List.of(), metrics);
        assertEquals(List.of(), malformed);
    }

    @Test
    void theHandlerGetsTheSameFlyweightForEveryLine() {
        final List<StatsdMetric> seen = new ArrayList<>();
        parseInto("a:1|c\nb:2|c", seen::add);
        assertEquals(2, seen.size());
        assertSame(seen.get(0), seen.get(1));
        assertEquals("b:2|c", seen.get(1).toString());
    }

    @Test
    void toStringWritesTheLineBack() {
        final List<String> lines = new ArrayList<>();
        parseInto("a.b:5|c|#x:1,y|@0.5", metric -> lines.add(metric.toString()));
        assertEquals(List.of("a.b:5|c|@0.5|#x:1,y"), lines);
    }

    static Stream<Arguments> malformedLines() {
        return Stream.of(
                Arguments.of("requests|c", MalformedReason.MISSING_COLON),
                Arguments.of("requests", MalformedReason.MISSING_COLON),
                Arguments.of(":5|c", MalformedReason.EMPTY_NAME),
                Arguments.of(":", MalformedReason.EMPTY_NAME),
                Arguments.of("a:5", MalformedReason.MISSING_PIPE),
                Arguments.of("a:5c", MalformedReason.MISSING_PIPE),
                Arguments.of("a:|c", MalformedReason.EMPTY_VALUE),
                Arguments.of("a:|s", MalformedReason.EMPTY_VALUE),
                Arguments.of("a:5|x", MalformedReason.UNKNOWN_TYPE),
                Arguments.of("a:5|", MalformedReason.UNKNOWN_TYPE),
                Arguments.of("a:5|C", MalformedReason.UNKNOWN_TYPE),
                Arguments.of("a:5|msx", MalformedReason.UNKNOWN_TYPE),
                Arguments.of("a:5|m", MalformedReason.UNKNOWN_TYPE),
                Arguments.of("a:5|c |#t", MalformedReason.UNKNOWN_TYPE),
                Arguments.of("a:five|c", MalformedReason.BAD_NUMBER),
                Arguments.of("a:1.2.3|ms", MalformedReason.BAD_NUMBER),
                Arguments.of("a:NaN|g", MalformedReason.BAD_NUMBER),
                Arguments.of("a:Infinity|h", MalformedReason.BAD_NUMBER),
                Arguments.of("a:1e|d", MalformedReason.BAD_NUMBER),
                Arguments.of("a:+|g", MalformedReason.BAD_NUMBER),
                Arguments.of("a: 1|c", MalformedReason.BAD_NUMBER),
                Arguments.of("a:1:2|c", MalformedReason.BAD_NUMBER),
                Arguments.of("a:1|c|@x", MalformedReason.BAD_RATE),
                Arguments.of("a:1|c|@", MalformedReason.BAD_RATE),
                Arguments.of("a:1|c|@0.5.5", MalformedReason.BAD_RATE),
                Arguments.of("a:1|c|@0", MalformedReason.RATE_OUT_OF_RANGE),
                Arguments.of("a:1|c|@1.5", MalformedReason.RATE_OUT_OF_RANGE),
                Arguments.of("a:1|c|@-0.5", MalformedReason.RATE_OUT_OF_RANGE),
                Arguments.of("a:1|c|@-0", MalformedReason.RATE_OUT_OF_RANGE),
                Arguments.of("a:1|c|#", MalformedReason.EMPTY_TAG),
                Arguments.of("a:1|c|#a,,b", MalformedReason.EMPTY_TAG),
                Arguments.of("a:1|c|#a,", MalformedReason.EMPTY_TAG),
                Arguments.of("a:1|c|#,a", MalformedReason.EMPTY_TAG),
                Arguments.of("a:1|c|x", MalformedReason.UNKNOWN_FIELD),
                Arguments.of("a:1|c|", MalformedReason.UNKNOWN_FIELD),
                Arguments.of("a:1|c||@0.5", MalformedReason.UNKNOWN_FIELD),
                Arguments.of("a:1|c|@0.5|@0.5", MalformedReason.REPEATED_FIELD),
                Arguments.of("a:1|c|#a|#b", MalformedReason.REPEATED_FIELD),
                Arguments.of("a:1e300|c|@1e-10", MalformedReason.COUNT_OUT_OF_RANGE),
                Arguments.of("a:5|c|@4.9e-324", MalformedReason.COUNT_OUT_OF_RANGE),
                Arguments.of("a:-1.79e308|c|@0.5", MalformedReason.COUNT_OUT_OF_RANGE),
                Arguments.of("a:1e300|c|#t|@1e-10", MalformedReason.COUNT_OUT_OF_RANGE));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("malformedLines")
    void aMalformedLineIsReportedAtItsOffsetAndSkippedAndTheRestParsed(final String line, final MalformedReason reason) {
        assertEquals(2, parse("ok:1|c\n" + line + "\r\nok:2|c"));
        assertEquals(List.of("7: " + reason.text()), malformed);
        assertEquals(List.of(1.0, 2.0), metrics.stream().map(Seen::value).toList());
        assertEquals(List.of(0, 9 + Payloads.length(line)), metrics.stream().map(Seen::lineOffset).toList());
    }

    @Test
    void everyMalformedLineOfADatagramIsReportedAtItsOwnOffset() {
        final String payload = "bad\nok:1|c\nalso:bad|zz\r\n:1|c\nok:2|c|@2\nok:3|g\n";
        assertEquals(2, parse(payload));
        assertEquals(List.of(
                "0: missing ':' after the name",
                payload.indexOf("also") + ": unknown type (expected c, g, ms, h, d or s)",
                payload.indexOf("\n:1|c") + 1 + ": empty name",
                payload.indexOf("ok:2") + ": sample rate outside (0,1]"), malformed);
        assertEquals(List.of(1.0, 3.0), metrics.stream().map(Seen::value).toList());
    }

    @Test
    void offsetsCountBytesNotCharacters() {
        parse("ключ:1|c\nbad\n");
        assertEquals(List.of("13: missing ':' after the name"), malformed, "ключ takes 8 bytes in UTF-8");
        assertEquals("ключ", metrics.get(0).name());
    }
}
