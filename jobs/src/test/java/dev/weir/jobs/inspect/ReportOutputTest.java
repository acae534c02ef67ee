package dev.weir.jobs.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.codec.payload.JsonText;
import dev.weir.pipelines.generate.CaptureEncoding;
import dev.weir.pipelines.generate.CaptureWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report as text and as JSON, exactly, for a small StatsD capture whose every number follows from how it was
 * built: three datagrams (frames of 42 header bytes plus the payload), nine good lines and one bad, the third
 * datagram 5 ms behind the second.
 */
class ReportOutputTest {
    /** 2026-11-30T09:30:00Z in ns. */
    private static final long NINE_THIRTY = (1_795_996_800L + 34_200) * 1_000_000_000L;

    @TempDir
    Path dir;

    static Path smallStatsdCapture(final Path file) {
        try (CaptureWriter writer = CaptureWriter.create(file, CaptureEncoding.PCAP_MICROSECONDS)) {
            send(writer, 0, 9, "a:1|c\nb:2|g\n");
            send(writer, 10, 9, "c:3|ms\ne:1|c\nf:2|c\n");
            send(writer, 5, 7, "d:4|c\ng:5|h\nh:6|d\ni:7|c\nbad\n");
        }
        return file;
    }

    private static void send(final CaptureWriter writer, final long millis, final int host, final String lines) {
        final byte[] bytes = lines.getBytes(StandardCharsets.US_ASCII);
        writer.datagram(NINE_THIRTY + millis * 1_000_000, 10 << 24 | host, 51_000, 10 << 24 | 1, 8125, new UnsafeBuffer(bytes), 0, bytes.length);
    }

    private static final String TRAFFIC = ""
            + "  packets     3 (185 bytes captured, 185 on the wire)\n"
            + "  udp         3 datagrams, 3 decoded; skipped: 0 fragments, 0 not UDP, 0 malformed, 0 unsupported link\n"
            + "  time        2026-11-30T09:30:00Z to 2026-11-30T09:30:00.010Z (0.010000000 s)\n"
            + "  rate        300.0 packets/s, 900.0 messages/s\n"
            + "  flows       2, by datagrams:\n"
            + "    10.0.0.9:51000 -> 10.0.0.1:8125  2 datagrams, 31 payload bytes\n"
            + "    10.0.0.7:51000 -> 10.0.0.1:8125  1 datagram, 28 payload bytes\n"
            + "  messages    9 (1 skipped)\n"
            + "    c   counter                          5\n"
            + "    g   gauge                            1\n"
            + "    ms  timer                            1\n"
            + "    h   histogram                        1\n"
            + "    d   distribution                     1\n"
            + "    skipped: 1 missing ':' after the name\n";

    @Test
    void textShowsEachFileThenTheTotal() {
        final Path file = smallStatsdCapture(dir.resolve("statsd.pcap"));
        final InspectionReport report = new CaptureInspector(InspectOptions.defaults()).inspect(List.of(file));
        assertEquals("file " + file + "\n"
                + "  format      pcap, microseconds, little-endian, version 2.4\n"
                + "  link type   EN10MB (Ethernet), snapshot length 262144\n"
                + TRAFFIC
                + "\n"
                + "total of 1 file\n"
                + "  payloads    StatsD, guessed: all 3 sampled payloads are printable text and 9 of their 10 lines have the StatsD"
                + " form name:value|type\n"
                + TRAFFIC
                + "  lateness    4 of 9 events behind an earlier event's time (capture times, ms)\n"
                + "              p50 0 ms, p99 5 ms, p99.9 5 ms, max 5 ms\n"
                + "  suggestion  --out-of-orderness 10ms (job: maxOutOfOrderness: 10)\n"
                + "              the p99.9 lateness rounded up to 10 ms: a high percentile, not the mean; 0 events lag by more and"
                + " would be late\n", ReportText.of(report));
    }

    @Test
    void jsonIsOneObjectWithTheSameContent() {
        final Path file = smallStatsdCapture(dir.resolve("statsd.pcap"));
        final InspectionReport report = new CaptureInspector(InspectOptions.defaults().withPort(8125)).inspect(List.of(file));
        final String traffic = "{\"packets\":3,\"capturedBytes\":185,\"wireBytes\":185,\"datagrams\":3,\"decodedDatagrams\":3,\"fragments\":0,"
                + "\"notUdp\":0,\"malformed\":0,\"unsupportedLink\":0,\"cutBySnapLength\":0,\"untimedPackets\":0,"
                + "\"earliest\":\"2026-11-30T09:30:00Z\",\"latest\":\"2026-11-30T09:30:00.010Z\","
                + "\"earliestNanos\":" + NINE_THIRTY + ",\"latestNanos\":" + (NINE_THIRTY + 10_000_000) + ",\"durationNanos\":10000000,"
                + "\"packetsPerSecond\":300.0,\"messagesPerSecond\":900.0,"
                + "\"flows\":[{\"source\":\"10.0.0.9:51000\",\"destination\":\"10.0.0.1:8125\",\"packets\":2,\"payloadBytes\":31},"
                + "{\"source\":\"10.0.0.7:51000\",\"destination\":\"10.0.0.1:8125\",\"packets\":1,\"payloadBytes\":28}],"
                + "\"otherFlows\":0,\"otherFlowPackets\":0,"
                + "\"messages\":{\"total\":9,\"byType\":[{\"code\":\"c\",\"name\":\"counter\",\"count\":5},{\"code\":\"g\",\"name\":\"gauge\",\"count\":1},"
                + "{\"code\":\"ms\",\"name\":\"timer\",\"count\":1},{\"code\":\"h\",\"name\":\"histogram\",\"count\":1},"
                + "{\"code\":\"d\",\"name\":\"distribution\",\"count\":1}],\"skipped\":1,"
                + "\"skippedBy\":[{\"code\":\"missing-colon\",\"name\":\"missing ':' after the name\",\"count\":1}]}}";
        assertEquals("{\"files\":[{\"file\":\"" + file + "\",\"format\":\"pcap\",\"compressed\":false,\"sections\":[{\"byteOrder\":\"little-endian\",\"version\":\"2.4\","
                + "\"interfaces\":[{\"linkType\":1,\"linkTypeName\":\"EN10MB (Ethernet)\",\"snapLength\":262144,\"resolution\":\"microseconds\","
                + "\"name\":\"\"}]}],\"truncatedAt\":-1,\"traffic\":" + traffic + "}],"
                + "\"total\":" + traffic + ",\"port\":8125,"
                + "\"payloads\":{\"decoder\":\"statsd\",\"chosen\":false,\"reason\":\"all 3 sampled payloads are printable text and 9 of their 10"
                + " lines have the StatsD form name:value|type\"},\"mold\":null,"
                + "\"lateness\":{\"events\":9,\"behind\":4,\"p50Millis\":0,\"p99Millis\":5,\"p999Millis\":5,\"maxMillis\":5,"
                + "\"suggestedOutOfOrdernessMillis\":10,\"laterThanSuggested\":0}}", ReportJson.of(report));
    }

    @Test
    void jsonTextEscapesQuotesBackslashesAndControlCharacters() {
        final JsonText json = new JsonText().beginObject(null).field("a\"b", "c\\d\ne\u0001").beginArray("list").field(null, 1L)
                .field(null, Double.NaN).field(null, true).nullField(null).beginObject(null).endObject().endArray().endObject();
        assertEquals("{\"a\\\"b\":\"c\\\\d\\u000ae\\u0001\",\"list\":[1,null,true,null,{}]}", json.toString());
    }
}
