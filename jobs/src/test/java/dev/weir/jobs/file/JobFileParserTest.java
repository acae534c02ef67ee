package dev.weir.jobs.file;

import dev.weir.time.WatermarkKind;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The job-file parser (docs/scenarios.md): valid jobs with their defaults, and for every
 * mistake the exact one-line message naming file, line and field.
 */
class JobFileParserTest {
    private static final String FILE = "job.yaml";
    private static final String MONOTONOUS = "watermarks:\n  strategy: monotonous\n";
    private static final String TUMBLING = MONOTONOUS + "window:\n  type: tumbling\n  size: 1000\n";

    private static JobSpec parse(final String yaml) {
        return JobFileParser.parse(FILE, new StringReader(yaml));
    }

    private static JobFileException error(final String yaml) {
        return assertThrows(JobFileException.class, () -> parse(yaml));
    }

    @Test
    void aMinimalJobTakesTheDefaults() {
        final JobSpec job = parse(MONOTONOUS);
        assertAll(
                () -> assertEquals(1, job.channels()),
                () -> assertEquals(1, job.parallelism()),
                () -> assertEquals(WatermarkKind.MONOTONOUS, job.watermarks().kind()),
                () -> assertEquals(200, job.watermarks().intervalMillis()),
                () -> assertEquals(0, job.watermarks().idlenessMillis()),
                () -> assertEquals(0, job.watermarks().maxOutOfOrdernessMillis()),
                () -> assertNull(job.window()));
    }

    @Test
    void aWindowTakesTheDefaults() {
        final WindowSpec window = parse(TUMBLING).window();
        assertAll(
                () -> assertEquals(WindowKind.TUMBLING, window.kind()),
                () -> assertEquals(1000, window.sizeMillis()),
                () -> assertEquals(0, window.offsetMillis()),
                () -> assertNull(window.trigger()),
                () -> assertEquals(0, window.allowedLatenessMillis()),
                () -> assertFalse(window.sideOutputLateData()));
    }

    @Test
    void everyFieldIsRead() {
        final JobSpec job = parse("# a comment\n"
                + "channels: 3\n"
                + "watermarks:\n"
                + "  strategy: bounded-out-of-orderness\n"
                + "  maxOutOfOrderness: 2000\n"
                + "  interval: 0\n"
                + "  idleness: 5000\n"
                + "window:\n"
                + "  type: sliding\n"
                + "  size: 5000\n"
                + "  slide: 1000\n"
                + "  offset: -999\n"
                + "  trigger: continuous-event-time:250\n"
                + "  allowedLateness: 3000\n"
                + "  sideOutputLateData: true\n"
                + "parallelism: 128\n");
        assertAll(
                () -> assertEquals(3, job.channels()),
                () -> assertEquals(128, job.parallelism()),
                () -> assertEquals(WatermarkKind.BOUNDED_OUT_OF_ORDERNESS, job.watermarks().kind()),
                () -> assertEquals(2000, job.watermarks().maxOutOfOrdernessMillis()),
                () -> assertEquals(0, job.watermarks().intervalMillis()),
                () -> assertEquals(5000, job.watermarks().idlenessMillis()),
                () -> assertEquals(WindowKind.SLIDING, job.window().kind()),
                () -> assertEquals(5000, job.window().sizeMillis()),
                () -> assertEquals(1000, job.window().slideMillis()),
                () -> assertEquals(-999, job.window().offsetMillis()),
                () -> assertEquals(TriggerSpec.Kind.CONTINUOUS_EVENT_TIME, job.window().trigger().kind()),
                () -> assertEquals(250, job.window().trigger().parameter()),
                () -> assertEquals(3000, job.window().allowedLatenessMillis()),
                () -> assertTrue(job.window().sideOutputLateData()));
    }

