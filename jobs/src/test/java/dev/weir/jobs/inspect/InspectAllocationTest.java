package dev.weir.jobs.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import dev.weir.codec.itch.ItchMessageType;
import dev.weir.pipelines.generate.CaptureEncoding;
import dev.weir.pipelines.generate.CaptureWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Inspecting allocates nothing per packet once warm: a capture ten times longer costs no more allocation than a
 * short one, for ITCH and for StatsD payloads (measured with the thread's allocated-bytes counter; the events are
 * in order, so no lateness value is kept).
 */
@Tag("allocation")
class InspectAllocationTest {
    private static final int SHORT = 2_000;
    private static final int LONG = 20_000;

    @TempDir
    Path dir;

    private static long allocatedBytes(final Path file, final long expectedMessages) {
        final ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        final long threadId = Thread.currentThread().getId();
        final long before = threads.getThreadAllocatedBytes(threadId);
        final InspectionReport report = new CaptureInspector(InspectOptions.defaults()).inspect(List.of(file));
        final long allocated = threads.getThreadAllocatedBytes(threadId) - before;
        assertEquals(expectedMessages, report.total().messages().total());
        return allocated;
    }

    private void assertNoAllocationPerPacket(final Path small, final Path large, final long messagesPerPacket) {
        for (int warmUp = 0; warmUp < 5; warmUp++) {
            allocatedBytes(large, LONG * messagesPerPacket);
        }
        final long shortBytes = allocatedBytes(small, SHORT * messagesPerPacket);
        final long longBytes = allocatedBytes(large, LONG * messagesPerPacket);
        assertTrue(longBytes - shortBytes < LONG - SHORT, "allocated " + shortBytes + " bytes for " + SHORT + " packets, " + longBytes
                + " for " + LONG);
    }

    private Path itch(final String name, final int packets) {
        final Path file = dir.resolve(name);
        try (ItchFeed feed = new ItchFeed(file, "SESSION001")) {
            for (int i = 0; i < packets; i++) {
                feed.message(ItchMessageType.ADD_ORDER, 1_000_000L * i).message(ItchMessageType.ORDER_EXECUTED, 1_000_000L * i + 1).send();
            }
        }
        return file;
    }

    private Path statsd(final String name, final int packets) {
        final Path file = dir.resolve(name);
        final UnsafeBuffer payload = new UnsafeBuffer("api.requests:1|c\ndb.query:12.5|ms|#shard:3\n".getBytes(StandardCharsets.US_ASCII));
        try (CaptureWriter writer = CaptureWriter.create(file, CaptureEncoding.PCAP_NANOSECONDS)) {
            for (int i = 0; i < packets; i++) {
                writer.datagram(1_000_000L * (i + 1), 1, 2, 3 + i % 3, 8125, payload, 0, payload.capacity());
            }
        }
        return file;
    }

    @Test
    void itchPacketsAllocateNothing() {
        assertNoAllocationPerPacket(itch("short.pcap", SHORT), itch("long.pcap", LONG), 2);
    }

    @Test
    void statsdPacketsAllocateNothing() {
        assertNoAllocationPerPacket(statsd("short.pcap", SHORT), statsd("long.pcap", LONG), 2);
    }
}
