package dev.weir.pipelines.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.clock.SystemNanoClock;
import dev.weir.codec.capture.CaptureFile;
import dev.weir.codec.capture.CaptureFormat;
import dev.weir.codec.capture.CaptureFormatException;
import dev.weir.codec.capture.DatagramFilter;
import dev.weir.pipelines.generate.CaptureEncoding;
import dev.weir.pipelines.generate.CaptureWriter;
import dev.weir.pipelines.generate.ItchMessageFileWriter;
import dev.weir.pipelines.generate.ItchTrafficGenerator;
import dev.weir.pipelines.generate.ItchTrafficOptions;
import dev.weir.runtime.PipelineExecutionException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files of length-prefixed ITCH messages (NASDAQ's sample format), plain and gzipped, replay through the ITCH
 * pipelines to the very rows of a pcap of the same generated session: the messages and their timestamps are the same,
 * only the packets around them are gone. A file cut inside a message stops the replay with its offset, or with
 * skip-bad is a warning after the rows of the messages before it; a pipeline of another payload refuses the file.
 */
class ItchMessageFilesTest {
    private static final ItchTrafficOptions SESSION = new ItchTrafficOptions(6, 20_000, 2_000, 0, 7, 0, ItchTrafficOptions.DEFAULT_PORT,
            ItchTrafficOptions.DEFAULT_DESTINATION);

    @TempDir
    Path temp;

    private Path pcap() {
        final Path file = temp.resolve("session.pcap");
        try (CaptureWriter writer = CaptureWriter.create(file, CaptureEncoding.PCAP_NANOSECONDS)) {
            new ItchTrafficGenerator(SESSION).generate(writer);
        }
        return file;
    }

    private Path messages(final String name) {
        final Path file = temp.resolve(name);
        try (ItchMessageFileWriter writer = ItchMessageFileWriter.create(file)) {
            new ItchTrafficGenerator(SESSION).generate(writer);
        }
        return file;
    }

    private static List<String> replay(final String pipeline, final ReplayOptions options, final List<String> warnings) throws Exception {
        final List<String> lines = new ArrayList<>();
        new ReplayRun<>(ReplayJobs.named(pipeline), options, lines::add, warnings::add, SystemNanoClock.INSTANCE).execute(OutputFormat.CSV);
        return lines;
    }

    @Test
    void ohlcvAndVwapOfAMessageFileEqualThoseOfAPcapOfTheSameSession() throws Exception {
        final Path pcap = pcap();
        final Path plain = messages("session.itch");
        final Path gzipped = messages("session.itch.gz");
        try (CaptureFile file = CaptureFile.open(gzipped)) {
            assertEquals(CaptureFormat.ITCH_MESSAGES, file.format());
            assertTrue(file.compressed());
        }
        assertTrue(Files.size(gzipped) < Files.size(plain) / 2, "the .gz file is gzip-compressed");
        for (final String pipeline : List.of("ohlcv", "vwap")) {
            final List<String> fromPcap = replay(pipeline, ReplayOptions.of(List.of(pcap)), new ArrayList<>());
            assertTrue(fromPcap.size() > 20, pipeline + " gives rows: " + fromPcap.size());
            final List<String> warnings = new ArrayList<>();
            assertEquals(fromPcap, replay(pipeline, ReplayOptions.of(List.of(plain)), warnings), pipeline + " of the plain file");
            assertEquals(fromPcap, replay(pipeline, ReplayOptions.of(List.of(gzipped)), warnings), pipeline + " of the gzip file");
            assertEquals(List.of(), warnings);
        }
    }

    @Test
    void theSummaryCountsMessagesAndNoSequenceGaps() throws Exception {
        final List<String> lines = new ArrayList<>();
        final ReplaySummary summary = new ReplayRun<>(ReplayJobs.named("ohlcv"), ReplayOptions.of(List.of(messages("s.itch"))), lines::add,
                warning -> { }, SystemNanoClock.INSTANCE).execute(OutputFormat.CSV);
        assertEquals(0, summary.read().packets());
        assertEquals(20_000, summary.read().itchMessages());
        assertEquals(20_000L, summary.decoded().get("messages"));
        assertEquals(0L, summary.decoded().get("sequence gaps"));
        assertEquals("weir replay: ohlcv: 20,000 length-prefixed ITCH messages replayed (no packets)", summary.lines().get(0));
    }

    @Test
    void aFileCutInsideAMessageStopsWithItsOffsetOrWithSkipBadKeepsTheRowsBeforeIt() throws Exception {
        final byte[] whole = Files.readAllBytes(messages("whole.itch"));
        // the last message starts where a walk of the length fields says
        int last = 0;
        int count = 0;
        for (int at = 0; at < whole.length; at += 2 + ((whole[at] & 0xFF) << 8 | whole[at + 1] & 0xFF)) {
            last = at;
            count++;
        }
        final Path cut = Files.write(temp.resolve("cut.itch"), Arrays.copyOf(whole, whole.length - 3));
        final int length = (whole[last] & 0xFF) << 8 | whole[last + 1] & 0xFF;
        final String fault = cut + ": offset " + last + " (packet " + count + "): the file ends inside message " + count
                + ": its length field says " + length + " bytes, " + (length - 3) + " follow";
        final List<String> printed = new ArrayList<>();
        final PipelineExecutionException failed = assertThrows(PipelineExecutionException.class,
                () -> new ReplayRun<>(ReplayJobs.named("ohlcv"), ReplayOptions.of(List.of(cut)), printed::add, warning -> { },
                        SystemNanoClock.INSTANCE).execute(OutputFormat.CSV));
        assertEquals(fault, assertInstanceOf(CaptureFormatException.class, failed.getCause()).getMessage());
        final List<String> warnings = new ArrayList<>();
        final List<String> skipped = replay("ohlcv", ReplayOptions.of(List.of(cut)).withSkipBad(true), warnings);
        assertEquals(List.of(fault + " (the rest of the file is skipped)"), warnings);
        assertTrue(printed.size() > 1 && skipped.containsAll(printed), "the rows printed before the fault are there with skip-bad");
    }

    @Test
    void aPipelineOfAnotherPayloadOrAPortFilterRefusesAMessageFile() throws Exception {
        final Path file = messages("m.itch");
        final PipelineExecutionException statsd = assertThrows(PipelineExecutionException.class,
                () -> replay("statsd-counters", ReplayOptions.of(List.of(file)), new ArrayList<>()));
        assertEquals(file + ": offset 0 (packet 1): the file holds length-prefixed ITCH 5.0 messages, not packets; this pipeline"
                + " decodes UDP datagrams of a pcap or pcapng capture (ITCH message files replay with the ITCH pipelines, ohlcv and vwap,"
                + " or --decoder itch)", statsd.getCause().getMessage());
        final PipelineExecutionException port = assertThrows(PipelineExecutionException.class, () -> replay("ohlcv",
                ReplayOptions.of(List.of(file)).withFilter(DatagramFilter.any().destinationPort(26_400)), new ArrayList<>()));
        assertEquals(file + ": offset 0 (packet 1): the file holds length-prefixed ITCH 5.0 messages, not packets: --port and"
                + " --address select UDP datagrams, and it has none", port.getCause().getMessage());
    }
}
