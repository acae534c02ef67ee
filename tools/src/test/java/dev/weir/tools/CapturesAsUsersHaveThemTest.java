package dev.weir.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.weir.tools.cli.ExitCodes;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Captures as users have them: a gzip-compressed capture replays (and inspects) as the plain one, whatever its
 * name; {@code weir generate itch --format nasdaq-binary} writes NASDAQ's length-prefixed message format, plain or
 * gzipped, which replays to the rows of a pcap of the same session and which {@code weir inspect} recognises; a
 * message file cut inside a message is one line naming its offset with exit code 2, the rows before it printed, or
 * with {@code --skip-bad} a warning.
 */
class CapturesAsUsersHaveThemTest {
    private static final String[] SESSION = {"--symbols", "4", "--messages", "20000", "--rate", "2000", "--seed", "3"};

    @TempDir
    Path dir;

    private static Path sample() {
        final String root = System.getProperty("weir.repo.root");
        if (root == null || root.isBlank()) {
            fail("system property weir.repo.root is not set: run the tests through Maven");
        }
        return Paths.get(root).toAbsolutePath().normalize().resolve("examples/replay/itch-sample.pcap");
    }

    private Path gzip(final Path plain, final String name) throws IOException {
        final Path gzipped = dir.resolve(name);
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gzipped))) {
            Files.copy(plain, out);
        }
        return gzipped;
    }

    private Path generate(final String name, final String... format) {
        final Path out = dir.resolve(name);
        final String[] args = concat(new String[] {"generate", "itch", "--out", out.toString()}, SESSION, format);
        final CommandRun run = CommandRun.of(args);
        assertEquals(0, run.exitCode(), run::describe);
        return out;
    }

    private static String[] concat(final String[]... parts) {
        return Arrays.stream(parts).flatMap(Arrays::stream).toArray(String[]::new);
    }

    @Test
    void aGzippedCaptureReplaysAndInspectsAsThePlainOneWhateverItsName() throws IOException {
        final CommandRun plain = CommandRun.of("replay", "--pipeline", "ohlcv", sample().toString());
        for (final String name : List.of("sample.pcap.gz", "sample.pcap")) {
            final Path gzipped = gzip(sample(), name);
            final CommandRun replay = CommandRun.of("replay", "--pipeline", "ohlcv", gzipped.toString());
            assertEquals(0, replay.exitCode(), replay::describe);
            assertEquals(plain.out(), replay.out(), name);
            final CommandRun inspect = CommandRun.of("inspect", gzipped.toString());
            assertTrue(inspect.out().contains("  format      pcap, microseconds, little-endian, version 2.4, gzip-compressed\n"),
                    inspect::describe);
            assertTrue(inspect.out().contains("  packets     7782 "), inspect::describe);
        }
    }

    @Test
    void aNasdaqBinaryFileReplaysToTheRowsOfAPcapOfTheSameSession() {
        final Path pcap = generate("session.pcap");
        for (final String name : List.of("session.itch", "session.itch.gz")) {
            final Path messages = generate(name, "--format", "nasdaq-binary");
            for (final String pipeline : List.of("ohlcv", "vwap")) {
                final CommandRun fromPcap = CommandRun.of("replay", "--pipeline", pipeline, pcap.toString());
                final CommandRun fromMessages = CommandRun.of("replay", "--pipeline", pipeline, messages.toString());
                assertEquals(0, fromMessages.exitCode(), fromMessages::describe);
                assertTrue(fromPcap.outLines().size() > 20, fromPcap::describe);
                assertEquals(fromPcap.out(), fromMessages.out(), name + " " + pipeline);
                assertTrue(fromMessages.err().contains("weir replay: " + pipeline + ": 20,000 length-prefixed ITCH messages replayed (no"
                        + " packets)\n"), fromMessages::describe);
            }
        }
    }

    @Test
    void aJobFileOverAMessageFilePrintsWhatItPrintsOverThePcap() {
        final Path pcap = generate("session.pcap");
        final Path messages = generate("session.itch", "--format", "nasdaq-binary");
        final String job = sample().getParent().getParent().resolve("late-trades/job.yaml").toString();
        final CommandRun fromPcap = CommandRun.of("replay", "--job", job, "--decoder", "itch", pcap.toString());
        final CommandRun fromMessages = CommandRun.of("replay", "--job", job, "--decoder", "itch", messages.toString());
        assertEquals(0, fromMessages.exitCode(), fromMessages::describe);
        assertTrue(fromPcap.out().contains("FIRE "), fromPcap::describe);
        assertEquals(fromPcap.out(), fromMessages.out());
    }

    @Test
    void inspectRecognisesAMessageFile() {
        final Path messages = generate("session.itch.gz", "--format", "nasdaq-binary");
        final CommandRun inspect = CommandRun.of("inspect", messages.toString());
        assertEquals(0, inspect.exitCode(), inspect::describe);
        assertTrue(inspect.out().contains("  format      ITCH 5.0 messages, length-prefixed, no packets (each message counts as one),"
                + " gzip-compressed\n  packets     20000 "), inspect::describe);
        assertTrue(inspect.out().contains("  payloads    MoldUDP64/ITCH 5.0, guessed: 1 file holds length-prefixed ITCH 5.0 messages"),
                inspect::describe);
        assertTrue(inspect.out().contains("  messages    20000 (0 skipped)\n"), inspect::describe);
        final CommandRun json = CommandRun.of("inspect", "--format", "json", messages.toString());
        assertTrue(json.out().contains("\"format\":\"itch-messages\",\"compressed\":true,\"sections\":[]"), json::describe);
    }

    @Test
    void aCutMessageFileIsOneLineWithItsOffsetAndExitCode2AfterTheRowsBeforeIt() throws IOException {
        final byte[] whole = Files.readAllBytes(generate("whole.itch", "--format", "nasdaq-binary"));
        int last = 0;
        int count = 0;
        for (int at = 0; at < whole.length; at += 2 + ((whole[at] & 0xFF) << 8 | whole[at + 1] & 0xFF)) {
            last = at;
            count++;
        }
        final Path cut = Files.write(dir.resolve("cut.itch"), Arrays.copyOf(whole, whole.length - 1));
        final int length = (whole[last] & 0xFF) << 8 | whole[last + 1] & 0xFF;
        final String fault = cut + ": offset " + last + " (packet " + count + "): the file ends inside message " + count
                + ": its length field says " + length + " bytes, " + (length - 1) + " follow";
        final CommandRun run = CommandRun.of("replay", "--pipeline", "ohlcv", cut.toString());
        run.assertBadInput(fault);
        assertTrue(run.outLines().size() > 1, run::describe);
        final CommandRun skipped = CommandRun.of("replay", "--pipeline", "ohlcv", "--skip-bad", cut.toString());
        assertEquals(0, skipped.exitCode(), skipped::describe);
        assertTrue(skipped.errLines().contains("weir: warning: " + fault + " (the rest of the file is skipped)"), skipped::describe);
        assertTrue(skipped.out().startsWith(run.out()), skipped::describe);
    }

    private static String plain() {
        return CommandRun.of("replay", "--pipeline", "ohlcv", sample().toString()).out();
    }

    @Test
    void aCorruptGzipStreamIsOneLineWithTheUncompressedOffset() throws IOException {
        final byte[] gzipped = Files.readAllBytes(gzip(sample(), "whole.pcap.gz"));
        final Path cut = Files.write(dir.resolve("cut.pcap.gz"), Arrays.copyOf(gzipped, gzipped.length - 4));
        final CommandRun run = CommandRun.of("replay", "--pipeline", "ohlcv", cut.toString());
        assertEquals(ExitCodes.BAD_INPUT, run.exitCode(), run::describe);
        assertEquals(List.of("weir: " + cut + ": offset " + Files.size(sample()) + " (packet 7783): corrupt gzip stream: it ends before"
                + " its last member does (the file is cut short) (offsets of a gzip capture count its uncompressed bytes)"), run.errLines());
        assertTrue(run.outLines().size() > 100 && plain().startsWith(run.out()), "the bars printed before the fault are kept");
    }

    @Test
    void nasdaqBinaryTakesNoPacketOptionsAndIsForItchOnly() {
        final Path out = dir.resolve("x.itch");
        for (final String[] args : List.of(new String[] {"generate", "itch", "--out", out.toString(), "--format", "nasdaq-binary", "--gaps",
                "2"}, new String[] {"generate", "statsd", "--out", out.toString(), "--format", "nasdaq-binary"})) {
            final CommandRun run = CommandRun.of(args);
            assertEquals(ExitCodes.BAD_INPUT, run.exitCode(), run::describe);
            assertTrue(run.errLines().get(0).startsWith("weir: --format nasdaq-binary: "), run::describe);
            assertFalse(Files.exists(out), run::describe);
        }
    }
}
