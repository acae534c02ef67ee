package dev.weir.pipelines.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import dev.weir.codec.statsd.MetricType;
import dev.weir.pipelines.replay.DecodedEvents;
import dev.weir.pipelines.replay.Payload;
import dev.weir.pipelines.replay.ReplayContext;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Once every host and series has been seen, decoding datagrams (packet sample, metric samples from the pool,
 * interned keys, malformed lines counted past the first ten) allocates nothing per line; measured with the
 * thread's allocated-bytes counter over repeated passes through one capture.
 */
@Tag("allocation")
class StatsdDecoderAllocationTest {
    private static final int DATAGRAMS = 1_000;
    private static final int LINES_PER_DATAGRAM = 6;
    private static final int PASSES = 20;

    @TempDir
    Path dir;

    /** Reads what a pipeline would read of each sample, so that nothing is optimised away. */
    private static final class Reading implements DecodedEvents<MetricSample> {
        private long packets;
        private long metrics;
        private double counted;
        private long hashes;

        @Override
        public void emit(final MetricSample sample, final long eventTimeMillis) {
            if (sample.isPacket()) {
                packets++;
                hashes += sample.host().hashCode();
            } else {
                metrics++;
                counted += sample.type() == MetricType.COUNTER ? sample.scaledCount() : 0;
                hashes += sample.series().hashCode() + eventTimeMillis;
            }
        }
    }

    @Test
    void steadyStateDecodingAllocatesNothingPerLine() {
        final CaptureFixture capture = new CaptureFixture();
        final Set<String> series = new HashSet<>();
        for (int i = 0; i < DATAGRAMS; i++) {
            final String host = i % 3 == 0 ? "fe80::" + (i % 7) : "10.0.0." + (i % 5);
            capture.datagram(host, 1_700_000_000_000_000L + 1_000L * i, "api.hits:1|c|@0.5|#env:prod\n"
                    + "db.query:" + (i % 100) + "|ms|#db:main\n"
                    + "queue.depth:+3|g\n"
                    + "users:u" + (i % 10) + "|s\n"
                    + "bad line\n"
                    + "metric." + (i % 40) + ":2|c\n");
            for (final String name : List.of("api.hits", "db.query", "queue.depth", "users", "metric." + (i % 40))) {
                series.add(host + " " + name);
            }
        }
        final StringBuilder warned = new StringBuilder();
        final StatsdDecoder decoder = new StatsdDecoder(new ReplayContext(warned::append, 1024));
        final Reading reading = new Reading();
        final Consumer<Payload> decode = datagram -> decoder.decode(datagram, reading);
        try (CaptureFixture.Reader reader = new CaptureFixture.Reader(capture.write(dir.resolve("load.pcap")))) {
            for (int i = 0; i < PASSES; i++) {
                reader.pass(decode);
            }
            final ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
            final long thread = Thread.currentThread().getId();
            threads.getThreadAllocatedBytes(thread);
            final long before = threads.getThreadAllocatedBytes(thread);
            for (int i = 0; i < PASSES; i++) {
                reader.pass(decode);
            }
            final long allocated = threads.getThreadAllocatedBytes(thread) - before;
            final long lines = (long) DATAGRAMS * LINES_PER_DATAGRAM * PASSES;
            // one object per line would be megabytes; the JIT may still allocate a few hundred bytes once
            assertTrue(allocated < lines / 10, "allocated " + allocated + " bytes for " + lines + " lines");
        }
        final long passes = 2L * PASSES;
        assertEquals(passes * DATAGRAMS, reading.packets);
        assertEquals(passes * DATAGRAMS * 5, reading.metrics);
        assertEquals(passes * DATAGRAMS * 5, decoder.counts().get("lines") - decoder.counts().get("malformed lines"));
        assertEquals(passes * DATAGRAMS, decoder.counts().get("malformed lines"));
        assertEquals(series.size(), decoder.counts().get("series"));
        assertEquals(12L, decoder.counts().get("hosts"));
        assertEquals(passes * DATAGRAMS * (1 / 0.5 + 2), reading.counted, "the counters of every datagram, scaled by their rates");
        assertTrue(reading.hashes != 0);
    }
}