    @Test
    void durationsTakeTheUnitsOfTheOptionsAndPlainNumbersStayMilliseconds() {
        final JobSpec job = parse("watermarks:\n"
                + "  strategy: bounded-out-of-orderness\n"
                + "  maxOutOfOrderness: 2s\n"
                + "  interval: 200ms\n"
                + "  idleness: 1m\n"
                + "window:\n"
                + "  type: sliding\n"
                + "  size: 10s\n"
                + "  slide: 5000\n"
                + "  offset: -1s\n"
                + "  allowedLateness: 0s\n");
        assertAll(
                () -> assertEquals(2000, job.watermarks().maxOutOfOrdernessMillis()),
                () -> assertEquals(200, job.watermarks().intervalMillis()),
                () -> assertEquals(60_000, job.watermarks().idlenessMillis()),
                () -> assertEquals(10_000, job.window().sizeMillis()),
                () -> assertEquals(5000, job.window().slideMillis()),
                () -> assertEquals(-1000, job.window().offsetMillis()),
                () -> assertEquals(0, job.window().allowedLatenessMillis()));
        assertEquals(3000, parse(MONOTONOUS + "window:\n  type: session\n  gap: 3s\n").window().gapMillis());
        assertEquals(5000, parse(MONOTONOUS + "window:\n  type: global\n  trigger: continuous-event-time:5s\n").window().trigger()
                .parameter());
    }

    @Test
    void aDurationWithAnotherUnitIsOneMessageNamingFileLineAndKey() {
        assertEquals("job.yaml:5: field 'window.size': '5h' is not a duration (milliseconds, or a whole number with a unit:"
                + " 250ms, 2s, 1m)", error(MONOTONOUS + "window:\n  type: tumbling\n  size: 5h\n").getMessage());
        assertEquals("job.yaml:3: field 'watermarks.interval': '1.5s' is not a duration (milliseconds, or a whole number with a unit:"
                + " 250ms, 2s, 1m)", error(MONOTONOUS + "  interval: 1.5s\n").getMessage());
        assertEquals("job.yaml:5: field 'window.trigger': '5h' in 'continuous-event-time:5h' is not a duration (milliseconds, or a whole"
                + " number with a unit: 250ms, 2s, 1m)",
                error(MONOTONOUS + "window:\n  type: global\n  trigger: continuous-event-time:5h\n").getMessage());
        assertEquals("job.yaml:5: field 'window.gap': must be at least 1 ms, got 0s",
                error(MONOTONOUS + "window:\n  type: session\n  gap: 0s\n").getMessage());
        assertEquals("job.yaml:5: field 'window.size': must be at least 1, got 9999999999999999m (beyond 64 bits of milliseconds)",
                error(MONOTONOUS + "window:\n  type: tumbling\n  size: 9999999999999999m\n").getMessage());
    }

    @Test
    void sessionAndGlobalWindows() {
        final WindowSpec session = parse(MONOTONOUS + "window:\n  type: session\n  gap: 3000\n  trigger: processing-time\n").window();
        assertEquals(WindowKind.SESSION, session.kind());
        assertEquals(3000, session.gapMillis());
        assertEquals(TriggerSpec.Kind.PROCESSING_TIME, session.trigger().kind());

        final WindowSpec global = parse(MONOTONOUS + "window:\n  type: global\n  trigger: purging-count:7\n").window();
        assertEquals(WindowKind.GLOBAL, global.kind());
        assertEquals(TriggerSpec.Kind.PURGING_COUNT, global.trigger().kind());
        assertEquals(7, global.trigger().parameter());

        final WindowSpec continuous = parse(MONOTONOUS + "window:\n  type: global\n  trigger: continuous-event-time:3000\n").window();
        assertEquals(TriggerSpec.Kind.CONTINUOUS_EVENT_TIME, continuous.trigger().kind());
        assertEquals(3000, continuous.trigger().parameter());
    }

    @Test
    void slidingWindowsUpToTheBoundOfWindowsPerRecordAreAccepted() {
        final WindowSpec atTheBound = parse(MONOTONOUS + "window:\n  type: sliding\n  size: 1000000000\n  slide: 10000\n").window();
        assertEquals(10_000, atTheBound.slideMillis());
        final WindowSpec largest = parse(MONOTONOUS + "window:\n  type: sliding\n  size: 9223372036854775807\n"
                + "  slide: 92233720368548\n").window();
        assertEquals(Long.MAX_VALUE, largest.sizeMillis());
    }

