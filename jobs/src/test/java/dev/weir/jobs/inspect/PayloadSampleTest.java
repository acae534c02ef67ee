package dev.weir.jobs.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.codec.itch.ItchMessageType;
import dev.weir.codec.payload.MoldSummary;
import dev.weir.codec.payload.PayloadGuess;
import dev.weir.codec.payload.PayloadSample;
import dev.weir.pipelines.generate.ItchMessageWriter;
import dev.weir.pipelines.generate.MoldUdp64Framer;
import dev.weir.pipelines.replay.CaptureProtocols;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Guessing the payload format from samples: MoldUDP64/ITCH, StatsD and neither, each at and around the 90% line,
 * with the implausible cases (a binary session field, messages of no ITCH type, printable text that is not StatsD),
 * and only the first payloads counting; and {@code --decoder} overriding the guess while reporting it.
 */
class PayloadSampleTest {
    private final ItchMessageWriter itch = new ItchMessageWriter();

    @TempDir
    Path dir;

    private void addMold(final PayloadSample sample, final String session, final ItchMessageType... types) {
        final MoldUdp64Framer framer = new MoldUdp64Framer(session, 1, 1_400);
        for (final ItchMessageType type : types) {
            itch.headerOnly(framer.buffer(), framer.add(type.length()), type, 1, 0, 1_000);
        }
        sample.add(framer.buffer(), 0, framer.length());
    }

