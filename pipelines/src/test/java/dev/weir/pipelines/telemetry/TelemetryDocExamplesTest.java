package dev.weir.pipelines.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.pipelines.replay.ReplayContext;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The example of docs/telemetry.md, end to end: its capture (written here) decoded by each pipeline's own decoder
 * and run through the pipeline, with the rows and warnings the page shows. Every pool holds 64 samples, so the
 * pipelines run on refilled samples as in a replay.
 */
class TelemetryDocExamplesTest {
    private static final long T = 1_700_000_000_000L;

    @TempDir
    Path dir;

    private Path capture;
    private final List<String> warnings = new ArrayList<>();
    private final ReplayContext context = new ReplayContext(warnings::add, 64);

    @BeforeEach
    void writeTheExampleCapture() {
        capture = new CaptureFixture()
                .datagram("10.0.0.7", (T + 1_250) * 1_000, "api.hits:3|c|@0.5\ndb.query:12|ms\ndb.query:40|ms\n")
                .datagram("fe80::1", (T + 2_000) * 1_000, "payload:512|h\npayload:2048|h\nqueue.depth:17|g\n")
                .datagram("10.0.0.7", (T + 4_000) * 1_000, "db.query:25|ms|#db:main\napi.hits:1|c\n")
                .datagram("10.0.0.7", (T + 9_999) * 1_000, "db.query:7|ms\nbad line\n")
                .datagram("10.0.0.7", (T + 12_000) * 1_000, "db.query:100|ms\napi.hits:2|c|@0.1\n")
                .datagram("fe80::1", (T + 45_000) * 1_000, "payload:1024|h\n")
                .datagram("10.0.0.7", (T + 50_000) * 1_000, "api.hits:1|c\n")
                .write(dir.resolve("example.pcap"));
    }

    @Test
    void statsdPercentiles() {
        assertEquals(List.of("host,metric,window_start,count,p50,p99,max",
                "10.0.0.7,db.query,1700000000000,4,12,40,40",
                "fe80::1,payload,1700000000000,2,512,2048,2048",
                "10.0.0.7,db.query,1700000010000,1,100,100,100",
                "fe80::1,payload,1700000040000,1,1024,1024,1024"), JobRun.csv(new StatsdPercentilesJob(), capture, context));
        assertEquals(List.of("example.pcap: packet 4, payload byte 14: missing ':' after the name"), warnings);
    }

    @Test
    void statsdCounters() {
        assertEquals(List.of("host,metric,window_start,sum",
                "10.0.0.7,api.hits,1700000000000,7",
                "10.0.0.7,api.hits,1700000010000,20",
                "10.0.0.7,api.hits,1700000050000,1"), JobRun.csv(new StatsdCountersJob(), capture, context));
    }

    @Test
    void silentHosts() {
        assertEquals(List.of("event,host,last_seen,at",
                "silent,fe80::1,1700000002000,1700000032000",
                "silent,10.0.0.7,1700000012000,1700000042000",
                "resumed,fe80::1,1700000002000,1700000045000",
                "resumed,10.0.0.7,1700000012000,1700000050000"), JobRun.csv(new SilentHostsJob(), capture, context));
    }
}