    @Test
    void continuousTriggersOnSlidingWindowsUpToTheBoundOfFiringsAreAccepted() {
        final WindowSpec atTheBound = parse(MONOTONOUS + "window:\n  type: sliding\n  size: 10000\n  slide: 1000\n"
                + "  trigger: continuous-event-time:1\n").window();
        assertEquals(1, atTheBound.trigger().parameter());
        final WindowSpec usual = parse(MONOTONOUS + "window:\n  type: sliding\n  size: 10000\n  slide: 1000\n"
                + "  trigger: continuous-event-time:1000\n").window();
        assertEquals(1000, usual.trigger().parameter());
    }

    @Test
    void everyStrategyAndTriggerHasItsName() {
        assertEquals(WatermarkKind.EXPLICIT, parse("watermarks:\n  strategy: explicit\n").watermarks().kind());
        assertEquals(WatermarkKind.NONE, parse("watermarks:\n  strategy: none\n").watermarks().kind());
        assertEquals(TriggerSpec.Kind.EVENT_TIME, parse(TUMBLING + "  trigger: event-time\n").window().trigger().kind());
        final TriggerSpec count = parse(TUMBLING + "  trigger: count:3\n").window().trigger();
        assertEquals(TriggerSpec.Kind.COUNT, count.kind());
        assertEquals(3, count.parameter());
    }

    @Test
    void quotedNumbersAndTheLargestOffsetAreAccepted() {
        final WindowSpec window = parse(MONOTONOUS + "window:\n  type: tumbling\n  size: \"1000\"\n  offset: 999\n").window();
        assertEquals(1000, window.sizeMillis());
        assertEquals(999, window.offsetMillis());
    }

    @Test
    void aFileIsReadFromDisk(@TempDir final Path dir) throws IOException {
        final Path file = Files.writeString(dir.resolve("disk.yaml"), TUMBLING, StandardCharsets.UTF_8);
        assertEquals(1000, JobFileParser.parse(file).window().sizeMillis());
    }

    @Test
    void aMissingFileNamesTheFile(@TempDir final Path dir) {
        final Path file = dir.resolve("missing.yaml");
        final JobFileException error = assertThrows(JobFileException.class, () -> JobFileParser.parse(file));
        assertEquals(file + ": no such job file", error.getMessage());
        assertEquals(0, error.line());
    }

    @Test
    void anErrorCarriesFileLineAndField() {
        final JobFileException error = error(TUMBLING + "  allowedLateness: -1\n");
        assertEquals(FILE, error.file());
        assertEquals(6, error.line());
        assertEquals("window.allowedLateness", error.field());
    }