    private static void addText(final PayloadSample sample, final String text) {
        final byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
        // at an offset, as in a capture's mapping
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[bytes.length + 7]);
        buffer.putBytes(7, bytes);
        sample.add(buffer, 7, bytes.length);
    }

    private static void addBinary(final PayloadSample sample, final int seed) {
        final byte[] bytes = new byte[64];
        new Random(seed).nextBytes(bytes);
        bytes[0] = 0;
        sample.add(new UnsafeBuffer(bytes), 0, bytes.length);
    }

    @Test
    void moldUdp64WithItchMessagesIsItchDownToNinetyPercent() {
        final PayloadSample ninety = new PayloadSample(CaptureProtocols.all());
        for (int i = 0; i < 9; i++) {
            addMold(ninety, "NASDAQ0001", ItchMessageType.ADD_ORDER, ItchMessageType.ORDER_DELETE);
        }
        addBinary(ninety, 1);
        assertEquals("itch", ninety.guess().decoder());
        assertEquals("9 of 10 sampled payloads parse as MoldUDP64 (first session 'NASDAQ0001') and 18 of their 18 messages have an"
                + " ITCH 5.0 type and its length", ninety.guess().reason());

        final PayloadSample eighty = new PayloadSample(CaptureProtocols.all());
        for (int i = 0; i < 8; i++) {
            addMold(eighty, "NASDAQ0001", ItchMessageType.ADD_ORDER);
        }
        addBinary(eighty, 1);
        addBinary(eighty, 2);
        assertEquals("unknown", eighty.guess().decoder());
        assertTrue(eighty.guess().reason().startsWith("of 10 sampled payloads 8 parse as MoldUDP64"), eighty.guess().reason());
    }

    @Test
    void implausibleMoldUdp64IsNotItch() {
        final PayloadSample binarySession = new PayloadSample(CaptureProtocols.all());
        addMold(binarySession, "\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008\u000e\u000f", ItchMessageType.ADD_ORDER);
        assertEquals("unknown", binarySession.guess().decoder());

        final PayloadSample noItchTypes = new PayloadSample(CaptureProtocols.all());
        final MoldUdp64Framer framer = new MoldUdp64Framer("NASDAQ0001", 1, 1_400);
        for (final char type : new char[] {'Z', 'a', 'A'}) {
            final int at = framer.add(36 + (type == 'A' ? 1 : 0)); // 'A' one byte too long
            framer.buffer().putByte(at, (byte) type);
        }
        noItchTypes.add(framer.buffer(), 0, framer.length());
        assertEquals("unknown", noItchTypes.guess().decoder());
        assertTrue(noItchTypes.guess().reason().contains("(0 of 3 messages ITCH 5.0)"), noItchTypes.guess().reason());

        final PayloadSample heartbeatsOnly = new PayloadSample(CaptureProtocols.all());
        addMold(heartbeatsOnly, "NASDAQ0001");
        assertEquals("unknown", heartbeatsOnly.guess().decoder());
    }

    @Test
    void printableStatsdLinesAreStatsdDownToNinetyPercentOfLines() {
        final PayloadSample ninety = new PayloadSample(CaptureProtocols.all());
        addText(ninety, "a:1|c\nb:2|g\nc:3|ms\nd:4|h\ne:5|d\n");
        addText(ninety, "f:x|s\r\ng:1|c|@0.1\nh:1|c|#k:v\ni:2|g\nnot statsd\n");
        assertEquals("statsd", ninety.guess().decoder());
        assertEquals("all 2 sampled payloads are printable text and 9 of their 10 lines have the StatsD form name:value|type",
                ninety.guess().reason());

        final PayloadSample eighty = new PayloadSample(CaptureProtocols.all());
        addText(eighty, "a:1|c\nb:2|g\nc:3|ms\nd:4|h\nhello\n");
        addText(eighty, "f:x|s\ng:1|c|@0.1\nh:1|c|#k:v\ni:2|g\nworld\n");
        assertEquals("unknown", eighty.guess().decoder());

        final PayloadSample prose = new PayloadSample(CaptureProtocols.all());
        addText(prose, "GET / HTTP/1.1\r\nHost: example\r\n\r\n");
        assertEquals("unknown", prose.guess().decoder());

        final PayloadSample oneBinary = new PayloadSample(CaptureProtocols.all());
        for (int i = 0; i < 20; i++) {
            addText(oneBinary, "a:1|c\n");
        }
        addBinary(oneBinary, 3);
        assertEquals("unknown", oneBinary.guess().decoder(), "every StatsD payload must be text");
    }

    @Test
    void onlyTheFirstNonEmptyPayloadsCount() {
        final PayloadSample sample = new PayloadSample(CaptureProtocols.all());
        assertEquals("no non-empty UDP payload to look at", sample.guess().reason());
        for (int i = 0; i < 10; i++) {
            sample.add(new UnsafeBuffer(new byte[0]), 0, 0);
        }
        assertEquals("unknown", sample.guess().decoder());
        for (int i = 0; i < PayloadSample.SIZE; i++) {
            addText(sample, "requests:" + i + "|c\n");
        }
        assertTrue(sample.full());
        for (int i = 0; i < 1_000; i++) {
            addBinary(sample, i);
        }
        assertEquals("statsd", sample.guess().decoder());
        assertTrue(sample.guess().reason().startsWith("all " + PayloadSample.SIZE + " sampled payloads"), sample.guess().reason());
    }

    @Test
    void theDecoderOptionOverridesTheGuessAndSaysWhatThePayloadsSuggest() {
        final PayloadSample sample = new PayloadSample(CaptureProtocols.all());
        addText(sample, "a:1|c\n");
        final PayloadGuess chosen = sample.chosen(CaptureProtocols.named("itch"));
        assertEquals("itch", chosen.decoder());
        assertTrue(chosen.chosen());
        assertEquals("chosen by --decoder itch; the payloads suggest StatsD: all 1 sampled payloads are printable text and 1 of their"
                + " 1 lines have the StatsD form name:value|type", chosen.reason());
    }

    @Test
    void aChosenDecoderDecodesWhatTheGuessWouldNot() {
        final Path file = dir.resolve("mixed.pcap");
        try (ItchFeed feed = new ItchFeed(file, "SESSION001")) {
            for (int i = 0; i < 5; i++) {
                feed.message(ItchMessageType.ADD_ORDER, 1_000_000L * i).send();
                feed.junk("plain words, not a metric");
            }
        }
        final InspectionReport guessed = new CaptureInspector(InspectOptions.defaults()).inspect(List.of(file));
        assertEquals("unknown", guessed.payloads().decoder());
        assertEquals(List.of(), guessed.total().messages().byType());
        final InspectionReport chosen = new CaptureInspector(InspectOptions.defaults().withDecoder(CaptureProtocols.named("itch"))).inspect(List.of(file));
        assertEquals("itch", chosen.payloads().decoder());
        assertEquals(5, chosen.total().messages().total());
        assertEquals(5, ((MoldSummary) chosen.section()).malformedPayloads());
        final InspectionReport statsd = new CaptureInspector(InspectOptions.defaults().withDecoder(CaptureProtocols.named("statsd"))).inspect(List.of(file));
        assertEquals(0, statsd.total().messages().total());
        // the five text lines have no ':'; the binary MoldUDP64 payloads add bad lines of their own
        assertTrue(statsd.total().messages().faultTotal() >= 5, "bad lines: " + statsd.total().messages().faultTotal());
    }
}