    static Stream<Arguments> badJobs() {
        return Stream.of(
                Arguments.of("malformed YAML", MONOTONOUS + " window: [1,\n",
                        "job.yaml:3: not valid YAML: expected <block end>, but found '<block mapping start>'"),
                Arguments.of("tab indentation", "watermarks:\n\tstrategy: none\n",
                        "job.yaml:2: not valid YAML: found character '\\t(TAB)' that cannot start any token."
                                + " (Do not use \\t(TAB) for indentation)"),
                Arguments.of("empty file", "",
                        "job.yaml: the job file is empty; it needs at least a 'watermarks' section"),
                Arguments.of("not a mapping", "- watermarks\n",
                        "job.yaml:1: a job file must be a YAML mapping of keys to values"),
                Arguments.of("key given twice", MONOTONOUS + "watermarks:\n  strategy: none\n",
                        "job.yaml:3: field 'watermarks': is given twice (first on line 1)"),
                Arguments.of("unknown root key", MONOTONOUS + "speed: 3\n",
                        "job.yaml:3: unknown key 'speed' (valid keys: channels, watermarks, window, parallelism, inputs, join)"),
                Arguments.of("unknown key in watermarks", MONOTONOUS + "  delay: 5\n",
                        "job.yaml:3: unknown key 'watermarks.delay' (valid keys in 'watermarks': strategy, maxOutOfOrderness,"
                                + " interval, idleness)"),
                Arguments.of("unknown key in window", TUMBLING + "  colour: red\n",
                        "job.yaml:6: unknown key 'window.colour' (valid keys in 'window': type, size, slide, offset, gap,"
                                + " trigger, allowedLateness, sideOutputLateData)"),
                Arguments.of("no watermarks section", "channels: 2\n",
                        "job.yaml:1: field 'watermarks': is required (strategy: bounded-out-of-orderness, monotonous, explicit,"
                                + " none)"),
                Arguments.of("watermarks not a mapping", "watermarks: monotonous\n",
                        "job.yaml:1: field 'watermarks': must be a mapping of keys to values"),
                Arguments.of("window not a mapping", MONOTONOUS + "window: tumbling\n",
                        "job.yaml:3: field 'window': must be a mapping of keys to values"),
                Arguments.of("no strategy", "watermarks:\n  interval: 100\n",
                        "job.yaml:2: field 'watermarks.strategy': is required (one of: bounded-out-of-orderness, monotonous,"
                                + " explicit, none)"),
                Arguments.of("strategy not a single value", "watermarks:\n  strategy: [monotonous]\n",
                        "job.yaml:2: field 'watermarks.strategy': must be a single value"),
                Arguments.of("unknown strategy", "watermarks:\n  strategy: fast\n",
                        "job.yaml:2: field 'watermarks.strategy': unknown strategy 'fast' (valid: bounded-out-of-orderness,"
                                + " monotonous, explicit, none)"),
                Arguments.of("bounded-out-of-orderness without maxOutOfOrderness",
                        "watermarks:\n  strategy: bounded-out-of-orderness\n  interval: 100\n",
                        "job.yaml:2: field 'watermarks.maxOutOfOrderness': is required for strategy bounded-out-of-orderness"),
                Arguments.of("negative maxOutOfOrderness",
                        "watermarks:\n  strategy: bounded-out-of-orderness\n  maxOutOfOrderness: -5\n",
                        "job.yaml:3: field 'watermarks.maxOutOfOrderness': must be at least 0 ms, got -5"),
                Arguments.of("maxOutOfOrderness for monotonous", MONOTONOUS + "  maxOutOfOrderness: 5\n",
                        "job.yaml:3: field 'watermarks.maxOutOfOrderness': does not apply to strategy monotonous (only to"
                                + " bounded-out-of-orderness)"),
                Arguments.of("negative interval", MONOTONOUS + "  interval: -1\n",
                        "job.yaml:3: field 'watermarks.interval': must be at least 0 ms, got -1"),
                Arguments.of("interval not an integer", MONOTONOUS + "  interval: fast\n",
                        "job.yaml:3: field 'watermarks.interval': 'fast' is not a duration (milliseconds, or a whole number with a unit: 250ms, 2s, 1m)"),
                Arguments.of("interval without a value", MONOTONOUS + "  interval:\n",
                        "job.yaml:3: field 'watermarks.interval': needs a value"),
                Arguments.of("idleness 0", MONOTONOUS + "  idleness: 0\n",
                        "job.yaml:3: field 'watermarks.idleness': must be at least 1 ms, got 0"),
                Arguments.of("channels 0", "channels: 0\n" + MONOTONOUS,
                        "job.yaml:1: field 'channels': must be in 1..1024, got 0"),
                Arguments.of("parallelism 0", TUMBLING + "parallelism: 0\n",
                        "job.yaml:6: field 'parallelism': must be in 1..128 (the number of key groups), got 0"),
                Arguments.of("parallelism above the key groups", TUMBLING + "parallelism: 129\n",
                        "job.yaml:6: field 'parallelism': must be in 1..128 (the number of key groups), got 129"),
                Arguments.of("no window type", MONOTONOUS + "window:\n  size: 1000\n",
                        "job.yaml:4: field 'window.type': is required (one of: tumbling, sliding, session, global)"),
                Arguments.of("unknown window type", MONOTONOUS + "window:\n  type: hopping\n",
                        "job.yaml:4: field 'window.type': unknown window type 'hopping' (valid: tumbling, sliding, session, global)"),
                Arguments.of("tumbling without size", MONOTONOUS + "window:\n  type: tumbling\n",
                        "job.yaml:4: field 'window.size': is required for tumbling windows"),
                Arguments.of("size 0", MONOTONOUS + "window:\n  type: tumbling\n  size: 0\n",
                        "job.yaml:5: field 'window.size': must be at least 1 ms, got 0"),
                Arguments.of("slide on tumbling", TUMBLING + "  slide: 100\n",
                        "job.yaml:6: field 'window.slide': does not apply to tumbling windows"),
                Arguments.of("offset equal to size", TUMBLING + "  offset: 1000\n",
                        "job.yaml:6: field 'window.offset': must satisfy |offset| < size (1000), got 1000"),
                Arguments.of("offset equal to -size", TUMBLING + "  offset: -1000\n",
                        "job.yaml:6: field 'window.offset': must satisfy |offset| < size (1000), got -1000"),
                Arguments.of("offset Long.MIN_VALUE", TUMBLING + "  offset: " + Long.MIN_VALUE + "\n",
                        "job.yaml:6: field 'window.offset': must satisfy |offset| < size (1000), got " + Long.MIN_VALUE),
                Arguments.of("sliding without slide", MONOTONOUS + "window:\n  type: sliding\n  size: 1000\n",
                        "job.yaml:4: field 'window.slide': is required for sliding windows"),
                Arguments.of("sliding offset equal to slide",
                        MONOTONOUS + "window:\n  type: sliding\n  size: 1000\n  slide: 100\n  offset: 100\n",
                        "job.yaml:7: field 'window.offset': must satisfy |offset| < slide (100), got 100"),
                Arguments.of("session without gap", MONOTONOUS + "window:\n  type: session\n",
                        "job.yaml:4: field 'window.gap': is required for session windows"),
                Arguments.of("size on session", MONOTONOUS + "window:\n  type: session\n  gap: 10\n  size: 10\n",
                        "job.yaml:6: field 'window.size': does not apply to session windows"),
                Arguments.of("gap on global", MONOTONOUS + "window:\n  type: global\n  gap: 10\n",
                        "job.yaml:5: field 'window.gap': does not apply to the global window"),
                Arguments.of("unknown trigger", TUMBLING + "  trigger: sometimes\n",
                        "job.yaml:6: field 'window.trigger': unknown trigger 'sometimes' (valid: event-time, processing-time,"
                                + " count:N, purging-count:N, continuous-event-time:MS)"),
                Arguments.of("unknown trigger with a parameter", TUMBLING + "  trigger: every:5\n",
                        "job.yaml:6: field 'window.trigger': unknown trigger 'every:5' (valid: event-time, processing-time,"
                                + " count:N, purging-count:N, continuous-event-time:MS)"),
                Arguments.of("count 0", TUMBLING + "  trigger: count:0\n",
                        "job.yaml:6: field 'window.trigger': 'count:0' needs a positive number"),
                Arguments.of("count not an integer", TUMBLING + "  trigger: count:x\n",
                        "job.yaml:6: field 'window.trigger': 'x' in 'count:x' is not an integer"),
                Arguments.of("event-time trigger on the global window", MONOTONOUS + "window:\n  type: global\n  trigger: event-time\n",
                        "job.yaml:5: field 'window.trigger': trigger 'event-time' needs time windows, but the global window never"
                                + " ends (use count:N, purging-count:N or continuous-event-time:MS)"),
                Arguments.of("processing-time trigger on the global window",
                        MONOTONOUS + "window:\n  type: global\n  trigger: processing-time\n",
                        "job.yaml:5: field 'window.trigger': trigger 'processing-time' needs time windows, but the global window"
                                + " never ends (use count:N, purging-count:N or continuous-event-time:MS)"),
                Arguments.of("sliding windows with a billion windows per record",
                        MONOTONOUS + "window:\n  type: sliding\n  size: 1000000000\n  slide: 1\n",
                        "job.yaml:6: field 'window.slide': 1 puts each record in 1000000000 windows of size 1000000000; at most"
                                + " 100000 are allowed (use a slide of at least 10000)"),
                Arguments.of("sliding windows one window over the bound",
                        MONOTONOUS + "window:\n  type: sliding\n  size: 1000000001\n  slide: 10000\n",
                        "job.yaml:6: field 'window.slide': 10000 puts each record in 100001 windows of size 1000000001; at most"
                                + " 100000 are allowed (use a slide of at least 10001)"),
                Arguments.of("sliding windows as large as time",
                        MONOTONOUS + "window:\n  type: sliding\n  size: 9223372036854775807\n  slide: 1000\n",
                        "job.yaml:6: field 'window.slide': 1000 puts each record in 9223372036854776 windows of size"
                                + " 9223372036854775807; at most 100000 are allowed (use a slide of at least 92233720368548)"),
                Arguments.of("a continuous trigger firing a record's sliding windows too often",
                        MONOTONOUS + "window:\n  type: sliding\n  size: 100000\n  slide: 1\n  trigger: continuous-event-time:1\n",
                        "job.yaml:7: field 'window.trigger': 'continuous-event-time:1' fires each of a record's 100000 sliding windows"
                                + " up to 100000 times, 10000000000 firings for one record; at most 100000 are allowed (use a longer"
                                + " interval or a larger slide)"),
                Arguments.of("a continuous trigger one firing over the bound",
                        MONOTONOUS + "window:\n  type: sliding\n  size: 100001\n  slide: 100001\n  trigger: continuous-event-time:1\n",
                        "job.yaml:7: field 'window.trigger': 'continuous-event-time:1' fires each of a record's 1 sliding windows"
                                + " up to 100001 times, 100001 firings for one record; at most 100000 are allowed (use a longer"
                                + " interval or a larger slide)"),
                Arguments.of("negative allowedLateness", TUMBLING + "  allowedLateness: -1\n",
                        "job.yaml:6: field 'window.allowedLateness': must be at least 0 ms, got -1"),
                Arguments.of("sideOutputLateData not a boolean", TUMBLING + "  sideOutputLateData: yes\n",
                        "job.yaml:6: field 'window.sideOutputLateData': 'yes' is not true or false"),
                Arguments.of("channels that an int cast would turn into 1", "channels: 4294967297\n" + MONOTONOUS,
                        "job.yaml:1: field 'channels': must be in 1..1024, got 4294967297"),
                Arguments.of("channels that would exhaust memory", "channels: 2147483647\n" + MONOTONOUS,
                        "job.yaml:1: field 'channels': must be in 1..1024, got 2147483647"),
                Arguments.of("channels that would hang", "channels: 100000000\n" + MONOTONOUS,
                        "job.yaml:1: field 'channels': must be in 1..1024, got 100000000"),
                Arguments.of("channels one above the range", "channels: 1025\n" + MONOTONOUS,
                        "job.yaml:1: field 'channels': must be in 1..1024, got 1025"),
                Arguments.of("negative channels", "channels: -3\n" + MONOTONOUS,
                        "job.yaml:1: field 'channels': must be in 1..1024, got -3"),
                Arguments.of("channels beyond 64 bits", "channels: 18446744073709551617\n" + MONOTONOUS,
                        "job.yaml:1: field 'channels': must be in 1..1024, got 18446744073709551617 (beyond 64 bits)"),
                Arguments.of("parallelism beyond 64 bits", TUMBLING + "parallelism: -99999999999999999999\n",
                        "job.yaml:6: field 'parallelism': must be in 1..128 (the number of key groups), got -99999999999999999999"
                                + " (beyond 64 bits)"),
                Arguments.of("an interval beyond 64 bits", MONOTONOUS + "  interval: 9223372036854775808\n",
                        "job.yaml:3: field 'watermarks.interval': must be at least 0, got 9223372036854775808 (beyond 64 bits)"),
                Arguments.of("a size beyond 64 bits", MONOTONOUS + "window:\n  type: tumbling\n  size: 99999999999999999999\n",
                        "job.yaml:5: field 'window.size': must be at least 1, got 99999999999999999999 (beyond 64 bits)"),
                Arguments.of("a count beyond 64 bits", TUMBLING + "  trigger: count:9223372036854775808\n",
                        "job.yaml:6: field 'window.trigger': 'count:9223372036854775808' needs a number in 1..9223372036854775807,"
                                + " got 9223372036854775808"),
                Arguments.of("a purging count that is negative", TUMBLING + "  trigger: purging-count:-2\n",
                        "job.yaml:6: field 'window.trigger': 'purging-count:-2' needs a positive number"),
                Arguments.of("a long bad value is quoted cut to 200 characters", MONOTONOUS + "  interval: " + "x".repeat(5000) + "\n",
                        "job.yaml:3: field 'watermarks.interval': '" + "x".repeat(200) + "…' is not a duration (milliseconds, or a whole number with a unit: 250ms, 2s, 1m)"));
    }

    @Test
    void theRangesBoundsAreAccepted() {
        final JobSpec job = parse("channels: 1024\n" + TUMBLING + "parallelism: 128\n");
        assertEquals(1024, job.channels());
        assertEquals(128, job.parallelism());
        assertEquals(1, parse("channels: 1\n" + MONOTONOUS).channels());
    }

    static Stream<Arguments> badBytes() {
        // line 3 is "window:" with the bad bytes after it; "watermarks:\n  strategy: monotonous\n" is 35 bytes
        return Stream.of(
                Arguments.of("Latin-1 e-acute", new byte[] {(byte) 0xE9}),
                Arguments.of("lone continuation byte", new byte[] {(byte) 0x80}),
                Arguments.of("truncated 3-byte sequence", new byte[] {(byte) 0xE2, (byte) 0x82}),
                Arguments.of("overlong encoding", new byte[] {(byte) 0xC0, (byte) 0xAF}));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badBytes")
    void aByteThatIsNotUtf8IsNamedByLineAndOffset(final String description, final byte[] bad, @TempDir final Path dir)
            throws IOException {
        final Path file = dir.resolve("job.yaml");
        final byte[] before = (MONOTONOUS + "window:").getBytes(StandardCharsets.UTF_8);
        final byte[] after = "\n  type: tumbling\n  size: 1000\n".getBytes(StandardCharsets.UTF_8);
        final byte[] bytes = new byte[before.length + bad.length + after.length];
        System.arraycopy(before, 0, bytes, 0, before.length);
        System.arraycopy(bad, 0, bytes, before.length, bad.length);
        System.arraycopy(after, 0, bytes, before.length + bad.length, after.length);
        Files.write(file, bytes);
        final JobFileException error = assertThrows(JobFileException.class, () -> JobFileParser.parse(file));
        assertEquals(file + ":3: byte offset 42: not UTF-8", error.getMessage());
    }

    static Stream<Arguments> controlCharacters() {
        return Stream.of(
                Arguments.of("NUL in a value", "  type: tumb\u0000ling\n", 4, "U+0000"),
                Arguments.of("ESC in a quoted value", "  type: tumbling\n  trigger: \"\u001b[31mred\"\n", 5, "U+001B"),
                Arguments.of("BEL in a key", "  ty\u0007pe: tumbling\n", 4, "U+0007"),
                Arguments.of("DEL after a value", "  type: tumbling\n  size: 1000\u007f\n", 5, "U+007F"),
                Arguments.of("C1 control in a comment", "  type: tumbling # \u0090\n", 4, "U+0090"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("controlCharacters")
    void aControlCharacterIsNamedByItsLine(final String description, final String windowLines, final int line, final String character,
            @TempDir final Path dir) throws IOException {
        final Path file = Files.writeString(dir.resolve("job.yaml"), MONOTONOUS + "window:\n" + windowLines + "  size: 1000\n",
                StandardCharsets.UTF_8);
        final JobFileException error = assertThrows(JobFileException.class, () -> JobFileParser.parse(file));
        assertEquals(file + ":" + line + ": character " + character + " is not allowed in YAML (a control character)",
                error.getMessage());
    }

    @Test
    void aByteOrderMarkIsSkipped(@TempDir final Path dir) throws IOException {
        final Path file = dir.resolve("bom.yaml");
        final byte[] text = ("channels: 2\n" + TUMBLING).getBytes(StandardCharsets.UTF_8);
        final byte[] bytes = new byte[text.length + 3];
        bytes[0] = (byte) 0xEF;
        bytes[1] = (byte) 0xBB;
        bytes[2] = (byte) 0xBF;
        System.arraycopy(text, 0, bytes, 3, text.length);
        Files.write(file, bytes);
        assertEquals(2, JobFileParser.parse(file).channels());
    }

    @Test
    void aDirectoryIsNotAJobFile(@TempDir final Path dir) {
        final JobFileException error = assertThrows(JobFileException.class, () -> JobFileParser.parse(dir));
        assertEquals(dir + ": is a directory, not a job file", error.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badJobs")
    void aBadJobIsOneMessageNamingFileLineAndField(final String description, final String yaml, final String message) {
        assertEquals(message, error(yaml).getMessage());
    }
}
